import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { displayMinutes } from '@redaktion/shared/time';
import { useServices } from '../../services/context';
import { Loading, Picture } from '../../components/cards';
import { formatDate, LOCALE_TAGS, useI18n } from '../../i18n';
import { downloadsText } from '../../i18n/downloads';
import { autoDownloadStatus } from '../../offline/auto-download';
import { deleteDownload, formatBytes } from '../../offline/downloads';
import { useDeviceQuery } from '../../offline/live';
import { toast } from '../../state/toasts';

interface Storage { used: number; available: number; persisted: boolean }

/** What the browser says about this site's storage, and whether it promised to keep it: read again as `changed` changes. */
function useStorage(changed: unknown): [Storage | null, () => void] {
  const [storage, setStorage] = useState<Storage | null>(null);
  const read = useCallback(() => {
    if (!navigator.storage?.estimate) return;
    void Promise.all([navigator.storage.estimate(), navigator.storage.persisted?.() ?? Promise.resolve(false)]).then(([estimate, persisted]) =>
      setStorage({ used: estimate.usage ?? 0, available: estimate.quota ?? 0, persisted }));
  }, []);
  useEffect(read, [read, changed]);
  return [storage, read];
}

/**
 * The episodes kept on this device (contract.md §7), newest first, each with its size and whether auto-download
 * fetched it; above them the device's storage, the way to ask the browser to keep it, and auto-download's last word
 * when it stopped for want of room.
 */
export function LibraryDownloads() {
  const { t, locale } = useI18n();
  const text = downloadsText(locale);
  const services = useServices();
  const downloads = useDeviceQuery((db) => db.downloads.orderBy('savedAt').reverse().toArray(), []);
  const autoStatus = useDeviceQuery(autoDownloadStatus, []);
  const [storage, refreshStorage] = useStorage(downloads?.length);
  const tag = LOCALE_TAGS[locale];

  async function persist() {
    const granted = await navigator.storage?.persist?.().catch(() => false);
    toast(granted ? text.persisted : text.persistDenied);
    refreshStorage();
  }

  const total = downloads?.reduce((sum, item) => sum + item.size, 0) ?? 0;
  return (
    <>
      <div className="account-card storage-card">
        <p>{storage ? text.storage(formatBytes(storage.used, tag), formatBytes(storage.available, tag)) : text.storageUnknown}</p>
        {downloads && downloads.length > 0 && <p className="muted">{text.total(downloads.length, formatBytes(total, tag))}</p>}
        {autoStatus?.short && (
          <p>
            {text.short(autoStatus.available === null ? null : formatBytes(autoStatus.available, tag))}{' '}
            <Link to="/dashboard/settings">{text.shortAction}</Link>
          </p>
        )}
        {storage?.persisted ? <p className="muted">{text.persisted}</p> : (
          <button type="button" className="button button-ghost" onClick={() => void persist()}>{text.persist}</button>
        )}
      </div>
      {!downloads ? <Loading /> : !downloads.length ? (
        <p className="empty">{text.empty}</p>
      ) : (
        <ul className="saved-list">
          {downloads.map((episode) => (
            <li key={episode.id} className="saved-item">
              <Picture src={episode.imageUrl} alt="" width={90} height={90} className="saved-thumb saved-thumb-square" />
              <div className="saved-body">
                {episode.auto && <p className="eyebrow">{text.auto}</p>}
                <h3 className="saved-title"><Link to={`/podcast/${episode.id}`}>{episode.title}</Link></h3>
                <p className="meta">
                  {t('common.minutes', { n: displayMinutes(episode.duration) })} · {formatBytes(episode.size, tag)}
                  {' · '}{formatDate(new Date(episode.savedAt).toISOString(), locale, { dateStyle: 'medium' })}
                </p>
              </div>
              <Link to={`/podcast/${episode.id}`} className="button button-ghost" aria-label={`${t('dashboard.listenNow')}: ${episode.title}`}>
                {t('dashboard.listenNow')}
              </Link>
              <button type="button" className="button button-ghost" aria-label={t('download.remove', { title: episode.title })}
                onClick={() => void deleteDownload(services, episode.id).then(() => toast(t('download.removed')))}>
                {t('common.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { secondsToMinutes } from '@redaktion/shared/time';
import { useServices } from '../../services/context';
import { Loading, Picture } from '../../components/cards';
import { formatDate, useI18n } from '../../i18n';
import { downloadsText } from '../../i18n/downloads';
import { deleteDownload, formatBytes } from '../../offline/downloads';
import { useDeviceQuery } from '../../offline/live';
import { removeSaved } from '../../offline/saved';
import { toast } from '../../state/toasts';
import { DashboardPage } from './layout';
import { PrivateFeeds } from './PrivateFeeds';

/**
 * The device's own pages (contract.md §7): what this device keeps, signed in or not, online or not.
 * The reading list holds saved articles and profiles; the podcast page holds the downloaded episodes.
 */
export function ReadingList() {
  const { t, locale } = useI18n();
  const services = useServices();
  const items = useDeviceQuery((db) => db.saved.orderBy('savedAt').reverse().toArray(), []);
  return (
    <DashboardPage title={t('dashboard.readingList')} intro={t('dashboard.readingListText')}>
      {!items ? <Loading /> : !items.length ? (
        <p className="empty">{t('reading.empty')}</p>
      ) : (
        <ul className="saved-list">
          {items.map((item) => {
            const href = item.kind === 'article' ? `/article/${item.id}` : `/people/${item.id}`;
            return (
              <li key={item.key} className="saved-item">
                <Picture src={item.imageUrl} alt="" width={160} height={90} className="saved-thumb" />
                <div className="saved-body">
                  {item.kind === 'profile' && <p className="eyebrow">{t('reading.profile')}</p>}
                  <h2 className="saved-title"><Link to={href}>{item.title}</Link></h2>
                  <p className="muted saved-excerpt">{item.excerpt}</p>
                  <p className="meta">{item.byline} · {t('reading.savedOn', { date: formatDate(new Date(item.savedAt).toISOString(), locale, { dateStyle: 'medium' }) })}</p>
                </div>
                <button type="button" className="button button-ghost" aria-label={t('reading.remove', { title: item.title })}
                  onClick={() => void removeSaved(services, item.kind, item.id).then(() => toast(t('save.removed')))}>
                  {t('common.remove')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </DashboardPage>
  );
}

interface Storage { used: number; available: number; persisted: boolean }

/** What the browser says about this site's storage, and whether it promised to keep it. */
function useStorage(): [Storage | null, () => void] {
  const [storage, setStorage] = useState<Storage | null>(null);
  const read = () => {
    if (!navigator.storage?.estimate) return;
    void Promise.all([navigator.storage.estimate(), navigator.storage.persisted?.() ?? Promise.resolve(false)]).then(([estimate, persisted]) =>
      setStorage({ used: estimate.usage ?? 0, available: estimate.quota ?? 0, persisted }));
  };
  useEffect(read, []);
  return [storage, read];
}

export function SavedPodcasts() {
  const { t, locale } = useI18n();
  const text = downloadsText(locale);
  const services = useServices();
  const downloads = useDeviceQuery((db) => db.downloads.orderBy('savedAt').reverse().toArray(), []);
  const [storage, refreshStorage] = useStorage();
  const tag = locale === 'sv' ? 'sv-SE' : 'en-GB';

  useEffect(refreshStorage, [downloads?.length]);

  async function persist() {
    const granted = await navigator.storage?.persist?.().catch(() => false);
    toast(granted ? text.persisted : text.persistDenied);
    refreshStorage();
  }

  const total = downloads?.reduce((sum, item) => sum + item.size, 0) ?? 0;
  return (
    <DashboardPage title={t('dashboard.podcasts')} intro={t('dashboard.podcastsText')}>
      <section className="account-card storage-card" aria-label={text.persist}>
        <p>{storage ? text.storage(formatBytes(storage.used, tag), formatBytes(storage.available, tag)) : text.storageUnknown}</p>
        {downloads && downloads.length > 0 && <p className="muted">{text.total(downloads.length, formatBytes(total, tag))}</p>}
        {storage?.persisted ? <p className="muted">{text.persisted}</p> : (
          <button type="button" className="button button-ghost" onClick={() => void persist()}>{text.persist}</button>
        )}
      </section>
      <PrivateFeeds />
      {!downloads ? <Loading /> : !downloads.length ? (
        <p className="empty">{text.empty}</p>
      ) : (
        <ul className="saved-list">
          {downloads.map((episode) => (
            <li key={episode.id} className="saved-item">
              <Picture src={episode.imageUrl} alt="" width={90} height={90} className="saved-thumb saved-thumb-square" />
              <div className="saved-body">
                <h2 className="saved-title"><Link to={`/podcast/${episode.id}`}>{episode.title}</Link></h2>
                <p className="meta">
                  {t('common.minutes', { n: secondsToMinutes(episode.duration) })} · {formatBytes(episode.size, tag)}
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
    </DashboardPage>
  );
}

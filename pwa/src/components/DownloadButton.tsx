import type { Episode } from '@redaktion/shared';
import { useServices } from '../services/context';
import { useI18n } from '../i18n';
import { useDeviceQuery } from '../offline/live';
import { cancelDownload, deleteDownload, downloadEpisode, useDownloads } from '../offline/downloads';
import { toast } from '../state/toasts';

/**
 * The episode page's Save: downloads the audio to the device with its progress shown (and a Cancel), then
 * says it is saved; pressing it again deletes the download.
 */
export function DownloadButton({ episode }: { episode: Episode }) {
  const { t } = useI18n();
  const services = useServices();
  const running = useDownloads((state) => state.running[episode.id]);
  const saved = useDeviceQuery((db) => db.downloads.get(episode.id).then(Boolean), [episode.id]) ?? false;

  async function start() {
    try {
      const result = await downloadEpisode(services, episode);
      toast(result === 'done' ? t('download.done') : t('download.cancelled'));
    } catch {
      toast(t('download.failed'), navigator.onLine ? undefined : t('offline.needsNetwork'), 'destructive');
    }
  }

  if (running) {
    return (
      <div className="download-progress" role="status">
        <progress max={100} value={running.percent ?? undefined} aria-label={t('download.progress', { percent: running.percent ?? 0 })} />
        <span>{t('download.progress', { percent: running.percent ?? 0 })}</span>
        <button type="button" className="button button-ghost" onClick={() => cancelDownload(episode.id)}>{t('download.cancel')}</button>
      </div>
    );
  }
  if (saved) {
    return (
      <button type="button" className="button button-ghost save-button" aria-pressed="true" aria-label={t('download.remove', { title: episode.title })}
        onClick={() => void deleteDownload(services, episode.id).then(() => toast(t('download.removed')))}>
        <span aria-hidden="true">✓</span><span>{t('download.saved')}</span>
      </button>
    );
  }
  return (
    <button type="button" className="button button-ghost save-button" aria-pressed="false" aria-label={t('download.saveLabel', { title: episode.title })}
      onClick={() => void start()}>
      <span aria-hidden="true">↓</span><span>{t('download.save')}</span>
    </button>
  );
}

import { useI18n } from '../i18n';
import { useNetwork } from '../device/network';
import { useUpdate } from '../offline/update';
import { leavesPage } from '../services/idle';

/**
 * Two quiet notices at the top of the page: no network (with the time of the last update the device has),
 * and a new version of the app waiting for the reader to reload.
 */
export function OfflineBar() {
  const { t, locale } = useI18n();
  const { online, lastSync } = useNetwork();
  const { waiting, apply } = useUpdate();
  const time = lastSync ? new Intl.DateTimeFormat(locale === 'sv' ? 'sv-SE' : 'en-GB', { dateStyle: 'short', timeStyle: 'short' }).format(lastSync) : null;
  return (
    <>
      {!online && (
        <div className="offline-bar" role="status">
          <strong>{t('offline.banner')}</strong>{' '}
          <span>{time ? t('offline.showingSaved', { time }) : t('offline.showingSavedNever')}</span>
        </div>
      )}
      {waiting && (
        <div className="update-bar" role="alert">
          <span>{t('offline.updateAvailable')}</span>
          <button type="button" className="button button-accent" {...leavesPage} onClick={() => apply?.()}>{t('offline.reload')}</button>
        </div>
      )}
    </>
  );
}

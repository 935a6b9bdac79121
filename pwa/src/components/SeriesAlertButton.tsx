import { useI18n } from '../i18n';
import { usePushTopic } from '../offline/push-alerts';

/** Follows a series' new episodes with push alerts on this device; the permission prompt comes after this click. */
export function SeriesAlertButton({ seriesId }: { seriesId: number }) {
  const { t } = useI18n();
  const alerts = usePushTopic(`series:${seriesId}`);
  const note = alerts.problem === 'denied' ? t('alerts.denied') : alerts.problem ? t('alerts.failed') : null;
  return (
    <div className="series-alerts">
      {/* Rendered from the start (disabled until the browser is known to push), so the hero does not move. */}
      <button type="button" className="button button-ghost" aria-pressed={alerts.on} disabled={!alerts.supported || alerts.busy}
        onClick={() => void alerts.toggle()}>
        <span aria-hidden="true">{alerts.on ? '🔔 ' : '🔕 '}</span>{t('alerts.series')}
      </button>
      <p className="series-alerts-note" role="status">{note ?? ''}</p>
    </div>
  );
}

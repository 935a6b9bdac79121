import { useI18n } from '../i18n';
import { usePushTopic } from '../offline/push-alerts';

/**
 * Follows a topic with push alerts on this device (a series' new episodes, a live article's key entries); the
 * permission prompt comes after this click.
 */
export function AlertButton({ topic, label }: { topic: string; label: string }) {
  const { t } = useI18n();
  const alerts = usePushTopic(topic);
  const note = alerts.problem === 'denied' ? t('alerts.denied') : alerts.problem ? t('alerts.failed') : null;
  return (
    <div className="topic-alerts">
      {/* Rendered from the start (disabled until the browser is known to push), so what is around it does not move. */}
      <button type="button" className="button button-ghost" aria-pressed={alerts.on} disabled={!alerts.supported || alerts.busy}
        onClick={() => void alerts.toggle()}>
        <span aria-hidden="true">{alerts.on ? '🔔 ' : '🔕 '}</span>{label}
      </button>
      <p className="topic-alerts-note" role="status">{note ?? ''}</p>
    </div>
  );
}

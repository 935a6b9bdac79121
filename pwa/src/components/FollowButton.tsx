import { useEffect, useRef, useState } from 'react';
import { useServices } from '../services/context';
import { useI18n } from '../i18n';
import { autoDownloadText } from '../i18n/auto-download';
import { useDeviceQuery } from '../offline/live';
import { alertsHere, followSeries, seriesAlerts, type Alerts } from '../offline/following';

/**
 * Follow on a series (its page, and an episode's page for its series): one act for the library, this device's
 * alerts and auto-download (offline/following.ts). The follow stands where alerts cannot be had; a note says so.
 */
export function FollowButton({ seriesId }: { seriesId: number }) {
  const { locale } = useI18n();
  const text = autoDownloadText(locale);
  const services = useServices();
  const following = useDeviceQuery((db) => db.following.get(seriesId).then(Boolean), [seriesId]);
  const [alerts, setAlerts] = useState<Alerts | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const acts = useRef(0);

  // Read again when the follow changes, here or (through the library) on another device; a reading that began
  // before the reader's act ended is stale (acts counts each act's start and end).
  useEffect(() => {
    let live = true;
    const before = acts.current;
    void alertsHere(seriesId).then((state) => { if (live && acts.current === before) setAlerts(state); });
    return () => { live = false; };
  }, [seriesId, following]);

  async function act(work: () => Promise<Alerts>) {
    acts.current += 1;
    setBusy(true);
    setFailed(false);
    try {
      setAlerts(await work());
    } catch {
      setFailed(true);
    } finally {
      acts.current += 1;
      setBusy(false);
    }
  }

  // While an act is under way its outcome is not known: the follow it wrote may already show, its alerts not yet.
  const off = !busy && following === true && alerts !== null && alerts !== 'on';
  const note = failed ? text.failed : !off ? '' : alerts === 'denied' ? text.alertsDenied : alerts === 'unsupported' ? text.alertsUnsupported : text.alertsOff;
  return (
    <div className="follow-series">
      {/* Rendered from the start (disabled until the device answers), so what is around it does not move. */}
      <button type="button" className="button button-ghost" aria-pressed={following === true} disabled={following === undefined || busy}
        onClick={() => void act(() => followSeries(services, seriesId, !following, locale))}>
        <span aria-hidden="true">{following ? '✓ ' : '+ '}</span>{text.follow}
      </button>
      <p className="follow-series-note" role="status">{note}</p>
      {off && (alerts === 'off' || alerts === 'failed') && (
        <button type="button" className="button button-ghost follow-series-alerts" disabled={busy}
          onClick={() => void act(() => seriesAlerts(services.api, seriesId, true, locale))}>
          {text.turnOnAlerts}
        </button>
      )}
    </div>
  );
}

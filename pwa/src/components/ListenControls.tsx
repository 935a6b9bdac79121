import { useI18n } from '../i18n';
import { usePlayer } from '../state/player';
import { SpeedSelect } from './SpeedSelect';

/**
 * What an article's read-aloud offers beside Listen while it is in the player: the speed (kept for the mini-player and
 * every page after), the word that it continued where the reader left it on this device, or that it cannot be played.
 */
export default function ListenControls() {
  const { t } = useI18n();
  const resumed = usePlayer((state) => state.resumed);
  const failed = usePlayer((state) => state.failed);
  return (
    <>
      <SpeedSelect disabled={failed} />
      {resumed && !failed && <p className="audio-note" role="status">{t('player.resumed')}</p>}
      {failed && <p className="error-note" role="alert">{t('episode.loadFailed')}</p>}
    </>
  );
}

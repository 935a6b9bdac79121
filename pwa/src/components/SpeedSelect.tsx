import { useI18n } from '../i18n';
import { SPEEDS, usePlayer } from '../state/player';

/** The player's speed, as the episode player and an article's Listen both offer it. */
export function SpeedSelect({ disabled }: { disabled: boolean }) {
  const { t } = useI18n();
  const rate = usePlayer((state) => state.rate);
  return (
    <label className="audio-speed">
      <span className="visually-hidden">{t('player.speed')}</span>
      <select value={rate} onChange={(event) => usePlayer.getState().setRate(Number(event.currentTarget.value))} disabled={disabled}>
        {SPEEDS.map((speed) => <option key={speed} value={speed}>{`${speed}×`}</option>)}
      </select>
    </label>
  );
}

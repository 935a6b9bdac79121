import { useId } from 'react';
import { formatClock } from '@redaktion/shared/time';
import type { UpNextText } from '../i18n/up-next';
import { SLEEP_MINUTES, cancelSleepTimer, startSleepTimer, useSleepTimer, type SleepChoice } from '../state/sleep-timer';

/** The player's sleep timer: the choice, the time left (or that it stops at the episode's end) and a Cancel. */
export function SleepTimer({ text }: { text: UpNextText }) {
  const id = useId();
  const choice = useSleepTimer((state) => state.timer?.choice ?? '');
  // Whole seconds, so that the four ticks a second redraw nothing in between.
  const secondsLeft = useSleepTimer((state) => (state.timer && state.timer.choice !== 'episode' ? Math.ceil(state.timer.left / 1000) : null));

  return (
    <div className="sleep-timer">
      <label htmlFor={id} className="sleep-timer-label"><span aria-hidden="true">☾</span><span className="sleep-timer-name">{text.sleep}</span></label>
      <select id={id} value={choice} onChange={(event) => {
        const value = event.currentTarget.value;
        if (!value) cancelSleepTimer();
        else startSleepTimer((value === 'episode' ? value : Number(value)) as SleepChoice);
      }}>
        <option value="">{text.sleepOff}</option>
        {SLEEP_MINUTES.map((minutes) => <option key={minutes} value={minutes}>{text.sleepMinutes(minutes)}</option>)}
        <option value="episode">{text.sleepEpisode}</option>
      </select>
      {choice !== '' && (
        <>
          <span role="timer" className="sleep-timer-left">{secondsLeft === null ? text.sleepAtEnd : text.sleepLeft(formatClock(secondsLeft))}</span>
          <button type="button" className="icon-button sleep-timer-cancel" onClick={cancelSleepTimer} aria-label={text.sleepCancel}>
            <span aria-hidden="true">×</span>
          </button>
        </>
      )}
    </div>
  );
}

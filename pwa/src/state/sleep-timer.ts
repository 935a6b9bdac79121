import { create } from 'zustand';
import { usePlayer } from './player';

/** The choices a listener has, in minutes, besides the end of the episode. */
export const SLEEP_MINUTES = [15, 30, 45, 60] as const;
/** The volume fades out over the timer's last seconds rather than cutting off a sentence. */
export const FADE_MS = 10_000;
/** How often the timer looks at the clock: often enough for a fade without steps one can hear. */
const TICK_MS = 250;

export type SleepChoice = (typeof SLEEP_MINUTES)[number] | 'episode';

/**
 * The sleep timer (contract §9 [listen]): a number of minutes, after which playback fades out and pauses, or the end of
 * the episode, when playback stops there instead of going on to Up Next (offline/up-next asks `stopsAtEnd`).
 * It fades the audio element's own volume, never the reader's setting, and gives that back when it is done.
 */
type Timer = { choice: 'episode' } | { choice: Exclude<SleepChoice, 'episode'>; endsAt: number; left: number };
interface SleepState { timer: Timer | null }

export const useSleepTimer = create<SleepState>(() => ({ timer: null }));

let ticking: ReturnType<typeof setInterval> | undefined;

export function startSleepTimer(choice: SleepChoice): void {
  cancelSleepTimer();
  if (choice === 'episode') return useSleepTimer.setState({ timer: { choice } });
  const left = choice * 60_000;
  useSleepTimer.setState({ timer: { choice, endsAt: Date.now() + left, left } });
  ticking = setInterval(tick, TICK_MS);
}

export function cancelSleepTimer(): void {
  clearInterval(ticking);
  ticking = undefined;
  const { element, volume } = usePlayer.getState();
  if (element) element.volume = volume / 100;
  useSleepTimer.setState({ timer: null });
}

/** True when the episode that just ended is where the listener asked to stop; the timer is then done. */
export function stopsAtEnd(): boolean {
  if (useSleepTimer.getState().timer?.choice !== 'episode') return false;
  cancelSleepTimer();
  return true;
}

function tick(): void {
  const { timer } = useSleepTimer.getState();
  if (!timer || timer.choice === 'episode') return;
  const left = Math.max(0, timer.endsAt - Date.now());
  const { element, volume } = usePlayer.getState();
  if (left === 0) {
    element?.pause();
    return cancelSleepTimer();
  }
  if (element && left < FADE_MS) element.volume = (volume / 100) * (left / FADE_MS);
  useSleepTimer.setState({ timer: { ...timer, left } });
}

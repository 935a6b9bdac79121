import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePlayer } from './player';
import { FADE_MS, cancelSleepTimer, startSleepTimer, stopsAtEnd, useSleepTimer } from './sleep-timer';

/** The audio element as the timer sees it: a volume and a pause. */
function playing() {
  const element = { volume: 0.75, paused: false, pause: vi.fn(() => { element.paused = true; }) };
  usePlayer.setState({ element: element as unknown as HTMLAudioElement, volume: 75 });
  return element;
}

afterEach(() => {
  cancelSleepTimer();
  vi.useRealTimers();
});

describe('the sleep timer', () => {
  it('counts down, fades the audio out over the last seconds, pauses and gives the reader their volume back', () => {
    vi.useFakeTimers();
    const element = playing();
    startSleepTimer(15);
    vi.advanceTimersByTime(15 * 60_000 - FADE_MS - 1000);
    expect(useSleepTimer.getState().timer).toMatchObject({ choice: 15, left: FADE_MS + 1000 });
    expect(element.volume).toBe(0.75);

    vi.advanceTimersByTime(FADE_MS / 2 + 1000);
    expect(element.volume).toBeCloseTo(0.375, 2);
    expect(element.pause).not.toHaveBeenCalled();

    vi.advanceTimersByTime(FADE_MS / 2);
    expect(element.pause).toHaveBeenCalledOnce();
    expect(element.volume).toBe(0.75);
    expect(usePlayer.getState().volume).toBe(75);
    expect(useSleepTimer.getState().timer).toBeNull();
  });

  it('stops nothing once cancelled, mid-fade included', () => {
    vi.useFakeTimers();
    const element = playing();
    startSleepTimer(30);
    vi.advanceTimersByTime(30 * 60_000 - 3000);
    expect(element.volume).toBeLessThan(0.75);
    cancelSleepTimer();
    expect(element.volume).toBe(0.75);
    vi.advanceTimersByTime(60_000);
    expect(element.pause).not.toHaveBeenCalled();
  });

  it('set to the end of the episode, stops there once and is then done', () => {
    startSleepTimer('episode');
    expect(stopsAtEnd()).toBe(true);
    expect(useSleepTimer.getState().timer).toBeNull();
    expect(stopsAtEnd()).toBe(false);
  });
});

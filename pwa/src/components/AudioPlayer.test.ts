import { describe, expect, it } from 'vitest';
import { clampSeek } from '@redaktion/shared/time';
import { percentToTime, timeToPercent } from './AudioPlayer';

describe('the audio player', () => {
  it('skips 15 s within the episode', () => {
    expect(clampSeek(10, 15, 35)).toBe(25);
    expect(clampSeek(30, 15, 35)).toBe(35);
    expect(clampSeek(5, -15, 35)).toBe(0);
    expect(clampSeek(5, 15, Number.NaN)).toBe(20);
  });

  it('maps the seek slider (step 0.1 percent) to time and back', () => {
    expect(percentToTime(50, 35)).toBe(17.5);
    expect(percentToTime(150, 35)).toBe(35);
    expect(timeToPercent(17.5, 35)).toBe(50);
    expect(timeToPercent(1, 3)).toBe(33.3);
    expect(timeToPercent(5, 0)).toBe(0);
  });
});

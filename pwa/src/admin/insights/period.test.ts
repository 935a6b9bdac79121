import { describe, expect, it } from 'vitest';
import { daysIn, daysOf, periodProblem, presetPeriod } from './period';

describe('the figures\' periods', () => {
  it('end today and hold 7, 30 or 90 days, or the twelve months since this day a year ago', () => {
    expect(presetPeriod('7d', '2026-11-27')).toEqual({ from: '2026-11-21', to: '2026-11-27' });
    expect(presetPeriod('30d', '2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(daysIn(presetPeriod('90d', '2026-11-27'))).toBe(90);
    expect(presetPeriod('12m', '2026-11-27')).toEqual({ from: '2025-11-28', to: '2026-11-27' });
    // A leap day's year-ago is 1 March: the twelve months start the day after it.
    expect(presetPeriod('12m', '2028-02-29')).toEqual({ from: '2027-03-02', to: '2028-02-29' });
  });

  it('list every day, across a change to summer time', () => {
    expect(daysOf({ from: '2026-03-28', to: '2026-03-30' })).toEqual(['2026-03-28', '2026-03-29', '2026-03-30']);
  });

  it('say what is wrong with chosen dates', () => {
    expect(periodProblem({ from: '', to: '2026-11-27' })).toBe('needDates');
    expect(periodProblem({ from: '2026-11-28', to: '2026-11-27' })).toBe('fromAfterTo');
    expect(periodProblem({ from: '2024-02-29', to: '2025-03-02' })).toBe('tooLong');
    expect(periodProblem({ from: '2024-02-29', to: '2025-03-01' })).toBeNull();
  });
});

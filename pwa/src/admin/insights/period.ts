import { INSIGHT_MAX_DAYS, stockholmDay } from '@redaktion/shared';

/**
 * The periods the figures are read for: whole Stockholm days, `YYYY-MM-DD`, the last one included (contract §9
 * [insight]). Day arithmetic is done at noon UTC, which is inside the same Stockholm day all year.
 */
export interface Period { from: string; to: string }

export const PRESETS = ['7d', '30d', '90d', '12m'] as const;
export type Preset = (typeof PRESETS)[number];

const DAY_MS = 86_400_000;
const noon = (day: string) => Date.parse(`${day}T12:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (day: string, days: number): string => dayOf(noon(day) + days * DAY_MS);
export const daysIn = ({ from, to }: Period): number => Math.round((noon(to) - noon(from)) / DAY_MS) + 1;

/** A preset ending today: 7, 30 or 90 days, or the twelve months since this day a year ago. */
export function presetPeriod(preset: Preset, today = stockholmDay()): Period {
  if (preset === '12m') {
    const [year, month, day] = today.split('-').map(Number) as [number, number, number];
    return { from: addDays(dayOf(Date.UTC(year - 1, month - 1, day, 12)), 1), to: today };
  }
  return { from: addDays(today, 1 - Number.parseInt(preset, 10)), to: today };
}

/** Every day of the period, in order. */
export const daysOf = (period: Period): string[] => Array.from({ length: daysIn(period) }, (_, index) => addDays(period.from, index));

/** What is wrong with dates the editor chose, or null: both given, in order, within the longest period the API reads. */
export function periodProblem({ from, to }: Period): 'needDates' | 'fromAfterTo' | 'tooLong' | null {
  if (!from || !to) return 'needDates';
  if (from > to) return 'fromAfterTo';
  return daysIn({ from, to }) > INSIGHT_MAX_DAYS ? 'tooLong' : null;
}

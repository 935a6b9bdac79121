/** Pure time helpers shared by the reader screens and the server (reader-area.md §9). */

/** Whole minutes shown for an episode duration given in seconds. */
export function secondsToMinutes(seconds: number): number {
  return Math.floor(seconds / 60);
}

/** The admin forms take minutes; the API stores whole seconds (contract.md §5). */
export function minutesToSeconds(minutes: number): number {
  return Math.round(minutes * 60);
}

/** m:ss, as the audio player shows elapsed and total time. */
export function formatClock(totalSeconds: number): string {
  if (!Number.isFinite(totalSeconds) || totalSeconds < 0) return '0:00';
  const whole = Math.floor(totalSeconds);
  const minutes = Math.floor(whole / 60);
  const seconds = whole % 60;
  return `${minutes}:${seconds.toString().padStart(2, '0')}`;
}

export type RelativeTime =
  | { unit: 'now' }
  | { unit: 'minutes' | 'hours' | 'days'; count: number };

/**
 * The relative age of a date: under an hour is "now" (or minutes when asked for),
 * under a day in hours, otherwise days. Returns null for an invalid date ('Unknown date').
 */
export function relativeTime(date: string | Date, now: Date = new Date(), withMinutes = false): RelativeTime | null {
  const time = new Date(date).getTime();
  if (Number.isNaN(time)) return null;
  const minutes = Math.max(0, Math.floor((now.getTime() - time) / 60_000));
  if (minutes < 60) {
    return withMinutes && minutes > 0 ? { unit: 'minutes', count: minutes } : { unit: 'now' };
  }
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { unit: 'hours', count: hours };
  return { unit: 'days', count: Math.floor(hours / 24) };
}

/** Minutes as episode cards and pages show them: rounded, and never "0 min" for a short episode. */
export function displayMinutes(seconds: number): number {
  return Math.max(1, Math.round(seconds / 60));
}

/** Where a skip of `delta` seconds lands in a player: never before 0, never past the end when the end is known. */
export function clampSeek(time: number, delta: number, duration: number): number {
  const target = (Number.isFinite(time) ? time : 0) + delta;
  const end = Number.isFinite(duration) && duration > 0 ? duration : Number.POSITIVE_INFINITY;
  return Math.min(Math.max(target, 0), end);
}

/** The language tags of the publication's two languages (contract.md §4). */
export const LOCALE_TAGS = { sv: 'sv-SE', en: 'en-GB' } as const;

/** A date as the publication shows it: Stockholm time, sv-SE or en-GB style; null for an invalid date ('Unknown date'). */
export function formatCalendarDate(value: string | null | undefined, locale: keyof typeof LOCALE_TAGS,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'long' }): string | null {
  const date = value ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], { timeZone: 'Europe/Stockholm', ...options }).format(date);
}

const STOCKHOLM_DATE = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The day of Stockholm time a moment falls in, `YYYY-MM-DD`: every calendar period of contract §9 is Stockholm's. */
export const stockholmDay = (at: Date = new Date()): string => STOCKHOLM_DATE.format(at);

/** The month of Stockholm time a moment falls in, `YYYY-MM` (the meter's and the gift allowance's period). */
export const stockholmMonth = (at: Date = new Date()): string => stockholmDay(at).slice(0, 7);

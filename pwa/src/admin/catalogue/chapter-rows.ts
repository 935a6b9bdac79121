import type { Chapter } from '@redaktion/shared';
import { formatClock } from '@redaktion/shared/time';

/**
 * An episode's chapters as the episode form holds them (contract §9 [voice]): the start as the editor types it
 * (m:ss or h:mm:ss), a blank link or image for none. The API's `chaptersSchema` stays the one judge of the rest.
 */
export interface ChapterRow {
  /** Keeps a row's inputs (and their focus) with the row when another row is removed. */
  key: number;
  start: string;
  title: string;
  url: string;
  img: string;
}

/** The form's own message for a start it cannot read: the API, which receives seconds, has none for it. */
export const START_FORMAT_MESSAGE = 'Write the start as m:ss or h:mm:ss';

let lastKey = 0;
export const emptyRow = (): ChapterRow => ({ key: ++lastKey, start: '', title: '', url: '', img: '' });

/** Seconds from "m:ss" or "h:mm:ss", with a decimal fraction allowed ("1:02.5"); null when the text is not one. */
export function parseChapterStart(text: string): number | null {
  const match = /^(?:(\d+):)?(\d+):(\d{2})(?:[.,](\d+))?$/.exec(text.trim());
  if (!match) return null;
  const [, hours, minutes, seconds, fraction] = match;
  if (Number(seconds) > 59 || (hours !== undefined && Number(minutes) > 59)) return null;
  const whole = Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(seconds);
  // Read as one decimal number, so that a fraction the API stored ("12.3") comes back as the very same number.
  return Number(fraction ? `${whole}.${fraction}` : whole);
}

/** A start as the player shows time (m:ss), with the fraction of a second an imported chapter may have. */
export function formatChapterStart(seconds: number): string {
  const fraction = /\.(\d+)$/.exec(String(seconds))?.[1];
  return fraction ? `${formatClock(seconds)}.${fraction}` : formatClock(seconds);
}

export const rowsOf = (chapters: readonly Chapter[]): ChapterRow[] => chapters.map((chapter) => ({
  ...emptyRow(), start: formatChapterStart(chapter.startTime), title: chapter.title, url: chapter.url ?? '', img: chapter.img ?? '',
}));

/**
 * The rows as the API's chapters, for the form to judge with `chaptersSchema`: a start that cannot be read goes as
 * NaN, which the schema refuses on that row's start (where the field shows `START_FORMAT_MESSAGE` instead).
 */
export const chaptersOf = (rows: readonly ChapterRow[]): Chapter[] => rows.map((row) => ({
  startTime: parseChapterStart(row.start) ?? Number.NaN,
  title: row.title,
  ...(row.url.trim() && { url: row.url }),
  ...(row.img.trim() && { img: row.img }),
}));

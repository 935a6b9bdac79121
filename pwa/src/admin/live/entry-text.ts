import { contentWords, firstWords } from '@redaktion/shared/content';
import type { AdminT } from '../i18n';

/** How much of an entry's text names it (in announcements and labels) when it has no title. */
const SUMMARY_CHARS = 80;

/**
 * An entry's time as Swedish news sites stamp it: the Stockholm clock ("10.32", "10:32" in English), with the day in
 * front when it is not today.
 */
export function entryTime(iso: string, t: AdminT, now = new Date()): string {
  const clock = t.date(iso, { hour: '2-digit', minute: '2-digit' });
  const shown = t.locale === 'sv' ? clock.replace(':', '.') : clock;
  const today = t.date(now.toISOString(), { dateStyle: 'short' }) === t.date(iso, { dateStyle: 'short' });
  return today ? shown : `${t.date(iso, { day: 'numeric', month: 'short' })} ${shown}`;
}

/** What names an entry in a sentence: its title, else the start of its words (never its Markdown). */
export function entrySummary(entry: { title?: string | null; content: string }, t: AdminT): string {
  if (entry.title) return entry.title;
  return firstWords(contentWords(entry.content), SUMMARY_CHARS) || t('live.untitled');
}

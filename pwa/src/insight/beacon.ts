import type { InsightEvent } from '@redaktion/shared';
import { usable, type Track } from '../state/player';

/**
 * The reader app's side of the newsroom's figures (contract §9 [insight]): what is sent to `POST /api/collect`, and
 * when nothing may be. Nothing here names the reader: no cookie, no identifier; the consent answer kept on the device
 * is a choice, the same for every reader who made it.
 */

export const COLLECT_PATH = '/api/collect';

const CONSENT_KEY = 'redaktion.insightConsent';
export type Consent = 'yes' | 'no';

/** The reader's answer to the notice that asks first (INSIGHT_CONSENT=1), if they gave one on this device. */
export function storedConsent(): Consent | null {
  try {
    const answer = localStorage.getItem(CONSENT_KEY);
    return answer === 'yes' || answer === 'no' ? answer : null;
  } catch {
    return null;
  }
}

export function rememberConsent(answer: Consent): void {
  try {
    localStorage.setItem(CONSENT_KEY, answer);
  } catch { /* storage refused: the notice asks again on the next visit */ }
}

/** Global Privacy Control or Do Not Track: the browser asks sites not to follow its reader, so nothing is sent at all. */
export function optedOut(): boolean {
  return (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true || navigator.doNotTrack === '1';
}

/** Whether events may go out: never from a browser that opts out; where the publisher asks first, only after a yes. */
export const mayCount = (askConsent: boolean, consent = storedConsent()): boolean => !optedOut() && (!askConsent || consent === 'yes');

/**
 * Sends one event. A beacon outlives the page that sends it (the last read mark as the reader leaves), and its answer
 * is never read; a browser without sendBeacon, or whose beacon queue is full, sends a keepalive fetch instead.
 */
export function send(event: InsightEvent): void {
  const body = JSON.stringify(event);
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(COLLECT_PATH, body)) return;
  void fetch(COLLECT_PATH, { method: 'POST', body, keepalive: true, headers: { 'Content-Type': 'text/plain' } }).catch(() => undefined);
}

/**
 * Sends an event of a page outside the figures' own chunk (a subscription begun) if this reader may be counted; while
 * the configuration is not known (`askConsent` undefined), nothing.
 */
export function report(askConsent: boolean | undefined, event: InsightEvent): void {
  if (askConsent !== undefined && mayCount(askConsent)) send(event);
}

/** The article or episode a page shows, by its path (`/article/12`, `/podcast/7`). */
export function subjectOf(path: string): Pick<InsightEvent, 'articleId' | 'episodeId'> {
  const [, kind, id] = /^\/(article|podcast)\/([1-9]\d{0,9})(?:[/?#]|$)/.exec(path) ?? [];
  if (!id) return {};
  return kind === 'article' ? { articleId: Number(id) } : { episodeId: Number(id) };
}

/** A page the reader was shown: its path with its query, the URL they came from, and when (performance.now()). */
export interface Shown { path: string; referrer: string; at: number }

/**
 * The pages shown in this document, for their views. The first is the page the browser loaded, with the document's
 * referrer; each page reached inside the app has the one before as its referrer. The figures' code loads after the
 * first screen, when the reader may have followed a link already: the first page is still the one loaded.
 */
export class PageTrail {
  private last: Shown;
  private unsent: Shown[];

  constructor(first: Shown, private readonly origin: string) {
    this.last = first;
    this.unsent = [first];
  }

  /** The page at `path`: the one on screen, or a new one reached from it. */
  arrive(path: string, at: number): Shown {
    if (path === this.last.path) return this.last;
    this.last = { path, referrer: `${this.origin}${this.last.path}`, at };
    this.unsent.push(this.last);
    return this.last;
  }

  /** The pages shown since the last take, oldest first. */
  take(): Shown[] {
    return this.unsent.splice(0);
  }

  /** Forgets the pages shown before the one on screen: nothing could be counted then (a reader who answers yes later counts from here). */
  forgetEarlier(): void {
    this.unsent = this.unsent.includes(this.last) ? [this.last] : [];
  }
}

export const viewOf = (page: Shown): InsightEvent => ({
  type: 'view', path: page.path, ...(page.referrer ? { referrer: page.referrer } : {}), ...subjectOf(page.path),
});

/** The seconds since a page was shown, as the collection takes them (at most a day). */
export const secondsSince = (at: number, now: number): number => Math.min(86_400, Math.max(0, Math.round((now - at) / 1000)));

export const QUARTERS = [0.25, 0.5, 0.75, 1] as const;

/** The quarters reached at `share` (0–1) that were not reported yet; they count as reported from now on. */
export function reached(share: number, reported: Set<number>): number[] {
  const fresh = QUARTERS.filter((quarter) => share >= quarter && !reported.has(quarter));
  for (const quarter of fresh) reported.add(quarter);
  return fresh;
}

/** A pixel or two short of the end, as zoom and rounding leave it, is the end. */
const END_SLACK_PX = 2;

/**
 * How much of an article's text has been on screen: from its top down to the viewport's bottom edge, as a share of its
 * height. A text that fits the screen is seen whole; one below the screen not at all.
 */
export function seenShare(body: { top: number; height: number }, viewportHeight: number): number {
  if (body.height <= 0) return 0;
  return Math.min(1, Math.max(0, (viewportHeight - body.top + END_SLACK_PX) / body.height));
}

/** What the player store says that listening depends on. */
export interface PlayerView { track: Track | null; playing: boolean; current: number; duration: number }
export interface Heard { track: Track; depth: number; seconds: number }

/** The longest step between two positions reported while playing that is still listening (at 2× speed with a slow tab); a longer one is a seek. */
const MAX_STEP_S = 5;
/** How close to a quarter's mark counts as passing it: the last position reported may stop a hair short of the end. */
const MARK_SLACK_S = 0.25;

/**
 * Listening as the figures count it: once per track in this page session, depth 0 as it begins playing and each quarter
 * as playback passes its mark, with the seconds heard so far. Only positions heard one after the other pass a mark:
 * a seek or skip past it, or a position resumed beyond it, passes none.
 */
export function listening(report: (heard: Heard) => void): (state: PlayerView) => void {
  const tracks = new Map<string, { reported: Set<number>; seconds: number; last: number | null }>();
  return ({ track, playing, current, duration }) => {
    if (!track) return;
    const key = `${track.kind}:${track.id}`;
    const heard = tracks.get(key) ?? { reported: new Set<number>(), seconds: 0, last: null };
    tracks.set(key, heard);
    if (!playing) {
      heard.last = null;
      return;
    }
    if (!heard.reported.has(0)) {
      heard.reported.add(0);
      report({ track, depth: 0, seconds: 0 });
    }
    const last = heard.last;
    heard.last = current;
    if (last === null || current <= last || current - last > MAX_STEP_S || !usable(duration)) return;
    heard.seconds += current - last;
    for (const depth of QUARTERS) {
      const mark = depth * duration - MARK_SLACK_S;
      if (heard.reported.has(depth) || last >= mark || current < mark) continue;
      heard.reported.add(depth);
      report({ track, depth, seconds: Math.min(86_400, Math.round(heard.seconds)) });
    }
  };
}

import { isbot } from 'isbot';
import type { InsightEvent } from '@redaktion/shared';
import type { Db } from '../../db/connection.js';
import { log } from '../../log.js';
import { createSalts, type Clock } from './salt.js';
import { viewSource } from './sources.js';

/** What the request says besides its body; read from the headers by the route, never stored as such. */
export interface Beacon {
  /** The client's address (behind a trusted proxy, the forwarded one): hashed, never kept. */
  address: string;
  userAgent: string;
  /** Whether the request shows that the site's own page sent it (see routes/insight.ts). */
  fromTheSite: boolean;
  /** The site's own host: a referrer there means the reader came from another page of the site. */
  siteHost: string;
  /** Sec-GPC: 1 or DNT: 1. */
  optedOut: boolean;
}

/** Raw events are kept 30 days (contract §9 [insight]); the daily figures made from them are kept for good. */
export const RAW_EVENT_DAYS = 30;
/** Events of one reader hash counted a minute in this process; more (a script, a stuck page) are dropped. */
const EVENTS_A_MINUTE = 60;
const FLUSH_MS = 1_000;
const FLUSH_AT = 200;
/** The length of the path column. */
const MAX_PATH = 2000;

/** Pages that exist to carry a token (or a code) in their path or query: no event of them is kept at all. */
const TOKEN_PAGES = [/^\/reset-password(\/|$)/, /^\/preview(\/|$)/, /^\/feeds\/private(\/|$)/, /^\/sign-in\/code(\/|$)/, /^\/api(\/|$)/];
/** The `ref` of digest and push links: a short label, nothing that could be a token. */
const REF = /^[\w.-]{1,40}$/;

/**
 * The path kept for a page: without its query and fragment, but for a `ref` label; null for a page that holds a token.
 * A gift or reset token in a query goes with the query.
 */
export function keptPath(path: string): string | null {
  const url = new URL(path, 'http://site.invalid');
  if (TOKEN_PAGES.some((page) => page.test(url.pathname))) return null;
  const ref = url.searchParams.get('ref');
  const kept = ref !== null && REF.test(ref) ? `${url.pathname}?ref=${ref}` : url.pathname;
  // Percent-encoding can lengthen a path past its column: such a path is no page of ours, and would fail the batch.
  return kept.length <= MAX_PATH ? kept : null;
}

/** The `ref` label a kept path carries, if any. */
const refOf = (path: string): string | null => new URL(path, 'http://site.invalid').searchParams.get('ref');

/** Only the referrer's host is kept: the rest of a URL can name a search, a mail or a token. */
export function referrerHost(referrer: string | undefined): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    return /^https?:$/.test(url.protocol) && url.hostname ? url.hostname.toLowerCase().slice(0, 255) : null;
  } catch {
    return null;
  }
}

type Row = {
  at: string; day: string; type: string; path: string; referrerHost: string | null; articleId: number | null;
  episodeId: number | null; depth: number | null; seconds: number | null; reader: string; source: string | null;
};

/**
 * Collection of the newsroom's figures (contract §9 [insight]): a beacon is answered at once and its event written
 * with others, at most a second later or as soon as FLUSH_AT are waiting, in one insert. No session is read, no
 * cookie set, and the reader is known only by the day's hash of address, user agent and salt.
 */
export function createInsight(db: Db, now: Clock = () => new Date()) {
  const salts = createSalts(db, now);
  let waiting: Row[] = [];
  let timer: NodeJS.Timeout | null = null;
  // Events still being hashed (the salt is read once a day) and inserts under way: a flush or a stop waits for them.
  const pending = new Set<Promise<unknown>>();
  // Throttle per reader hash, a fixed minute, in memory: keyed by the hash, so no address is held even here.
  let minute = 0;
  let counts = new Map<string, number>();

  const track = <T>(work: Promise<T>): Promise<T> => {
    pending.add(work);
    void work.finally(() => pending.delete(work)).catch(() => undefined);
    return work;
  };

  const write = (rows: Row[]) => track(db.batchInsert('insight_events', rows, 500).then(() => undefined)
    .catch((error: unknown) => log.warn({ err: error, events: rows.length }, 'Insight events could not be written; they are dropped')));

  const flushWaiting = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const rows = waiting;
    waiting = [];
    return rows.length ? write(rows) : Promise.resolve();
  };

  const withinThrottle = (reader: string, at: Date) => {
    const thisMinute = Math.floor(at.getTime() / 60_000);
    if (thisMinute !== minute) { minute = thisMinute; counts = new Map(); }
    const count = (counts.get(reader) ?? 0) + 1;
    counts.set(reader, count);
    return count <= EVENTS_A_MINUTE;
  };

  const enqueue = async (event: InsightEvent, path: string, beacon: Beacon) => {
    const at = now();
    const { day, reader } = await salts.readerHash(beacon.address, beacon.userAgent);
    if (!withinThrottle(reader, at)) return;
    const host = referrerHost(event.referrer);
    waiting.push({
      at: at.toISOString(), day, type: event.type, path, referrerHost: host, articleId: event.articleId ?? null,
      episodeId: event.episodeId ?? null, depth: event.depth ?? null, seconds: event.seconds ?? null, reader,
      source: event.type === 'view' ? viewSource(refOf(path), host, beacon.siteHost) : null,
    });
    if (waiting.length >= FLUSH_AT) void flushWaiting();
    else timer ??= setTimeout(() => void flushWaiting(), FLUSH_MS).unref();
  };

  /** Whether an event is one to count: from the site's page, neither opted out nor a bot, and of a page without a token. */
  const counted = (beacon: Beacon) => beacon.fromTheSite && !beacon.optedOut && beacon.userAgent !== '' && !isbot(beacon.userAgent);

  return {
    salts,
    /** Takes an event for writing, or leaves it; returns at once (the hashing and the write go on after the answer). */
    collect(event: InsightEvent, beacon: Beacon): void {
      const path = keptPath(event.path);
      if (path === null || !counted(beacon)) return;
      void track(enqueue(event, path, beacon).catch((error: unknown) => log.warn({ err: error }, 'An insight event could not be taken')));
    },
    /** Writes what waits, after the events being taken: at a stop, and in tests. */
    async flush(): Promise<void> {
      while (pending.size) await Promise.all([...pending]);
      await flushWaiting();
      while (pending.size) await Promise.all([...pending]);
    },
    /**
     * Deletes raw events past their 30 days and the salts of ended days: an hourly job, so each run drops about an
     * hour's events. The range delete on the indexed `at` touches only the rows it deletes: a whole day of 100,000
     * rows out of 200,000 took 0.15 s on SQLite and 0.11 s on PostgreSQL (2 cores, busy; measured once, not a test).
     */
    async purge(): Promise<void> {
      const before = new Date(now().getTime() - RAW_EVENT_DAYS * 86_400_000).toISOString();
      await db('insight_events').where('at', '<', before).delete();
      await salts.purgeEnded();
    },
  };
}

export type Insight = ReturnType<typeof createInsight>;

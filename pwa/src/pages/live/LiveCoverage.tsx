import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { Article, LiveEntries, LiveEntryAnswer, LiveStatus } from '@redaktion/shared';
import { apiPaths, type ApiPath } from '@redaktion/shared/client';
import { bodyToText, firstWords } from '@redaktion/shared/content/words';
import { formatCalendarDate } from '@redaktion/shared/time';
import { AlertButton } from '../../components/AlertButton';
import { ArticleBody } from '../../components/ArticleBody';
import { useApi, useApiCache } from '../../data/api-cache';
import { formatRelative, useI18n, type Locale } from '../../i18n';
import { liveText } from '../../i18n/live';
import { liveReads } from './live.data';
import { asAnswer, initialLive, liveReducer, newestFirst, type LiveChange, type LiveState } from './live-state';

export interface LiveCoverageProps { article: Article }

/** How often the page asks for changes when no stream can stay open (the entries call is cached for a few seconds). */
const POLL_MS = 10_000;
/** How often relative times ("3 min sedan") are made true again: one timer for the whole page. */
const TICK_MS = 30_000;
/** The longest name of an untitled entry among the key events. */
const KEY_EVENT_CHARS = 80;

/** Stockholm's clock as Swedish sites print it ("10.32"); English readers get "10:32". */
function clockTime(iso: string, locale: Locale): string {
  const time = formatCalendarDate(iso, locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }) ?? '';
  return locale === 'sv' ? time.replace(':', '.') : time;
}
const stockholmDay = (date: Date | string, locale: Locale) => formatCalendarDate(new Date(date).toISOString(), locale, { dateStyle: 'short' });

/** "The coverage ended on 26 November 2026 at 10:32", or that it has ended while the time is not known yet. */
function endedText(end: string | null, locale: Locale): string {
  const date = end ? formatCalendarDate(end, locale, { dateStyle: 'long' }) : null;
  return end && date ? liveText(locale).ended(date, clockTime(end, locale)) : liveText(locale).hasEnded;
}

/** The time now, moved on every TICK_MS while the page is open. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function EntryTime({ iso, now }: { iso: string; now: Date }) {
  const { t, locale } = useI18n();
  const today = stockholmDay(iso, locale) === stockholmDay(now, locale);
  const date = today ? null : formatCalendarDate(iso, locale, { day: 'numeric', month: 'short' });
  return (
    <p className="live-entry-time">
      <time dateTime={iso}>{date ? `${date} ` : ''}{clockTime(iso, locale)}</time>
      {/* The server's clock and the browser's may lie on either side of a minute: the next tick sets it right. */}
      <span className="live-entry-ago" suppressHydrationWarning>{` · ${formatRelative(iso, t, true, now)}`}</span>
    </p>
  );
}

function Entry({ entry, now, anchor }: { entry: LiveEntryAnswer; now: Date; anchor: boolean }) {
  const { locale } = useI18n();
  const text = liveText(locale);
  return (
    <article className={`live-entry${entry.keyEvent ? ' live-entry-key' : ''}`} id={anchor ? `entry-${entry.id}` : undefined} aria-labelledby={entry.title ? `entry-title-${entry.id}-${anchor}` : undefined}>
      <EntryTime iso={entry.createdAt} now={now} />
      {entry.title && <h3 id={`entry-title-${entry.id}-${anchor}`}>{entry.title}</h3>}
      {'locked' in entry
        ? <p className="live-entry-locked">{text.locked}</p>
        : (
          <>
            <ArticleBody body={entry.body} adsKey={null} />
            <p className="live-entry-byline">
              {text.by(entry.author.name)}
              {entry.updatedAt !== entry.createdAt && <> · {text.edited} {clockTime(entry.updatedAt, locale)}</>}
            </p>
          </>
        )}
    </article>
  );
}

/** What names an entry in a list: its title, else the start of its words (a locked entry's are not known). */
const entryName = (entry: LiveEntryAnswer): string | null =>
  entry.title ?? ('locked' in entry ? null : firstWords(bodyToText(entry.body), KEY_EVENT_CHARS) || null);

/** Whether the reader is at the top of the entries: a new entry may then appear without moving what they read. */
function atTopOf(list: HTMLElement | null): boolean {
  return !list || list.getBoundingClientRect().top >= -40;
}

/**
 * Follows the article's changes: the event stream where the browser has one and it stays open, else the entries call
 * with `after` every POLL_MS. Ends when the coverage does.
 */
function useFollow(articleId: number, state: LiveState, apply: (change: LiveChange) => void, atTop: () => boolean): void {
  const { client } = useApiCache();
  const cursor = useRef(state.cursor);
  cursor.current = state.cursor;
  const ended = state.status === 'ended';
  useEffect(() => {
    if (ended) return undefined;
    let poll: ReturnType<typeof setInterval> | null = null;
    const startPolling = () => {
      poll ??= setInterval(() => {
        void client.get(apiPaths.liveEntries(articleId, { after: cursor.current, limit: 100 }) as ApiPath<LiveEntries>)
          .then((page) => apply({ type: 'page', page, atTop: atTop() }), () => undefined);
      }, POLL_MS);
    };
    if (typeof EventSource === 'undefined') {
      startPolling();
      return () => clearInterval(poll!);
    }
    const stream = new EventSource(apiPaths.liveStream(articleId, cursor.current));
    const read = <T,>(handle: (data: T, id: string) => void) => (event: Event) => {
      const message = event as MessageEvent<string>;
      handle(JSON.parse(message.data) as T, message.lastEventId);
    };
    stream.addEventListener('entry', read<LiveEntryAnswer>((entry, id) => apply({ type: 'entry', entry, cursor: id, atTop: atTop() })));
    stream.addEventListener('delete', read<{ id: number }>(({ id }, at) => apply({ type: 'delete', id, cursor: at })));
    stream.addEventListener('status', read<{ status: LiveStatus }>(({ status }, at) => apply({ type: 'status', status, cursor: at })));
    // The browser reconnects by itself (with Last-Event-ID); a stream it gave up on is replaced by polling.
    stream.addEventListener('error', () => {
      if (stream.readyState === EventSource.CLOSED) startPolling();
    });
    return () => {
      stream.close();
      if (poll) clearInterval(poll);
    };
    // The stream is opened once per article; the cursor it starts from is read when it opens.
  }, [articleId, ended, client, apply, atTop]);
}

function Coverage({ article, first }: { article: Article; first: LiveEntries }) {
  const { locale } = useI18n();
  const text = liveText(locale);
  const cache = useApiCache();
  const { client } = cache;
  const path = liveReads(article.id).entries;
  const [state, dispatch] = useReducer(liveReducer, first, initialLive);
  const list = useRef<HTMLDivElement>(null);
  const atTop = useCallback(() => atTopOf(list.current), []);
  const apply = useCallback((change: LiveChange) => dispatch(change), []);
  const [announcement, setAnnouncement] = useState('');
  const now = useNow();
  useFollow(article.id, state, apply, atTop);

  // A page the service worker kept (opened offline) carries the entries of its first visit; the device has those
  // received since. Online, the page is the newest there is, and the device is read only after the first screen.
  useEffect(() => {
    void cache.device(!navigator.onLine).then((store) => store?.get(path)).then((copy) => {
      if (copy) dispatch({ type: 'restore', page: copy.data as LiveEntries });
    }, () => undefined);
  }, [cache, path]);

  // What the page holds is its answer now, and is kept on the device as the last received: offline, the page shows
  // it. A write put off past the first screen writes what is then the latest.
  const kept = useRef(state);
  useEffect(() => {
    if (kept.current === state) return;
    kept.current = state;
    cache.set(path, { data: asAnswer(state) });
    void cache.device().then((store) => store?.put(path, asAnswer(kept.current))).catch(() => undefined);
  }, [cache, path, state]);

  // New entries shown at the top are read out politely; those waiting are counted on the button.
  const newest = newestFirst(state.entries.values())[0];
  const lastAnnounced = useRef(newest?.id);
  useEffect(() => {
    if (!newest || newest.id === lastAnnounced.current) return;
    lastAnnounced.current = newest.id;
    setAnnouncement(text.published(entryName(newest) ?? clockTime(newest.createdAt, locale)));
  }, [newest, text, locale]);

  const entries = newestFirst(state.entries.values());
  const keyEvents = entries.filter((entry) => entry.keyEvent);
  const pinned = entries.find((entry) => entry.pinned);
  const showWaiting = () => {
    dispatch({ type: 'show' });
    list.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    list.current?.focus({ preventScroll: true });
  };
  const loadOlder = () => {
    if (!state.older) return;
    void client.get(apiPaths.liveEntries(article.id, { before: state.older, limit: 20 }) as ApiPath<LiveEntries>)
      .then((page) => dispatch({ type: 'older', page }), () => undefined);
  };
  const ended = state.status === 'ended';
  // Ended while the page was open: the article's answer says when.
  const endKnown = article.coverageEndTime !== null;
  useEffect(() => {
    if (ended && !endKnown) void cache.refresh(apiPaths.article(article.id));
  }, [ended, endKnown, cache, article.id]);

  return (
    <section className="live-coverage" aria-labelledby="live-heading">
      <div className={`live-banner${ended ? ' live-banner-ended' : ''}`}>
        <h2 id="live-heading">
          {!ended && <span className="live-dot" aria-hidden="true" />}
          {ended ? endedText(article.coverageEndTime, locale) : text.live}
        </h2>
        {!ended && <p>{text.liveNow}</p>}
        {!ended && <AlertButton topic={`live:${article.id}`} label={text.follow} />}
      </div>

      {keyEvents.length > 0 && (
        <nav className="live-key-events" aria-labelledby="live-key-events">
          <h2 id="live-key-events">{text.keyEvents}</h2>
          <ol>
            {keyEvents.map((entry) => (
              <li key={entry.id}>
                <a href={`#entry-${entry.id}`}><time dateTime={entry.createdAt}>{clockTime(entry.createdAt, locale)}</time> {entryName(entry)}</a>
              </li>
            ))}
          </ol>
        </nav>
      )}

      {pinned && (
        <aside className="live-pinned" aria-label={text.pinned}>
          <p className="eyebrow">{text.pinned}</p>
          <Entry entry={pinned} now={now} anchor={false} />
        </aside>
      )}

      {state.waiting.size > 0 && (
        <button type="button" className="button live-new-updates" onClick={showWaiting}>{text.newUpdates(state.waiting.size)}</button>
      )}
      <div className="live-entries" ref={list} tabIndex={-1}>
        {entries.length === 0 && <p className="muted">{text.noEntries}</p>}
        {entries.map((entry) => <Entry key={entry.id} entry={entry} now={now} anchor />)}
      </div>
      {state.older && <button type="button" className="button button-ghost" onClick={loadOlder}>{text.older}</button>}
      <p className="visually-hidden" aria-live="polite">{announcement}</p>
    </section>
  );
}

/** A live article's coverage under its introduction (contract §9 [live]). */
export default function LiveCoverage({ article }: LiveCoverageProps) {
  const { data } = useApi(liveReads(article.id).entries);
  return data ? <Coverage key={article.id} article={article} first={data} /> : null;
}

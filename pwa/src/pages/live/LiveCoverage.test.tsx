import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Article, LiveEntries, LiveEntry, LockedLiveEntry } from '@redaktion/shared';
import { apiPaths, createApiClient } from '@redaktion/shared/client';
import { parseArticle } from '@redaktion/shared/content';
import { ApiCache, useApi } from '../../data/api-cache';
import { AppProviders } from '../../services/context';
import { createSessionStore } from '../../state/session';
import { createSettingsStore } from '../../state/settings';
import LiveCoverage from './LiveCoverage';

/** 10.40 in Stockholm on 26 November 2026. */
const NOW = new Date('2026-11-26T09:40:00.000Z');

const LIVE: Article = {
  id: 7, title: 'Just nu: stormen Amy', excerpt: 'Vi följer stormen.', locked: false, category: 'news', imageUrl: null, imageAlt: null,
  imageCredit: null, author: 'Redaktionen', authorImage: null, authorTitle: null, readTime: 2, publishedAt: '2026-11-25T19:00:00.000Z',
  featured: false, categoryFeatured: false, premium: false, status: 'published', kind: 'live', liveStatus: 'live',
  coverageStartTime: '2026-11-25T19:00:00.000Z', coverageEndTime: null, audioUrl: null, createdAt: '2026-11-25T19:00:00.000Z', updatedAt: '2026-11-25T19:00:00.000Z',
};

const entry = (id: number, createdAt: string, content: string, more: Partial<LiveEntry> = {}): LiveEntry => ({
  id, createdAt, updatedAt: createdAt, title: null, content, html: '', body: parseArticle(content), keyEvent: false, pinned: false,
  author: { name: 'Anna Andersson' }, ...more,
});
const locked = (id: number, createdAt: string, title: string | null): LockedLiveEntry => ({
  id, createdAt, updatedAt: createdAt, title, keyEvent: false, pinned: false, locked: true,
});

const FIRST: LiveEntries = {
  status: 'live',
  entries: [
    entry(3, '2026-11-26T09:32:00.000Z', 'Kommunalrådet inleder.', { title: 'Presskonferensen börjar', keyEvent: true }),
    entry(2, '2026-11-26T08:00:00.000Z', 'Håll er inomhus i kväll.', { title: 'Så skyddar du dig', pinned: true }),
    entry(1, '2026-11-25T20:05:00.000Z', 'SMHI varnar för **orkanbyar**.', { keyEvent: true }),
  ],
  deleted: [],
  cursor: '5',
  older: '1',
};

/**
 * The browser's EventSource, driven by the test as the server's stream would be: events with a cursor as their id, and
 * a stream the browser gives up on (CLOSED).
 */
class StreamStandIn extends EventTarget {
  static readonly CLOSED = 2;
  static opened: StreamStandIn[] = [];
  readyState = 1;
  constructor(readonly url: string) {
    super();
    StreamStandIn.opened.push(this);
  }
  send(type: 'entry' | 'delete' | 'status', data: unknown, id: string) {
    act(() => void this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id })));
  }
  giveUp() {
    this.readyState = StreamStandIn.CLOSED;
    act(() => void this.dispatchEvent(new Event('error')));
  }
  close() {
    this.readyState = StreamStandIn.CLOSED;
  }
}

/** The API as the page reads it: each path's answer, and every path asked for. */
function renderCoverage(article: Article, first: LiveEntries, answers: Record<string, unknown> = {}) {
  const asked: string[] = [];
  const api = createApiClient({
    baseUrl: 'http://site.test',
    fetch: async (input) => {
      const url = new URL(String(input));
      const path = url.pathname + url.search;
      asked.push(path);
      return path in answers
        ? new Response(JSON.stringify(answers[path]), { status: 200 })
        : new Response(JSON.stringify({ error: 'Not found' }), { status: 404 });
    },
  });
  // The page's reads as the server rendered it: the article and the newest entries.
  const cache = new ApiCache(api, {
    [apiPaths.article(article.id)]: { data: article },
    [apiPaths.liveEntries(article.id, { limit: 50 })]: { data: first },
  });
  const services = { api, cache, session: createSessionStore(null), settings: createSettingsStore({ locale: 'sv', darkMode: false }) };
  // As the article page does: the coverage gets the article its read holds, so an answer read again reaches it.
  function Page() {
    const { data } = useApi(apiPaths.article(article.id));
    return data ? <LiveCoverage article={data} /> : null;
  }
  render(<AppProviders services={services}><Page /></AppProviders>);
  return { asked };
}

const list = () => document.querySelector<HTMLElement>('.live-entries')!;
const shownIds = () => [...list().querySelectorAll('article')].map((element) => element.id);
/** Where the reader is: at the top of the entries, or scrolled past it. */
const scrolled = (past: boolean) => vi.spyOn(list(), 'getBoundingClientRect').mockReturnValue({ top: past ? -800 : 120 } as DOMRect);
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  StreamStandIn.opened = [];
  vi.stubGlobal('EventSource', StreamStandIn);
  // jsdom lays nothing out, so it has no scrolling to do.
  Element.prototype.scrollIntoView = () => undefined;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a live article\'s coverage', () => {
  it('shows the live label, the key events, the pinned entry and the entries newest first, stamped with Stockholm\'s clock', async () => {
    renderCoverage(LIVE, FIRST);
    expect(screen.getByRole('heading', { level: 2, name: 'Just nu' })).toBeTruthy();
    const keyEvents = screen.getByRole('navigation', { name: 'Viktigaste händelserna' });
    // Each links to its entry, by its title or, without one, by its first words.
    const links = within(keyEvents).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['10.32 Presskonferensen börjar', '#entry-3'], ['21.05 SMHI varnar för orkanbyar.', '#entry-1'],
    ]);
    expect(within(screen.getByRole('complementary', { name: 'Fäst inlägg' })).getByRole('heading', { name: 'Så skyddar du dig' })).toBeTruthy();

    expect(shownIds()).toEqual(['entry-3', 'entry-2', 'entry-1']);
    const stamp = (id: number) => list().querySelector(`#entry-${id} .live-entry-time`)!.textContent;
    // Today's entries by the clock alone; yesterday's with the date. The relative time moves on as time passes.
    expect(stamp(3)).toBe('10.32 · för 8 minuter sedan');
    expect(stamp(1)).toBe('25 nov. 21.05 · för 13 timmar sedan');
    expect(list().querySelector('#entry-1 strong')!.textContent).toBe('orkanbyar');
    expect(within(list().querySelector<HTMLElement>('#entry-1')!).getByText('Av Anna Andersson')).toBeTruthy();
    await advance(5 * 60_000);
    expect(stamp(3)).toBe('10.32 · för 13 minuter sedan');
    expect(screen.getByRole('button', { name: 'Följ' })).toBeTruthy();
  });

  it('follows the stream from its cursor: new entries at the top, behind a button when scrolled down, edits in place, deletions, the end', async () => {
    const ended = { ...LIVE, liveStatus: 'ended' as const, coverageEndTime: '2026-11-26T09:45:00.000Z' };
    renderCoverage(LIVE, FIRST, { [apiPaths.article(LIVE.id)]: ended });
    const [stream] = StreamStandIn.opened;
    expect(stream!.url).toBe(apiPaths.liveStream(LIVE.id, '5'));

    stream!.send('entry', entry(4, '2026-11-26T09:41:00.000Z', 'Vattnet stiger i Gävle.'), '6');
    expect(shownIds()).toEqual(['entry-4', 'entry-3', 'entry-2', 'entry-1']);

    scrolled(true);
    stream!.send('entry', entry(5, '2026-11-26T09:42:00.000Z', 'Broarna stängs.', { title: 'Broar stängda' }), '7');
    stream!.send('entry', entry(6, '2026-11-26T09:43:00.000Z', 'Tågen står still.'), '8');
    expect(shownIds()).toEqual(['entry-4', 'entry-3', 'entry-2', 'entry-1']);
    // An entry on screen changes in place even down the page; a waiting one that is deleted is no longer counted.
    stream!.send('entry', { ...entry(1, '2026-11-25T20:05:00.000Z', 'SMHI har höjt varningen.'), updatedAt: '2026-11-26T09:43:30.000Z' }, '9');
    expect(list().querySelector('#entry-1')!.textContent).toContain('SMHI har höjt varningen.');
    expect(list().querySelector('#entry-1')!.textContent).toContain('Uppdaterat 10.43');
    stream!.send('delete', { id: 6 }, '10');
    fireEvent.click(screen.getByRole('button', { name: '1 ny uppdatering' }));
    expect(shownIds()).toEqual(['entry-5', 'entry-4', 'entry-3', 'entry-2', 'entry-1']);
    expect(screen.queryByRole('button', { name: /ny uppdatering/ })).toBeNull();

    stream!.send('delete', { id: 4 }, '11');
    expect(shownIds()).toEqual(['entry-5', 'entry-3', 'entry-2', 'entry-1']);

    stream!.send('status', { status: 'ended' }, '12');
    // At once that it ended; when, once the article's answer is read again.
    expect(screen.getByRole('heading', { level: 2, name: 'Bevakningen har avslutats.' })).toBeTruthy();
    expect(stream!.readyState).toBe(StreamStandIn.CLOSED);
    expect(screen.queryByRole('button', { name: 'Följ' })).toBeNull();
    await vi.waitFor(() => screen.getByRole('heading', { level: 2, name: 'Bevakningen avslutades 26 november 2026 kl. 10.45.' }));
  });

  it('polls the entries call from its cursor every 10 seconds once the stream is given up, and loads older entries on request', async () => {
    const changes: LiveEntries = {
      status: 'live', entries: [entry(8, '2026-11-26T09:44:00.000Z', 'Strömmen är tillbaka.', { title: 'Strömmen tillbaka' })], deleted: [3], cursor: '9', older: null,
    };
    const older: LiveEntries = { status: 'live', entries: [entry(0, '2026-11-25T19:00:00.000Z', 'Bevakningen börjar.')], deleted: [], cursor: '9', older: null };
    const { asked } = renderCoverage(LIVE, FIRST, {
      [apiPaths.liveEntries(LIVE.id, { after: '5', limit: 100 })]: changes,
      [apiPaths.liveEntries(LIVE.id, { before: '1', limit: 20 })]: older,
    });
    StreamStandIn.opened[0]!.giveUp();
    await advance(9_000);
    expect(asked).toEqual([]);
    await advance(1_000);
    expect(asked).toEqual([apiPaths.liveEntries(LIVE.id, { after: '5', limit: 100 })]);
    await vi.waitFor(() => expect(shownIds()).toEqual(['entry-8', 'entry-2', 'entry-1']));
    expect(within(screen.getByRole('navigation', { name: 'Viktigaste händelserna' })).getAllByRole('link').map((link) => link.textContent))
      .toEqual(['21.05 SMHI varnar för orkanbyar.']);

    fireEvent.click(screen.getByRole('button', { name: 'Visa äldre inlägg' }));
    await vi.waitFor(() => expect(shownIds()).toEqual(['entry-8', 'entry-2', 'entry-1', 'entry-0']));
    expect(screen.queryByRole('button', { name: 'Visa äldre inlägg' })).toBeNull();
    await advance(10_000);
    expect(asked.at(-1)).toBe(apiPaths.liveEntries(LIVE.id, { after: '9', limit: 100 }));
  });

  it('shows a reader not entitled to a premium live article the entries\' titles and times, locked', () => {
    renderCoverage({ ...LIVE, premium: true, locked: true }, {
      ...FIRST, entries: [locked(3, '2026-11-26T09:32:00.000Z', 'Presskonferensen börjar'), locked(1, '2026-11-25T20:05:00.000Z', null)],
    });
    const first = list().querySelector<HTMLElement>('#entry-3')!;
    expect(within(first).getByRole('heading', { name: 'Presskonferensen börjar' })).toBeTruthy();
    expect(first.querySelector('.live-entry-time')!.textContent).toBe('10.32 · för 8 minuter sedan');
    expect(within(first).getByText('Inlägget är för prenumeranter.')).toBeTruthy();
    expect(list().querySelectorAll('.article-body')).toHaveLength(0);
    expect(list().textContent).not.toContain('Av ');
  });
});

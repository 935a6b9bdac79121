import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InsightEvent } from '@redaktion/shared';
import type { Track } from '../state/player';
import { PageTrail, listening, mayCount, reached, rememberConsent, report, seenShare, send, viewOf, type Heard, type PlayerView } from './beacon';

/** What reached the server: each beacon's URL and body, as the browser would post them. */
let beacons: { url: string; event: InsightEvent }[];
let fetched: { url: string; init: RequestInit }[];
let beaconQueueFull: boolean;
let stored: Map<string, string>;

const browser = (privacy: { globalPrivacyControl?: boolean; doNotTrack?: string } = {}) => vi.stubGlobal('navigator', {
  ...privacy,
  sendBeacon: (url: string, body: string) => {
    if (beaconQueueFull) return false;
    beacons.push({ url, event: JSON.parse(body) as InsightEvent });
    return true;
  },
});

beforeEach(() => {
  beacons = [];
  fetched = [];
  beaconQueueFull = false;
  stored = new Map();
  browser();
  vi.stubGlobal('localStorage', { getItem: (key: string) => stored.get(key) ?? null, setItem: (key: string, value: string) => stored.set(key, value) });
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    fetched.push({ url, init });
    return Promise.resolve(new Response(null, { status: 202 }));
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('views', () => {
  it('sends the page loaded with the document\'s referrer, and each page reached in the app with the one before', () => {
    const trail = new PageTrail({ path: '/?ref=push', referrer: 'https://www.google.se/search?q=x', at: 0 }, 'https://redaktion.se');
    expect(trail.arrive('/?ref=push', 10)).toMatchObject({ path: '/?ref=push' });
    trail.arrive('/article/12', 2000);
    trail.arrive('/podcast/7', 9000);
    for (const page of trail.take()) send(viewOf(page));
    expect(beacons).toEqual([
      { url: '/api/collect', event: { type: 'view', path: '/?ref=push', referrer: 'https://www.google.se/search?q=x' } },
      { url: '/api/collect', event: { type: 'view', path: '/article/12', referrer: 'https://redaktion.se/?ref=push', articleId: 12 } },
      { url: '/api/collect', event: { type: 'view', path: '/podcast/7', referrer: 'https://redaktion.se/article/12', episodeId: 7 } },
    ]);
    expect(trail.take()).toEqual([]);
  });

  it('leaves out a page without a referrer\'s, and names no article for paths that only look like one', () => {
    expect(viewOf({ path: '/article/0', referrer: '', at: 0 })).toEqual({ type: 'view', path: '/article/0' });
    expect(viewOf({ path: '/articles/12', referrer: '', at: 0 })).toEqual({ type: 'view', path: '/articles/12' });
    expect(viewOf({ path: '/article/5?gift=abc', referrer: '', at: 0 })).toEqual({ type: 'view', path: '/article/5?gift=abc', articleId: 5 });
  });

  it('forgets the pages shown while nothing could be counted, but for the one on screen', () => {
    const trail = new PageTrail({ path: '/', referrer: '', at: 0 }, 'https://redaktion.se');
    trail.arrive('/news', 1000);
    trail.arrive('/article/3', 2000);
    trail.forgetEarlier();
    expect(trail.take().map((page) => page.path)).toEqual(['/article/3']);
  });
});

describe('reading depth', () => {
  it('reports each quarter of the text once, as the reader scrolls down it', () => {
    const reported = new Set<number>();
    // A 2,000 px text starting 100 px down an 800 px screen, then scrolled to its end and back up.
    expect(reached(seenShare({ top: 100, height: 2000 }, 800), reported)).toEqual([0.25]);
    expect(reached(seenShare({ top: -400, height: 2000 }, 800), reported)).toEqual([0.5]);
    expect(reached(seenShare({ top: -1200, height: 2000 }, 800), reported)).toEqual([0.75, 1]);
    expect(reached(seenShare({ top: 100, height: 2000 }, 800), reported)).toEqual([]);
  });

  it('counts a text that fits the screen as read to its end, and one below the screen as not begun', () => {
    expect(reached(seenShare({ top: 300, height: 400 }, 800), new Set())).toEqual([0.25, 0.5, 0.75, 1]);
    expect(reached(seenShare({ top: 900, height: 400 }, 800), new Set())).toEqual([]);
    // Rounding leaves the end a pixel short at some zoom levels.
    expect(reached(seenShare({ top: -1201, height: 2000 }, 800), new Set())).toContain(1);
  });
});

describe('listening', () => {
  const episode: Track = { kind: 'episode', id: 7, title: 'Avsnitt', imageUrl: null, duration: 0, src: '/media/7.mp3' };
  const readAloud: Track = { ...episode, kind: 'article', id: 12, src: '/media/12.mp3' };
  const play = (hear: (state: PlayerView) => void, track: Track, from: number, to: number, duration = 100) => {
    for (let current = from; current <= to; current += 0.25) hear({ track, playing: true, current, duration });
  };

  it('reports the beginning and each quarter passed while playing, once per track, with the seconds heard', () => {
    const heard: Heard[] = [];
    const hear = listening((event) => heard.push(event));
    hear({ track: episode, playing: false, current: 0, duration: 100 });
    expect(heard).toEqual([]);
    play(hear, episode, 0, 100);
    expect(heard.map(({ track, depth, seconds }) => [track.kind, depth, seconds])).toEqual([
      ['episode', 0, 0], ['episode', 0.25, 25], ['episode', 0.5, 50], ['episode', 0.75, 75], ['episode', 1, 100],
    ]);
    // Played again, it has nothing more to report; another track has.
    play(hear, episode, 0, 100);
    play(hear, readAloud, 0, 30);
    expect(heard.slice(5).map(({ track, depth }) => [track.kind, track.id, depth])).toEqual([['article', 12, 0], ['article', 12, 0.25]]);
  });

  it('passes no quarter by seeking, skipping or resuming beyond it', () => {
    const heard: Heard[] = [];
    const hear = listening((event) => heard.push(event));
    play(hear, episode, 0, 20);
    // A skip of 15 s over the quarter, then listening on; a pause, and a resume at 60 %.
    play(hear, episode, 35, 40);
    hear({ track: episode, playing: false, current: 40, duration: 100 });
    play(hear, episode, 60, 80);
    expect(heard.map(({ depth }) => depth)).toEqual([0, 0.75]);
  });
});

describe('what may be sent', () => {
  const view: InsightEvent = { type: 'view', path: '/' };

  it('sends nothing from a browser with Global Privacy Control or Do Not Track, whatever the publisher asks', () => {
    for (const privacy of [{ globalPrivacyControl: true }, { doNotTrack: '1' }]) {
      browser(privacy);
      rememberConsent('yes');
      report(false, view);
      report(true, view);
      expect(mayCount(false)).toBe(false);
    }
    expect(beacons).toEqual([]);
  });

  it('asks first where the publisher says so: nothing before an answer or after a no, events after a yes', () => {
    report(true, view);
    rememberConsent('no');
    report(true, view);
    expect(beacons).toEqual([]);
    rememberConsent('yes');
    report(true, view);
    expect(beacons).toHaveLength(1);
    // The device keeps the answer and nothing else: the same for every reader who gave it.
    expect([...stored.values()]).toEqual(['yes']);
    // Without the setting every reader is counted; with the configuration not known yet, nobody.
    stored.clear();
    report(false, view);
    report(undefined, view);
    expect(beacons).toHaveLength(2);
  });

  it('falls back to a keepalive fetch when the beacon is refused', async () => {
    beaconQueueFull = true;
    send({ type: 'read', path: '/article/3', articleId: 3, depth: 0.5, seconds: 40 });
    expect(beacons).toEqual([]);
    expect(fetched).toHaveLength(1);
    expect(fetched[0]).toMatchObject({ url: '/api/collect', init: { method: 'POST', keepalive: true } });
    expect(JSON.parse(String(fetched[0]!.init.body))).toEqual({ type: 'read', path: '/article/3', articleId: 3, depth: 0.5, seconds: 40 });
  });
});

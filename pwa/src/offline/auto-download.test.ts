import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { Episode } from '@redaktion/shared';
import { DeviceDb, type Download, type Position } from '../device/db';
import {
  AUTO_DOWNLOAD_STATUS_KEY, downloadsToRemove, episodesToTake, FINISHED_KEPT_MS, metered, pushedEpisode, roomFor, runAutoDownload,
  setAutoDownloadSettings, tellsConnection, type RunDeps,
} from './auto-download';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-11-20T12:00:00Z');

/** Episode `id` of series 1, published `id` days after the first of November. */
const episode = (id: number, extra: Partial<Episode> = {}): Episode => ({
  id, seriesId: 1, kind: 'episode', title: `Avsnitt ${id}`, description: '', category: null, imageUrl: null,
  audioUrl: `/api/podcasts/${id}/audio`, locked: false, duration: 60, chapters: [], transcript: null, episodeNumber: id,
  publishedAt: new Date(Date.parse('2026-11-01T08:00:00Z') + id * DAY).toISOString(), featured: false, premium: false,
  status: 'published', createdAt: '2026-11-01T08:00:00Z', updatedAt: '2026-11-01T08:00:00Z', ...extra,
});
const download = (id: number, extra: Partial<Download> = {}): Download => ({
  id, title: `Avsnitt ${id}`, imageUrl: null, duration: 60, seriesId: 1, size: 3, type: 'audio/mpeg', blob: new Blob(['abc']),
  savedAt: NOW, auto: true, ...extra,
});
const positions = (...list: Position[]) => new Map(list.map((position) => [position.id, position]));
const ids = (episodes: Episode[]) => episodes.map((item) => item.id);

describe('which episodes auto-download takes', () => {
  it('takes the newest n by publication, whatever order the list came in', () => {
    const list = [episode(2), episode(5), episode(1), episode(4), episode(3)];
    expect(ids(episodesToTake(list, 3, new Set(), new Set()))).toEqual([5, 4, 3]);
    expect(ids(episodesToTake(list, 1, new Set(), new Set()))).toEqual([5]);
  });

  it('passes over locked episodes and those without audio, which do not count towards n', () => {
    const list = [episode(5, { locked: true, audioUrl: null }), episode(4, { audioUrl: null }), episode(3), episode(2), episode(1)];
    expect(ids(episodesToTake(list, 2, new Set(), new Set()))).toEqual([3, 2]);
  });

  it('leaves out what is already on the device and what was heard to the end, without reaching further back', () => {
    const list = [episode(4), episode(3), episode(2), episode(1)];
    expect(ids(episodesToTake(list, 3, new Set([3]), new Set([4])))).toEqual([2]);
  });
});

describe('which downloads auto-download removes', () => {
  const kept = { newest: new Map([[1, new Set([5, 4, 3])]]), followed: new Set([1]), now: NOW };

  it('removes its own beyond the newest n of a followed series, never the reader\'s', () => {
    const downloads = [download(5), download(2), download(1, { auto: undefined })];
    expect(downloadsToRemove(downloads, { ...kept, positions: positions() })).toEqual([2]);
  });

  it('removes what was finished more than 7 days ago, and keeps what was finished since', () => {
    const downloads = [download(5), download(4), download(3, { auto: undefined })];
    const heard = positions(
      { id: 5, time: 0, finished: true, updatedAt: NOW - FINISHED_KEPT_MS - 1 },
      { id: 4, time: 0, finished: true, updatedAt: NOW - 6 * DAY },
      { id: 3, time: 0, finished: true, updatedAt: NOW - 30 * DAY },
    );
    expect(downloadsToRemove(downloads, { ...kept, positions: heard })).toEqual([5]);
  });

  it('keeps an older one the reader is partway through, not an older one heard to the end', () => {
    const downloads = [download(2), download(1)];
    const listening = positions({ id: 2, time: 120, finished: false, updatedAt: NOW - DAY }, { id: 1, time: 0, finished: true, updatedAt: NOW - DAY });
    expect(downloadsToRemove(downloads, { ...kept, positions: listening })).toEqual([1]);
  });

  it('lets go of an unfollowed series\' downloads, and of none where the series could not be listed', () => {
    const downloads = [download(7, { seriesId: 2 }), download(8, { seriesId: 3 }), download(1)];
    expect(downloadsToRemove(downloads, { newest: new Map(), followed: new Set([1, 3]), now: NOW, positions: positions() })).toEqual([7]);
  });
});

describe('when auto-download holds back', () => {
  it('spares mobile data and a reader who saves data; an unknown connection is neither', () => {
    expect(metered({ type: 'cellular' })).toBe(true);
    expect(metered({ type: 'wifi', saveData: true })).toBe(true);
    expect(metered({ type: 'wifi' })).toBe(false);
    expect(metered({})).toBe(false);
    expect(metered(undefined)).toBe(false);
    expect(tellsConnection({ saveData: false })).toBe(false);
    expect(tellsConnection({ type: 'ethernet' })).toBe(true);
  });

  it('fetches only with room for the episode and a tenth of the granted storage left over', () => {
    const hour = episode(1, { duration: 3600 });
    expect(roomFor(hour, { quota: 1_000_000_000, usage: 0 })).toEqual({ ok: true, available: 1_000_000_000 });
    expect(roomFor(hour, { quota: 1_000_000_000, usage: 850_000_000 })).toEqual({ ok: false, available: 150_000_000 });
    expect(roomFor(hour, undefined)).toEqual({ ok: true, available: null });
  });

  it('reads the episode a push is about from its tag', () => {
    expect(pushedEpisode('episode-42')).toBe(42);
    expect(pushedEpisode('breaking-3')).toBeNull();
    expect(pushedEpisode(undefined)).toBeNull();
  });
});

describe('a run on the device', () => {
  /** A server with series 1's episodes; audio is three bytes. */
  function server(episodes: Episode[]): RunDeps & { fetched: string[] } {
    const fetched: string[] = [];
    return {
      fetched,
      fetch: async (input) => {
        const path = String(input);
        fetched.push(path);
        if (path === '/api/podcasts/series/1') return Response.json(episodes);
        if (path.endsWith('/audio')) return new Response('abc', { headers: { 'Content-Type': 'audio/mpeg' } });
        return new Response('{}', { status: 404 });
      },
    };
  }

  async function device() {
    const db = new DeviceDb(`auto-${Math.random()}`);
    await db.setFollowing(null, 1, true);
    await setAutoDownloadSettings(db, { on: true, keep: 2 });
    return db;
  }

  it('brings the newest of a followed series to the device, marked as its own, and lets an older one go', async () => {
    const db = await device();
    await db.downloads.bulkPut([download(1), download(9, { seriesId: 1, auto: undefined })]);
    await runAutoDownload(db, server([episode(1), episode(2), episode(3)]));
    const kept = await db.downloads.orderBy('id').toArray();
    expect(kept.map((item) => [item.id, item.auto ?? false])).toEqual([[2, true], [3, true], [9, false]]);
    expect((await db.responses.get('/api/podcasts/3'))?.pinned).toBe(1);
    expect((await db.meta.get(AUTO_DOWNLOAD_STATUS_KEY))?.value).toMatchObject({ short: false });
  });

  it('does nothing of the sort when it is off, or on mobile data when asked to spare it', async () => {
    const db = await device();
    await setAutoDownloadSettings(db, { on: false });
    const off = server([episode(1)]);
    await runAutoDownload(db, off);
    await setAutoDownloadSettings(db, { on: true, unmeteredOnly: true });
    const cellular = { ...server([episode(1)]), connection: { type: 'cellular' } };
    await runAutoDownload(db, cellular);
    expect([...off.fetched, ...cellular.fetched]).toEqual([]);
    expect(await db.downloads.count()).toBe(0);
  });

  it('stops when storage runs short and says so', async () => {
    const db = await device();
    const deps = { ...server([episode(1), episode(2)]), storage: { estimate: async () => ({ quota: 1_000_000, usage: 950_000 }) } };
    await runAutoDownload(db, deps);
    expect(await db.downloads.count()).toBe(0);
    expect((await db.meta.get(AUTO_DOWNLOAD_STATUS_KEY))?.value).toMatchObject({ short: true, available: 50_000 });
  });
});

import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import type { Article, Library, LibrarySync, User } from '@redaktion/shared';
import type { ApiClient } from '@redaktion/shared/client';
import { ApiCache } from '../data/api-cache';
import { DeviceDb } from '../device/db';
import { createDevice, type Device } from '../device/device';
import { deviceResponses } from '../device/responses';
import type { AppServices } from '../services/context';
import { createSessionStore } from '../state/session';
import { createSettingsStore } from '../state/settings';
import { applyLibrary, syncLibrary } from './library-sync';
import * as saving from './saved';

const reader = { id: 7, username: 'lasare' } as User;
const empty: Library = { positions: [], readingList: [], following: [], queue: [] };

function setup(answer: (body: LibrarySync) => Library | Promise<Library>) {
  const db = new DeviceDb(`test-${Math.random()}`);
  const open = async () => db;
  const device: Device = { open, responses: deviceResponses(open), signedOut: async () => undefined, signedIn: async () => undefined };
  const sent: LibrarySync[] = [];
  const api = {
    syncLibrary: vi.fn(async (body: LibrarySync) => {
      sent.push(body);
      return answer(body);
    }),
    get: vi.fn(async (path: string) => ({ id: Number(path.split('/').pop()), title: `Artikel ${path}`, excerpt: '', imageUrl: null,
      author: 'Redaktionen', authorImage: null, publishedAt: null, content: '', body: [] }) as unknown as Article),
  } as unknown as ApiClient;
  const services: AppServices = {
    api, cache: new ApiCache(api, {}), device, session: createSessionStore(reader),
    settings: createSettingsStore({ locale: 'sv', darkMode: false }),
  };
  return { db, services, sent };
}

describe('the library on the device', () => {
  it('keeps one waiting change per item and account, the latest', async () => {
    const { db } = setup(() => empty);
    await db.keepPosition(7, 3, 10);
    await db.keepPosition(7, 3, 25);
    await db.keepPosition(null, 3, 40);
    await db.recordChange(7, { type: 'save', articleId: 5 });
    await db.recordChange(7, { type: 'unsave', articleId: 5 });
    const waiting = await db.changes.orderBy('seq').toArray();
    expect(waiting.map(({ userId, change }) => [userId, change.type, 'seconds' in change ? change.seconds : undefined])).toEqual([
      [7, 'position', 25], [null, 'position', 40], [7, 'unsave', undefined],
    ]);
    expect(await db.positions.get(3)).toMatchObject({ time: 40, finished: false });
    // Listened again after the end: the finished mark goes too, as a change of its own.
    await db.finishEpisode(7, 3);
    expect(await db.positions.get(3)).toMatchObject({ time: 0, finished: true });
    await db.keepPosition(7, 3, 12);
    expect((await db.changes.where('key').equals('finished:3').toArray()).map((item) => item.change)).toMatchObject([{ finished: false }]);
    db.close();
  });

  it("sends the reader's changes and those made while no one was signed in, never another account's, and forgets them only once answered", async () => {
    let online = false;
    const { db, services, sent } = setup(() => {
      if (!online) throw new TypeError('Failed to fetch');
      return empty;
    });
    await db.recordChange(7, { type: 'save', articleId: 1 });
    await db.recordChange(null, { type: 'save', articleId: 2 });
    await db.recordChange(8, { type: 'save', articleId: 3 });

    await syncLibrary(services, saving);
    expect(await db.changes.count()).toBe(3);
    online = true;
    await syncLibrary(services, saving);
    expect(sent.at(-1)!.changes.map((change) => change.type === 'save' && change.articleId)).toEqual([1, 2]);
    expect(Date.parse(sent.at(-1)!.now)).toBeGreaterThan(Date.now() - 5_000);
    expect((await db.changes.toArray()).map((item) => item.userId)).toEqual([8]);
    db.close();
  });

  it('signing out forgets the account\'s waiting changes and keeps those made while no one was signed in', async () => {
    const device = createDevice();
    const db = await device.open();
    await db.recordChange(7, { type: 'save', articleId: 1 });
    await db.recordChange(null, { type: 'save', articleId: 2 });
    await device.signedOut();
    expect((await db.changes.toArray()).map((item) => item.userId)).toEqual([null]);
    db.close();
  });

  it('applies the merged library except where a change of its own still waits, and drops what another device removed', async () => {
    const { db, services } = setup(() => empty);
    const at = new Date().toISOString();
    await db.keepPosition(7, 20, 100);
    await db.positions.put({ id: 21, time: 5, updatedAt: 0 });
    await db.saved.put({ key: 'article:30', kind: 'article', id: 30, title: 'Sparad', excerpt: '', imageUrl: null, byline: '', publishedAt: null, savedAt: 0, images: [] });
    await db.saved.put({ key: 'article:31', kind: 'article', id: 31, title: 'Kvar', excerpt: '', imageUrl: null, byline: '', publishedAt: null, savedAt: 0, images: [] });
    await applyLibrary(services, saving, db, 7, { ...empty, readingList: [{ articleId: 30, addedAt: at }] });
    expect((await db.saved.toArray()).map((item) => item.id).sort()).toEqual([30, 31]);

    await applyLibrary(services, saving, db, 7, {
      ...empty,
      positions: [
        { episodeId: 20, seconds: 50, finished: false, updatedAt: at },
        { episodeId: 21, seconds: 300, finished: true, updatedAt: at },
      ],
      readingList: [{ articleId: 32, addedAt: at }],
    });
    // Episode 20's own position waits to be sent (it is newer); 21 takes the other device's.
    expect(await db.positions.get(20)).toMatchObject({ time: 100 });
    expect(await db.positions.get(21)).toMatchObject({ time: 300, finished: true });
    // 30 was listed and is no longer (removed elsewhere); 31 was never the account's; 32 was saved elsewhere.
    expect((await db.saved.toArray()).map((item) => [item.id, item.title]).sort()).toEqual([[31, 'Kvar'], [32, 'Artikel /api/articles/32']]);
    expect((await db.responses.get('/api/articles/32'))?.pinned).toBe(1);

    // Saved here while the account removed it later elsewhere: the answer to this device's own save has the last word.
    await db.saved.put({ key: 'article:33', kind: 'article', id: 33, title: 'Borttagen', excerpt: '', imageUrl: null, byline: '', publishedAt: null, savedAt: 0, images: [] });
    await applyLibrary(services, saving, db, 7, { ...empty, readingList: [{ articleId: 32, addedAt: at }] }, new Set(['article:33']));
    expect((await db.saved.toArray()).map((item) => item.id).sort()).toEqual([31, 32]);
    db.close();
  });

  it('writes down once what the device kept before the library existed, each at the time it was kept, and sends it', async () => {
    const { db, services, sent } = setup(() => empty);
    const kept = Date.parse('2026-10-01T08:00:00Z');
    const saved = { kind: 'article' as const, excerpt: '', imageUrl: null, byline: '', publishedAt: null, images: [] as string[] };
    await db.saved.put({ ...saved, key: 'article:40', id: 40, title: 'Sparad i oktober', savedAt: kept });
    await db.saved.put({ ...saved, key: 'article:41', id: 41, title: 'Ändrad sedan', savedAt: kept });
    await db.saved.put({ key: 'profile:2', kind: 'profile', id: 2, title: 'En profil', excerpt: '', imageUrl: null, byline: '', publishedAt: null, savedAt: kept, images: [] });
    await db.positions.put({ id: 50, time: 754, updatedAt: kept });
    await db.positions.put({ id: 51, time: 0, updatedAt: kept, finished: true });
    // Changed since the library came: the change waiting says it, and is not doubled.
    await db.recordChange(7, { type: 'unsave', articleId: 41 });

    await db.adoptEarlierLibrary(7);
    await db.adoptEarlierLibrary(7);
    await syncLibrary(services, saving);
    expect(sent).toHaveLength(1);
    const october = new Date(kept).toISOString();
    expect(sent[0]!.changes).toEqual(expect.arrayContaining([
      { type: 'save', articleId: 40, at: october },
      { type: 'position', episodeId: 50, seconds: 754, at: october },
      { type: 'position', episodeId: 51, seconds: 0, at: october },
      { type: 'finished', episodeId: 51, finished: true, at: october },
    ]));
    expect(sent[0]!.changes.filter((change) => 'articleId' in change && change.articleId === 41)).toMatchObject([{ type: 'unsave' }]);
    expect(sent[0]!.changes).toHaveLength(5);
    db.close();
  });
});

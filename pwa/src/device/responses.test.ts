import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { DeviceDb } from './db';
import { EVICT_EVERY, MAX_RESPONSES, deviceResponses, forgetUnpinned } from './responses';

describe('the device copy of API answers', () => {
  it('never keeps the account calls, keeps a saved answer pinned, and evicts the oldest unpinned ones', async () => {
    const db = new DeviceDb(`test-${Math.random()}`);
    const store = deviceResponses(async () => db);
    await store.put('/api/user', { id: 1 });
    expect(await store.get('/api/user')).toBeUndefined();

    await store.put('/api/articles/1', { id: 1 }, true);
    // Seen again later: still pinned.
    await store.put('/api/articles/1', { id: 1, title: 'igen' });
    for (let i = 0; i < MAX_RESPONSES + 50; i += 1) await store.put(`/api/articles?offset=${i}`, []);
    expect(await db.responses.where('pinned').equals(0).count()).toBeLessThan(MAX_RESPONSES + EVICT_EVERY);
    expect(await store.get('/api/articles?offset=0')).toBeUndefined();
    expect((await store.get('/api/articles/1'))?.data).toEqual({ id: 1, title: 'igen' });

    await forgetUnpinned(db);
    expect(await db.responses.count()).toBe(1);
    db.close();
  });
});

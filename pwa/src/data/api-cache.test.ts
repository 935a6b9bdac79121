import { describe, expect, it } from 'vitest';
import { createApiClient } from '@redaktion/shared/client';
import type { ResponseStore } from '../device/responses';
import { ApiCache, OFFLINE } from './api-cache';

/** A device store in memory, with what it was asked to keep. */
function memoryStore(initial: Record<string, unknown> = {}): ResponseStore & { kept: Map<string, unknown> } {
  const kept = new Map<string, unknown>(Object.entries(initial));
  return {
    kept,
    get: async (path) => (kept.has(path) ? { data: kept.get(path), savedAt: 1000 } : undefined),
    put: async (path, data) => void kept.set(path, data),
    putMany: async (entries) => entries.forEach(([path, data]) => kept.set(path, data)),
    remove: async (path) => void kept.delete(path),
  };
}

/** A server that answers from a table, or no network at all. */
function server(answers: Record<string, { status: number; body: unknown }> | 'offline') {
  return createApiClient({
    baseUrl: 'http://site.test',
    fetch: async (input) => {
      if (answers === 'offline') throw new TypeError('Failed to fetch');
      const answer = answers[new URL(String(input)).pathname];
      if (!answer) return new Response(JSON.stringify({ error: 'Not found' }), { status: 404 });
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    },
  });
}

describe('the ApiCache over the device store', () => {
  it('keeps what the network answered on the device', async () => {
    const store = memoryStore();
    const cache = new ApiCache(server({ '/api/articles/1': { status: 200, body: { id: 1, title: 'Färsk' } } }), {}, { store });
    await cache.load('/api/articles/1');
    expect(cache.get('/api/articles/1')).toEqual({ data: { id: 1, title: 'Färsk' } });
    await Promise.resolve();
    expect(store.kept.get('/api/articles/1')).toEqual({ id: 1, title: 'Färsk' });
  });

  it('keeps nothing reached through a token on the device, and marks its background refreshes', async () => {
    const store = memoryStore();
    const headers: (string | null)[] = [];
    const client = createApiClient({
      baseUrl: 'http://site.test',
      fetch: async (_input, init) => {
        headers.push(new Headers(init?.headers).get('X-Background-Refresh'));
        return new Response(JSON.stringify({ id: 1, title: 'Gåva' }), { status: 200 });
      },
    });
    const cache = new ApiCache(client, { '/api/previews/abc': { data: { id: 2 } } }, { store });
    await cache.load('/api/articles/1?gift=token');
    cache.keepOnDevice();
    await Promise.resolve();
    expect([...store.kept.keys()]).toEqual([]);
    // What came from the device is asked again in the background: a metered read is not spent on it.
    await store.put('/api/articles/3', { id: 3 });
    await new ApiCache(client, { '/api/articles/3': { data: { id: 3 }, savedAt: 1 } }, { store }).revalidate();
    await Promise.resolve();
    expect(headers).toEqual([null, '1']);
  });

  it('shows the device copy with its age when the network is gone, and an offline error for a path never seen', async () => {
    const reachability: boolean[] = [];
    const cache = new ApiCache(server('offline'), {}, { store: memoryStore({ '/api/articles/1': { id: 1, title: 'Sparad' } }), onNetwork: (ok) => reachability.push(ok) });
    await cache.load('/api/articles/1');
    await cache.load('/api/articles/2');
    expect(cache.get('/api/articles/1')).toEqual({ data: { id: 1, title: 'Sparad' }, savedAt: 1000 });
    expect(cache.get('/api/articles/2')?.error?.status).toBe(OFFLINE);
    expect(reachability).toEqual([false, false]);
  });

  it('forgets a device copy the server says is gone', async () => {
    const store = memoryStore({ '/api/articles/9': { id: 9 } });
    const cache = new ApiCache(server({}), {}, { store });
    await cache.load('/api/articles/9');
    expect(cache.get('/api/articles/9')?.error?.status).toBe(404);
    expect(store.kept.has('/api/articles/9')).toBe(false);
  });

  it('asks the network again for what came from the device when revalidated', async () => {
    let online = false;
    const client = createApiClient({
      baseUrl: 'http://site.test',
      fetch: async () => {
        if (!online) throw new TypeError('Failed to fetch');
        return new Response(JSON.stringify({ id: 1, title: 'Ny' }), { status: 200 });
      },
    });
    const cache = new ApiCache(client, {}, { store: memoryStore({ '/api/articles/1': { id: 1, title: 'Gammal' } }) });
    await cache.load('/api/articles/1');
    expect(cache.get('/api/articles/1')?.data).toEqual({ id: 1, title: 'Gammal' });
    online = true;
    cache.revalidate();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(cache.get('/api/articles/1')).toEqual({ data: { id: 1, title: 'Ny' } });
  });

  it('drops an answer to a read started before invalidate (another session), and reads again', async () => {
    let answer = 'med prenumeration';
    let release: () => void = () => undefined;
    const client = createApiClient({
      baseUrl: 'http://site.test',
      fetch: async () => {
        const body = JSON.stringify({ content: answer });
        if (answer === 'med prenumeration') await new Promise<void>((resolve) => { release = resolve; });
        return new Response(body, { status: 200 });
      },
    });
    const store = memoryStore();
    const cache = new ApiCache(client, {}, { store });
    const first = cache.load('/api/articles/7');
    await Promise.resolve();
    // Logged out while the subscriber's read is on its way.
    answer = 'låst';
    cache.invalidate();
    const second = cache.load('/api/articles/7');
    release();
    await Promise.all([first, second]);
    expect(cache.get('/api/articles/7')).toEqual({ data: { content: 'låst' } });
    expect(store.kept.get('/api/articles/7')).toEqual({ content: 'låst' });
  });

  it('hands a page its device store after the first screen, or at once when the page was opened offline', async () => {
    const store = memoryStore();
    const later: (() => void)[] = [];
    let active = true;
    const cache = new ApiCache(server({}), {}, { store, firstScreen: { active: () => active, after: (work) => void later.push(work) } });
    expect(await cache.device(true)).toBe(store);
    let handed: unknown = 'not yet';
    void cache.device().then((device) => { handed = device; });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(handed).toBe('not yet');
    active = false;
    for (const work of later.splice(0)) work();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(handed).toBe(store);
    expect(await cache.device()).toBe(store);
  });

  it('gives the same snapshot, in path order, whichever read finished first', async () => {
    const snapshotWhenFinishing = async (order: string[]) => {
      const waiting = new Map<string, () => void>();
      const client = createApiClient({
        baseUrl: 'http://site.test',
        fetch: async (input) => {
          const path = new URL(String(input)).pathname;
          await new Promise<void>((resolve) => waiting.set(path, resolve));
          return new Response(JSON.stringify({ path }), { status: 200 });
        },
      });
      const cache = new ApiCache(client);
      const loads = ['/api/articles/3', '/api/articles/3/author', '/api/advertisements'].map((path) => cache.load(path));
      while (waiting.size < 3) await new Promise((resolve) => setTimeout(resolve, 1));
      for (const path of order) {
        waiting.get(path)!();
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      await Promise.all(loads);
      return JSON.stringify(cache.snapshot());
    };
    const one = await snapshotWhenFinishing(['/api/articles/3/author', '/api/articles/3', '/api/advertisements']);
    expect(await snapshotWhenFinishing(['/api/advertisements', '/api/articles/3', '/api/articles/3/author'])).toBe(one);
    expect(Object.keys(JSON.parse(one) as object)).toEqual(['/api/advertisements', '/api/articles/3', '/api/articles/3/author']);
  });
});

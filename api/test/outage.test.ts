import { spawnSync } from 'node:child_process';
import { open, rm } from 'node:fs/promises';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { HttpClient } from './support/http-client.js';
import { insertArticle } from './support/fixtures.js';
import { image, MB, postForm, videoHeads } from './support/media.js';
import { startServerProcess, type ServerProcess } from './support/server-process.js';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.js';
import { createTestDatabase, engine, startTestServer, type TestServer } from './support/test-server.js';
import { signedInUser } from './support/users.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

/** One timed request: its status, body and how long the answer took. */
async function timed(url: string, init?: RequestInit) {
  const started = Date.now();
  const response = await fetch(url, init);
  const text = await response.text();
  return { url, status: response.status, headers: response.headers, text, ms: Date.now() - started };
}

async function eventually<T>(probe: () => Promise<T>, accept: (value: T) => boolean, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await probe();
  while (!accept(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await probe();
  }
  return value;
}

if (engine === 'sqlite') describe('SQLite with another process holding the write lock', () => {
  it('keeps answering reads at once and answers a write 503 with Retry-After, then works again', async () => {
    const server: TestServer = await startTestServer();
    cleanups.push(() => server.close());
    const id = await insertArticle(server, { title: 'Läsbar under lås' });
    const reader = new HttpClient(server.url);
    expect((await reader.post('/api/register', { username: 'under_las', email: 'under.las@example.se', password: 'ett långt lösenord' })).status).toBe(201);
    const reads = [`/api/articles/${id}`, '/api/articles?limit=5', '/api/categories', '/'];
    // A page's first render loads its code; that wait is not the lock's.
    for (const read of reads) await (await fetch(server.url + read)).text();
    const other = new Database(path.join(server.database.dataDir, 'redaktion.sqlite'));
    cleanups.push(async () => other.close());
    other.exec('BEGIN IMMEDIATE');
    other.prepare("UPDATE categories SET name = name WHERE slug = 'news'").run();
    try {
      for (const read of reads) {
        const answer = await timed(server.url + read);
        expect(answer.status, read).toBe(200);
        expect(answer.ms, read).toBeLessThan(1000);
      }
      const started = Date.now();
      const write = await reader.patch('/api/user/profile', { bio: 'Skrivet under låset' });
      expect(write.status).toBe(503);
      expect(write.headers.get('retry-after')).toBe('1');
      expect(write.body).toMatchObject({ code: 'unavailable' });
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      other.exec('COMMIT');
    }
    const retried = await reader.patch('/api/user/profile', { bio: 'Skrivet efter låset' });
    expect(retried.status).toBe(200);
    expect(retried.body.bio).toBe('Skrivet efter låset');
  });
});

if (engine === 'postgres') describe('PostgreSQL going away', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let proxy: TcpProxy;
  let api: ServerProcess;
  let direct: TestServer;
  let articleId: number;

  const start = async () => {
    database = await createTestDatabase();
    cleanups.push(() => database.drop());
    proxy = await startTcpProxy({ host: '127.0.0.1', port: Number(new URL(database.url!).port || 5432) });
    cleanups.push(() => proxy.close());
    // A second process straight on the database, for writes the first one must hear about.
    direct = await startTestServer({ database: { url: database.url, dataDir: await tempDir() } });
    cleanups.push(() => direct.close());
    api = await startServerProcess({ env: { DATABASE_URL: proxy.url(database.url!), DATA_DIR: await tempDir(), DB_TIMEOUT_MS: '1500' } });
    cleanups.push(() => api.stop());
    articleId = await insertArticle(direct, { title: 'Före avbrottet' });
  };

  it('answers 503 unavailable within 2 s while the database is cut or hangs, logs it once and recovers by itself', async () => {
    await start();
    const reader = new HttpClient(api.url);
    await reader.post('/api/register', { username: 'lasare', email: 'lasare@example.se', password: 'ett långt lösenord' });
    expect((await reader.get(`/api/articles/${articleId}`)).status).toBe(200);
    // The first page render loads the renderer and the page's code; that wait is not the database's.
    expect((await timed(`${api.url}/article/${articleId}`)).status).toBe(200);

    for (const fault of ['cut', 'pause'] as const) {
      // A page whose article this process has not read yet, so nothing of it is in the cache.
      const unread = await insertArticle(direct, { title: `Oläst (${fault})` });
      proxy[fault]();
      const started = Date.now();
      const cookie = [...reader.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const uncached = [
        timed(`${api.url}/api/articles/${unread}`),
        timed(`${api.url}/api/user`, { headers: { Cookie: cookie } }),
        timed(`${api.url}/api/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"username":"lasare","password":"ett långt lösenord"}' }),
        ...Array.from({ length: 10 }, (_, i) => timed(`${api.url}/api/articles?q=${fault}${i}`)),
      ];
      for (const answer of await Promise.all(uncached)) {
        expect(answer.status, `${fault}: ${answer.text}`).toBe(503);
        expect(JSON.parse(answer.text), fault).toMatchObject({ code: 'unavailable', error: expect.any(String) });
        expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
        expect(answer.ms, `${fault} ${answer.url}`).toBeLessThan(2000);
      }
      expect(Date.now() - started).toBeLessThan(2000);
      // An answer already in the cache may still be served; either way it comes at once.
      const cached = await timed(`${api.url}/api/articles/${articleId}`);
      expect([200, 503]).toContain(cached.status);
      expect(cached.ms).toBeLessThan(2000);
      // The reader page says the service is away, with 503, never "not found" with 200.
      const page = await timed(`${api.url}/article/${unread}`);
      expect(page.status, fault).toBe(503);
      expect(page.headers.get('retry-after')).toBe('5');
      expect(page.text.includes('Artikeln hittades inte'), 'no "not found" on the page').toBe(false);
      expect(page.text.match(/<title>([^<]*)<\/title>/)?.[1]).toBe('Tillfälligt otillgänglig – Redaktion');
      expect(page.text.match(/<h1>([^<]*)<\/h1>/)?.[1]).toBe('Tillfälligt otillgänglig');
      expect(page.ms).toBeLessThan(2000);
      // A signed-in reader's page, whose session cannot be read either.
      const signedIn = await timed(`${api.url}/article/${unread}`, { headers: { Cookie: cookie, Accept: 'text/html' } });
      expect(signedIn.status, fault).toBe(503);
      expect(signedIn.headers.get('content-type')).toMatch(/^text\/html/);
      expect(signedIn.text).toContain('<h1>Tillfälligt otillgänglig</h1>');
      expect(signedIn.ms).toBeLessThan(2000);
      const readiness = await timed(`${api.url}/readyz`);
      expect(readiness.status, fault).toBe(503);
      expect(readiness.ms).toBeLessThan(2000);
      expect((await timed(`${api.url}/healthz`)).status).toBe(200);

      proxy.restore();
      const back = await eventually(() => timed(`${api.url}/api/articles/${unread}`), (answer) => answer.status === 200, 5000);
      expect(back.status, fault).toBe(200);
      expect((await timed(`${api.url}/readyz`)).status).toBe(200);
      expect((await reader.get('/api/user')).body.username).toBe('lasare');
    }
    // One line when each outage began and one when it ended, not one per request (log lines reach the output within 100 ms).
    await new Promise((resolve) => setTimeout(resolve, 300));
    const outageLines = api.logs().filter((line) => line.msg === 'Database unreachable: answering 503 until it returns');
    expect(outageLines).toHaveLength(2);
    expect(api.logs().filter((line) => line.msg === 'Database reachable again')).toHaveLength(2);
    expect(api.logs().filter((line) => line.level === 'error')).toHaveLength(2);
  }, 60_000);

  it('clears its cache when the change listener is back, so an edit made meanwhile is not served stale', async () => {
    // The listener alone goes through the proxy (DATABASE_LISTEN_URL); queries go straight to the database.
    const listenProxy = await startTcpProxy({ host: '127.0.0.1', port: Number(new URL(database.url!).port || 5432) });
    cleanups.push(() => listenProxy.close());
    const listening = await startServerProcess({
      env: { DATABASE_URL: database.url!, DATABASE_LISTEN_URL: listenProxy.url(database.url!), DATA_DIR: await tempDir() },
    });
    cleanups.push(() => listening.stop());
    const title = async () => ((await (await fetch(`${listening.url}/api/articles/${articleId}`)).json()) as { title: string }).title;
    await direct.db('articles').where({ id: articleId }).update({ title: 'Version 1' });
    await direct.contentChanged();
    expect(await eventually(title, (value) => value === 'Version 1', 2000)).toBe('Version 1');

    listenProxy.cut();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await title()).toBe('Version 1');
    await direct.db('articles').where({ id: articleId }).update({ title: 'Version 2' });
    await direct.contentChanged();
    // The notice went nowhere: the cached answer is stale until the listener is back.
    expect(await title()).toBe('Version 1');
    listenProxy.restore();
    expect(await eventually(title, (value) => value === 'Version 2', 3000)).toBe('Version 2');
    // Log lines are written in the background (within 100 ms): wait for this one.
    const reconnected = async () => listening.logs().some((line) => line.msg === 'Change listener reconnected: response cache cleared');
    expect(await eventually(reconnected, Boolean, 2000)).toBe(true);
  }, 60_000);

  it('warns at start when its change listener does not hear its own notice (pgbouncer transaction pooling)', async () => {
    // A listener on another database hears none of this one's notices, as behind transaction pooling.
    const elsewhere = new URL(database.url!);
    elsewhere.pathname = '/postgres';
    const deaf = await startServerProcess({ env: { DATABASE_URL: database.url!, DATABASE_LISTEN_URL: elsewhere.toString(), DATA_DIR: await tempDir() } });
    cleanups.push(() => deaf.stop());
    const warning = await eventually(async () => deaf.logs().find((line) => String(line.msg).includes('did not hear its own notice')),
      (line) => line !== undefined, 5000);
    expect(warning?.level).toBe('warn');
    expect(String(warning?.msg)).toContain('DATABASE_LISTEN_URL');
    // The processes started above on a direct connection heard theirs.
    expect(api.output()).not.toContain('did not hear its own notice');
  }, 30_000);
});

describe('a full disk', () => {
  /** Fills the file system under `dir` to the last byte, as a growing log or backup does. */
  async function fill(dir: string): Promise<string> {
    const filler = path.join(dir, 'filler');
    const handle = await open(filler, 'w');
    try {
      for (const size of [MB, 4096]) {
        for (;;) {
          try {
            await handle.write(Buffer.alloc(size, 1));
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code === 'ENOSPC') break;
            throw error;
          }
        }
      }
    } finally {
      await handle.close();
    }
    return filler;
  }

  it('answers writes 507 in our words while reads go on, and works again once there is room', async (context) => {
    // DATA_DIR on a small file system of its own, which the test really fills (mounting one takes root).
    const dataDir = await tempDir();
    if (spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=24m', 'tmpfs', dataDir]).status !== 0) context.skip('mounting a tmpfs needs root');
    cleanups.push(async () => spawnSync('umount', [dataDir]));
    const database = await createTestDatabase();
    cleanups.push(() => database.drop());
    const server = await startTestServer({ database: { url: database.url, dataDir } });
    cleanups.push(() => server.close());
    const id = await insertArticle(server, { title: 'Läsbar med full disk' });
    const admin = await signedInUser(server.url, server.db, { role: 'admin' });
    const cookies = [...admin.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const tus = (method: string, url: string, headers: Record<string, string>, body?: Uint8Array) => fetch(server.url + url, {
      method, headers: { 'Tus-Resumable': '1.0.0', Cookie: cookies, ...headers }, body: body as BodyInit | undefined,
    });
    const created = await tus('POST', '/api/admin/uploads', {
      'Upload-Length': String(4 * MB), 'Upload-Metadata': `filename ${btoa('film.mp4')},filetype ${btoa('video/mp4')}`,
    });
    expect(created.status).toBe(201);
    const filler = await fill(dataDir);

    const video = Buffer.concat([videoHeads.mp4(), Buffer.alloc(4 * MB - videoHeads.mp4().length, 7)]);
    const answers = {
      upload: await postForm(server.url, '/api/upload', cookies, { file: [await image('png', 1200, 800), 'bild.png'] }),
      patch: await tus('PATCH', created.headers.get('location')!, { 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }, video)
        .then(async (response) => ({ status: response.status, body: await response.json() as unknown })),
      ...(engine === 'sqlite' ? {
        // SQLite's file is on the same disk; PostgreSQL's is not, and its writes go on.
        register: await new HttpClient(server.url).post('/api/register', { username: 'full_disk', email: 'full.disk@example.se', password: 'ett långt lösenord' }),
        login: await new HttpClient(server.url).post('/api/login', { username: admin.username, password: admin.password }),
        signUp: await new HttpClient(server.url).post('/api/newsletter', { email: 'fylld@example.se' }),
      } : {}),
    };
    for (const [name, answer] of Object.entries(answers)) {
      expect({ name, status: answer.status }).toEqual({ name, status: 507 });
      expect(answer.body).toEqual({ error: 'The server has no room left to store this just now; try again later', code: 'insufficient_storage' });
    }
    // Reads need no room.
    expect((await fetch(`${server.url}/api/articles/${id}`)).status).toBe(200);
    expect((await fetch(`${server.url}/`)).status).toBe(200);

    await rm(filler);
    expect((await new HttpClient(server.url).post('/api/register', { username: 'full_disk', email: 'full.disk@example.se', password: 'ett långt lösenord' })).status).toBe(201);
    if (engine === 'sqlite') {
      const sqlite = new Database(path.join(dataDir, 'redaktion.sqlite'), { readonly: true });
      expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
      sqlite.close();
    }
  }, 60_000);
});

async function tempDir(): Promise<string> {
  const { mkdtemp, rm } = await import('node:fs/promises');
  const dir = await mkdtemp(path.join((await import('node:os')).tmpdir(), 'redaktion-outage-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../src/db/connection.js';
import { backendName, signalUnderLoad, startCluster, watchPropagation, type ApiProcess, type Cluster } from './support/cluster.js';
import { articleForm } from './support/fixtures.js';
import { HttpClient } from './support/http-client.js';
import { image, postForm, variantsMade } from './support/media.js';
import { createBucket, sharedSwift, swiftStorageEnv } from './support/swift.js';
import { createTestDatabase } from './support/test-server.js';
import { signedInUser } from './support/users.js';

/**
 * Three API processes on one PostgreSQL database behind haproxy, each with its own empty DATA_DIR: what a client
 * sees through the load balancer and from each process directly. Runs in the api-postgres project only
 * (vitest.config.ts).
 */
let cluster: Cluster;
let admin: HttpClient;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  const database = await createTestDatabase();
  cleanups.push(() => database.drop());
  // No shared disk: every stored file goes to one bucket of the run's Swift (a real S3 API on loopback).
  const swift = await sharedSwift();
  const storage = swiftStorageEnv(swift, await createBucket(swift, 'cluster'));
  cluster = await startCluster({ size: 3, databaseUrl: database.url!, env: { SEED_DEMO: '0', ...storage } });
  cleanups.push(() => cluster.stop());
  const db = createDb({ databaseUrl: database.url, sqliteFile: '' });
  try {
    admin = (await signedInUser(cluster.url, db, { role: 'admin' })).client;
  } finally {
    await db.destroy();
  }
}, 180_000);
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

/** Every file under a folder: with STORAGE=s3, no uploaded file may stay on a process's disk. */
async function filesUnder(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => entry.name);
}

async function publishedArticle(title: string): Promise<number> {
  const created = await admin.post('/api/admin/articles', articleForm(title));
  expect(created.status).toBe(201);
  return created.body.id as number;
}

describe('three API processes behind haproxy', () => {
  it('serves a session on every process, and a logout through one ends it on all', async () => {
    const reader = new HttpClient(cluster.url);
    expect((await reader.post('/api/register', { username: 'klustrad', email: 'klustrad@example.se', password: 'ett långt lösenord' })).status).toBe(201);
    // Round robin: three requests through haproxy reach the three processes.
    const servedBy = new Set<string | null>();
    for (let i = 0; i < 3; i += 1) {
      const answer = await reader.get('/api/user');
      expect(answer.body.username).toBe('klustrad');
      servedBy.add(answer.headers.get('x-served-by'));
    }
    expect([...servedBy].sort()).toEqual(['api1', 'api2', 'api3']);
    for (const process of cluster.processes) {
      expect((await reader.at(process.url).get('/api/user')).body.username, process.name).toBe('klustrad');
    }

    expect((await reader.at(cluster.processes[1]!.url).post('/api/logout')).status).toBe(204);
    for (const process of cluster.processes) {
      expect((await reader.at(process.url).get('/api/user')).status, process.name).toBe(401);
    }
    expect((await reader.get('/api/user')).status).toBe(401);
  });

  it('serves an upload through one process byte for byte from the others, its variants and a Range included', async () => {
    const cookies = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const [first, ...others] = cluster.processes as [ApiProcess, ...ApiProcess[]];
    const uploaded = await postForm(first.url, '/api/upload', cookies, { file: [await image('jpeg', 1800, 900), 'kluster.jpg'] });
    expect(uploaded.status).toBe(201);
    const { url, variants } = uploaded.body as { url: string; variants: { url: string }[] };
    expect(variants.length).toBeGreaterThan(0);
    await variantsMade(first.url, variants);
    for (const file of [url, ...variants.map((variant) => variant.url)]) {
      const original = Buffer.from(await (await fetch(first.url + file)).arrayBuffer());
      for (const process of others) {
        const served = await fetch(process.url + file);
        expect(served.status, `${process.name} ${file}`).toBe(200);
        expect(Buffer.from(await served.arrayBuffer()).equals(original), `${process.name} ${file}`).toBe(true);
        const [from, to] = [Math.floor(original.length / 4), Math.floor(original.length / 2)];
        const part = await fetch(process.url + file, { headers: { Range: `bytes=${from}-${to}` } });
        expect(part.status, `${process.name} ${file}`).toBe(206);
        expect(part.headers.get('content-range')).toBe(`bytes ${from}-${to}/${original.length}`);
        expect(Buffer.from(await part.arrayBuffer()).equals(original.subarray(from, to + 1)), `${process.name} ${file}`).toBe(true);
      }
    }
    for (const process of cluster.processes) expect(await filesUnder(process.dataDir), process.name).toEqual([]);
  });

  it("never serves an admin's edit stale from any process more than 100 ms after the write returned", async () => {
    const id = await publishedArticle('Rubrik 0');
    const urls = cluster.processes.flatMap((process) => [`${process.url}/api/articles?limit=15`, `${process.url}/article/${id}`]);
    for (let round = 1; round <= 5; round += 1) {
      // Each process has read both answers before the edit, so a stale copy is in its cache to be served.
      for (const url of urls) expect((await fetch(url)).status, url).toBe(200);
      const title = `Rubrik ${round}`;
      const seen = await watchPropagation({
        urls,
        windowMs: 400,
        isFresh: (body) => body.includes(title),
        write: async () => {
          const edited = await admin.request('PUT', `/api/admin/articles/${id}`, articleForm(title));
          expect(edited.status).toBe(200);
        },
      });
      for (const url of seen.urls) {
        expect(url.firstFreshStartMs, `${url.url} in round ${round}`).not.toBeNull();
        expect(url.lastStaleStartMs ?? -Infinity, `${url.url} in round ${round}`).toBeLessThanOrEqual(100);
      }
    }
  }, 60_000);

  it('loses only the requests in flight on a process killed with SIGKILL under load; haproxy takes it out, and restarted it rejoins', async () => {
    const id = await publishedArticle('Under last');
    const killed = backendName(2);
    const drill = await signalUnderLoad(cluster, 2, 'SIGKILL', ['/api/articles?limit=15', `/api/articles/${id}`, `/article/${id}`]);

    const failed = drill.results.filter((result) => result.status !== 200);
    expect(failed.length, JSON.stringify(failed)).toBeLessThanOrEqual(drill.inFlightAtSignal);
    const afterTakenOut = drill.results.filter((result) => result.startedAt > drill.takenOutAt);
    expect(afterTakenOut.length).toBeGreaterThan(0);
    expect(afterTakenOut.filter((result) => result.servedBy === killed)).toEqual([]);
    expect(drill.results.filter((result) => result.servedBy === killed).length).toBeGreaterThan(0);

    await cluster.restart(2);
    await cluster.balancer.waitForState(killed, 'UP');
    const servedBy = new Set<string | null>();
    for (let i = 0; i < 3; i += 1) servedBy.add((await fetch(`${cluster.url}/api/articles/${id}`)).headers.get('x-served-by'));
    expect(servedBy).toContain(killed);
  }, 90_000);

  it('loses no request when a process is stopped with SIGTERM under load', async () => {
    const id = await publishedArticle('Under last, igen');
    const drill = await signalUnderLoad(cluster, 1, 'SIGTERM', ['/api/articles?limit=15', `/api/articles/${id}`, `/article/${id}`]);

    expect(drill.exitCode).toBe(0);
    expect(drill.results.filter((result) => result.status !== 200)).toEqual([]);
    expect(new Set(drill.results.map((result) => result.servedBy))).toEqual(new Set(['api1', 'api2', 'api3']));
  }, 60_000);
});


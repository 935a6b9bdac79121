import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createApp, type App } from '../../src/app.js';
import type { AnyEndpoint } from '../../src/http/endpoint.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { Db } from '../../src/db/connection.js';
import { openDatabase } from '../../src/db/open.js';
import { withSessionSecret } from '../../src/services/accounts/server-secrets.js';
import { createStorage } from '../../src/storage/index.js';

export const engine = process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

/** A fresh, empty database for one test file: a temporary SQLite file, or a new PostgreSQL database. */
export async function createTestDatabase(): Promise<{ url: string | null; drop(): Promise<void> }> {
  if (engine === 'sqlite') return { url: null, drop: async () => undefined };
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is required for the postgres project');
  return createPostgresDatabase(serverUrl);
}

/** A new, empty database on the PostgreSQL server at `serverUrl` (the benches use it too), and how to drop it. */
export async function createPostgresDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `redaktion_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface TestServer {
  url: string;
  database: { url: string | null; dataDir: string };
  endpoints: AnyEndpoint[];
  db: Db;
  config: Config;
  /** The app's services, for work a clock starts in production (the hourly sweeps). */
  services: App['services'];
  /** What a staff write does after changing content: clears cached public answers here and in other processes. */
  contentChanged(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The whole server on an ephemeral port over real HTTP, on the engine of the running project.
 * `database` lets a second process share the first one's database.
 */
export async function startTestServer(options: {
  env?: Record<string, string>;
  seed?: boolean;
  database?: { url: string | null; dataDir: string };
} = {}): Promise<TestServer> {
  const ownsDatabase = !options.database;
  const created = ownsDatabase ? await createTestDatabase() : null;
  const dataDir = options.database?.dataDir ?? await mkdtemp(path.join(os.tmpdir(), 'redaktion-test-'));
  const databaseUrl = options.database ? options.database.url : created!.url;
  const config = loadConfig({
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    SESSION_SECRET: 'test-secret',
    // Generous in tests on a shared machine; the outage tests set their own.
    DB_TIMEOUT_MS: '5000',
    ...options.env,
  });
  const db = await openDatabase(config, { serving: true });
  if (options.seed) await (await import('../../src/seed/demo.js')).seedDemoContent(db, createStorage(config));
  const app = createApp(db, await withSessionSecret(db, config));
  const server = http.createServer(app.callback).listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    db,
    config,
    database: { url: databaseUrl, dataDir },
    endpoints: app.endpoints,
    services: app.services,
    contentChanged: () => app.cache.invalidate(),
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await app.close();
      await db.destroy();
      if (ownsDatabase) {
        await created!.drop();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  };
}

import http from 'node:http';
import { createApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/open.js';
import { log } from './log.js';
import { seedDemoContent } from './seed/demo.js';
import { withSessionSecret } from './services/accounts/server-secrets.js';
import { sweepStaleUploadParts } from './services/media/uploads.js';
import { createStorage } from './storage/index.js';

/** `npm start`: migrations, demo content for an empty database, then one port for the API and the PWA. */
const DRAIN_LIMIT_MS = 10_000;

const config = loadConfig();
// At start, before anything of this process writes one, parts untouched for a minute go (the hourly clean-up waits an hour).
const swept = await sweepStaleUploadParts(config.dataDir);
if (swept) log.info({ files: swept }, 'Removed partial upload files left by an earlier process');
const db = await openDatabase(config, { serving: true });
const serving = await withSessionSecret(db, config);
if (config.seedDemo) {
  const seeded = await seedDemoContent(db, createStorage(config));
  if (seeded) log.info(seeded, `Seeded demo content: ${seeded.articles} articles, ${seeded.episodes} episodes, ${seeded.people} people`);
}
const app = createApp(db, serving);
// The first reader after a start gets their page without waiting for the renderer to load.
await app.warm();

const server = http.createServer(app.callback);
await new Promise<void>((resolve, reject) => {
  server.once('error', reject);
  server.listen(config.port, config.host, resolve);
});
log.info({ port: config.port, host: config.host }, `Redaktion is running at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`);

/**
 * SIGTERM: readiness off, no new connections, the requests under way finish (10 s at most), every connection closes
 * after its answer, then the pool, and exit 0.
 */
let stopping = false;
async function shutdown(reason: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  log.info({ reason }, 'Draining: finishing the requests under way');
  app.readiness.draining = true;
  // An event stream never finishes by itself: its browser reconnects, with Last-Event-ID, to a process that stays.
  app.endStreams();
  const drained = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const limit = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), DRAIN_LIMIT_MS).unref());
  if ((await Promise.race([drained, limit])) === 'timeout') log.warn(`Requests still under way after ${DRAIN_LIMIT_MS / 1000} s were cut`);
  server.closeAllConnections();
  await app.close();
  await db.destroy();
  log.info('Stopped');
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

// `npm start` runs us through `sh -c`, which dies on SIGTERM without passing it on: a new parent means ours is gone.
const parent = process.ppid;
setInterval(() => { if (process.ppid !== parent) void shutdown('parent process ended'); }, 500).unref();

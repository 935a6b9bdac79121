import { createApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/open.js';
import { seedDemoContent } from './seed/demo.js';

/** `npm start`: migrations, demo content for an empty database, then one port for the API and the PWA. */
const config = loadConfig();
const db = await openDatabase(config);
if (config.seedDemo) {
  const seeded = await seedDemoContent(db, config);
  if (seeded) console.log(`Seeded demo content: ${seeded.articles} articles, ${seeded.episodes} episodes, ${seeded.people} people`);
}
const app = createApp(db, config);
// Expired sessions and closed throttle windows are swept hourly; any process may do it, the deletes are idempotent.
const housekeeping = setInterval(() => {
  void Promise.all([app.services.sessions.purgeExpired(), app.services.throttle.purgeExpired(), app.services.rateLimit.purgeExpired()]).catch((error: unknown) => console.error(error));
}, 60 * 60 * 1000);
housekeeping.unref();
// The first reader after a start gets their page without waiting for the renderer to load.
await app.warm();
const server = app.koa.listen(config.port, config.host, () => {
  console.log(`Redaktion is running at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`);
});

async function shutdown(): Promise<void> {
  server.close();
  await app.close();
  await db.destroy();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());

import path from 'node:path';
import type { Config } from '../config.js';
import { log } from '../log.js';
import { createDb, migrate, type Db } from './connection.js';

const location = (config: Config) => ({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'redaktion.sqlite') });

/** Runs the pending migrations with a connection that may wait as long as they take. */
export async function migrateDatabase(config: Config): Promise<string[]> {
  const db = createDb(location(config));
  try {
    const ran = await migrate(db);
    if (ran.length) log.info({ migrations: ran }, `Ran ${ran.length} migration(s)`);
    return ran;
  } finally {
    await db.destroy();
  }
}

/**
 * The configured database, migrated to the latest schema. `serving` bounds every wait on it (the API server answers
 * 503 rather than hang); tools such as the CLI wait as long as they must.
 */
export async function openDatabase(config: Config, options: { serving?: boolean } = {}): Promise<Db> {
  await migrateDatabase(config);
  return createDb({ ...location(config), timeoutMs: options.serving ? config.dbTimeoutMs : null });
}

import path from 'node:path';
import type { Config } from '../config.js';
import { createDb, migrate, type Db } from './connection.js';

/** The configured database, migrated to the latest schema. */
export async function openDatabase(config: Config): Promise<Db> {
  const db = createDb({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'redaktion.sqlite') });
  await migrate(db);
  return db;
}

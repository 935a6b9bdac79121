import { randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import { nowIso } from '../../db/values.js';

/** A configuration whose session secret is settled, as the server needs it. */
export type ServingConfig = Config & { sessionSecret: string };

/** The file where an earlier version kept the generated secret beside a SQLite database. */
const LEGACY_SECRET_FILE = 'session-secret';

/**
 * A secret generated once and kept in the database, so that every process on it signs alike. Processes starting
 * together may each generate one: the first insert wins and everyone reads that back.
 */
async function sharedSecret(db: Db, name: string, initial: () => Promise<string | null>): Promise<string> {
  const stored = await db('serverSecrets').where({ name }).first<{ value: string } | undefined>('value');
  if (stored) return stored.value;
  await db('serverSecrets').insert({ name, value: (await initial()) ?? randomBytes(32).toString('hex'), createdAt: nowIso() })
    .onConflict('name').ignore();
  return (await db('serverSecrets').where({ name }).first<{ value: string }>('value')).value;
}

/** SESSION_SECRET when set; otherwise the shared one, taking over the file an existing install kept it in. */
export async function withSessionSecret(db: Db, config: Config): Promise<ServingConfig> {
  if (config.sessionSecret) return { ...config, sessionSecret: config.sessionSecret };
  const legacyFile = path.join(config.dataDir, LEGACY_SECRET_FILE);
  const secret = await sharedSecret(db, 'session', () => readFile(legacyFile, 'utf8').then((text) => text.trim() || null, () => null));
  // The database holds it from now on; a file left behind would look like it still mattered.
  await rm(legacyFile, { force: true });
  return { ...config, sessionSecret: secret };
}

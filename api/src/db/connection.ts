import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import knexFactory, { type Knex } from 'knex';

export type Db = Knex;

interface SqliteConnection {
  pragma(sql: string): unknown;
  function(name: string, options: { deterministic: boolean }, fn: (value: unknown) => unknown): unknown;
}

const snake = (value: string) => value?.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const camel = (value: string) => value.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

function camelizeRow(row: unknown): unknown {
  if (!row || typeof row !== 'object' || Array.isArray(row) || row instanceof Date) return row;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) out[camel(key)] = value;
  return out;
}

/**
 * The API speaks camelCase and the tables snake_case (contract.md §2): knex maps identifiers
 * on the way in and row keys on the way out, so no query spells a column twice.
 */
export function createDb(options: { databaseUrl: string | null; sqliteFile: string }): Db {
  const caseMapping = {
    wrapIdentifier: (value: string, origImpl: (value: string) => string) => origImpl(value === '*' ? value : snake(value)),
    postProcessResponse: (result: unknown) => (Array.isArray(result) ? result.map(camelizeRow) : camelizeRow(result)),
  };
  if (options.databaseUrl) {
    return knexFactory({ client: 'pg', connection: options.databaseUrl, pool: { min: 0, max: 10 }, ...caseMapping });
  }
  return knexFactory({
    client: 'better-sqlite3',
    connection: { filename: options.sqliteFile },
    useNullAsDefault: true,
    pool: {
      min: 1,
      max: 1,
      afterCreate: (conn: SqliteConnection, done: (err: Error | null, conn: unknown) => void) => {
        // WAL lets the bench's readers and a writer proceed together; foreign keys are off by default in SQLite.
        conn.pragma('journal_mode = WAL');
        conn.pragma('synchronous = NORMAL');
        conn.pragma('foreign_keys = ON');
        conn.pragma('busy_timeout = 5000');
        // SQLite's own lower() folds only ASCII; Swedish names need å, ä and ö folded too, as PostgreSQL does.
        conn.function('lower', { deterministic: true }, (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value));
        done(null, conn);
      },
    },
    ...caseMapping,
  });
}

export const isPostgres = (db: Db): boolean => db.client.config.client === 'pg';

const migrationsDir = path.resolve(new URL('../../../migrations', import.meta.url).pathname);

/**
 * The migrations of `migrations/`, loaded through our own import() so that the TypeScript loader
 * in use (tsx at run time, vitest in tests) compiles them; knex's own loader would not.
 */
const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => (await readdir(migrationsDir)).filter((file) => /^\d.*\.ts$/.test(file)).sort(),
  getMigrationName: (file) => file,
  getMigration: (file) => import(pathToFileURL(path.join(migrationsDir, file)).href) as Promise<Knex.Migration>,
};

export async function migrate(db: Db): Promise<void> {
  await db.migrate.latest({ migrationSource });
}

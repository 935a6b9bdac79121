import { chmodSync, closeSync, openSync } from 'node:fs';
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

/** How long the serving process waits on the database, or null for tools that may wait (migrations, the CLI). */
export interface DbOptions {
  databaseUrl: string | null;
  sqliteFile: string;
  timeoutMs?: number | null;
}

/** SQLite's wait for another process's write lock: it blocks the whole event loop, so the server's is short. */
const SERVER_BUSY_TIMEOUT_MS = 250;
const TOOL_BUSY_TIMEOUT_MS = 10_000;

/**
 * The API speaks camelCase and the tables snake_case (contract.md §2): knex maps identifiers
 * on the way in and row keys on the way out, so no query spells a column twice.
 */
export function createDb(options: DbOptions): Db {
  const timeoutMs = options.timeoutMs ?? null;
  const common = {
    wrapIdentifier: (value: string, origImpl: (value: string) => string) => origImpl(value === '*' ? value : snake(value)),
    postProcessResponse: (result: unknown) => (Array.isArray(result) ? result.map(camelizeRow) : camelizeRow(result)),
    // An error's message names the query but never its values (a session id or a token may be one).
    compileSqlOnError: false,
  };
  if (options.databaseUrl) {
    // Every wait is bounded so that an unreachable or hanging database turns into a 503 within 2 s, not a hang:
    // connecting, waiting for a pooled connection, and each statement (cancelled by the server, then by the client).
    const bounds = timeoutMs === null ? {} : {
      connectionTimeoutMillis: timeoutMs, statement_timeout: timeoutMs, query_timeout: timeoutMs + 200, keepAlive: true,
    };
    return knexFactory({
      client: 'pg',
      connection: { connectionString: options.databaseUrl, ...bounds },
      pool: { min: 0, max: 10, ...(timeoutMs === null ? {} : { acquireTimeoutMillis: timeoutMs, createTimeoutMillis: timeoutMs }) },
      ...common,
    });
  }
  // The file holds password hashes and every server secret: the server's user alone reads it. SQLite gives its -wal and
  // -shm files the database file's mode, so it is settled before SQLite first opens it (an older install's too).
  closeSync(openSync(options.sqliteFile, 'a', 0o600));
  chmodSync(options.sqliteFile, 0o600);
  return knexFactory({
    client: 'better-sqlite3',
    connection: { filename: options.sqliteFile },
    useNullAsDefault: true,
    pool: {
      min: 1,
      max: 1,
      afterCreate: (conn: SqliteConnection, done: (err: Error | null, conn: unknown) => void) => {
        // WAL: readers never wait for a writer, in this process or another; foreign keys are off by default in SQLite.
        conn.pragma('journal_mode = WAL');
        conn.pragma('synchronous = NORMAL');
        conn.pragma('foreign_keys = ON');
        // A write that cannot get the lock soon answers 503 with Retry-After instead of stalling every request.
        conn.pragma(`busy_timeout = ${timeoutMs === null ? TOOL_BUSY_TIMEOUT_MS : SERVER_BUSY_TIMEOUT_MS}`);
        // SQLite's own lower() folds only ASCII; Swedish names need å, ä and ö folded too, as PostgreSQL does.
        conn.function('lower', { deterministic: true }, (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value));
        done(null, conn);
      },
    },
    ...common,
  });
}

export const isPostgres = (db: Db): boolean => db.client.config.client === 'pg';

const migrationsDir = path.resolve(new URL('../../../migrations', import.meta.url).pathname);

/**
 * The migrations of `migrations/`, loaded through our own import() so that the TypeScript loader
 * in use (tsx at run time, vitest in tests) compiles them; knex's own loader would not.
 */
const migrationSource = (before?: string): Knex.MigrationSource<string> => ({
  getMigrations: async () => (await readdir(migrationsDir)).filter((file) => /^\d.*\.ts$/.test(file) && (!before || file < before)).sort(),
  getMigrationName: (file) => file,
  getMigration: (file) => import(pathToFileURL(path.join(migrationsDir, file)).href) as Promise<Knex.Migration>,
});

/** Any number, the same in every process: the advisory lock that lets one process migrate while the others wait. */
const MIGRATION_LOCK = 7_426_114;

/**
 * Runs pending migrations. On PostgreSQL under an advisory lock, so that processes starting together do not race
 * (knex's own lock table would make the loser fail): the others wait, then find nothing left to do.
 */
export async function migrate(db: Db, { before }: { before?: string } = {}): Promise<string[]> {
  // `before` stops short of a migration: a data migration's test fills the schema that came before it.
  const options = { migrationSource: migrationSource(before) };
  if (!isPostgres(db)) return (await db.migrate.latest(options))[1] as string[];
  const connection = await db.client.acquireConnection();
  try {
    await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    return (await db.migrate.latest(options))[1] as string[];
  } finally {
    await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await db.client.releaseConnection(connection);
  }
}

import { readdir } from 'node:fs/promises';
import path from 'node:path';

/** What `npm run backup` writes first into its archive, and `npm run restore` checks for. */
export const MANIFEST = 'redaktion-backup.json';
export const SQLITE_FILE = 'redaktion.sqlite';

export interface BackupManifest {
  format: 1;
  createdAt: string;
  /** Whether the archive holds the database: the embedded SQLite one does, PostgreSQL is dumped with its own tools. */
  database: 'sqlite' | 'not included (PostgreSQL)';
  /**
   * Whether the archive holds the stored files: those of a local DATA_DIR are in it, a bucket (`STORAGE=s3`) is kept by
   * its own versioning or replication. Archives written before this field existed hold their files.
   */
  files?: 'included' | 'not included (S3 bucket)';
}

/**
 * Top-level entries of DATA_DIR that are not stored files: the live SQLite files (the archive holds an online backup
 * instead), partial multipart uploads and unfinished resumable ones.
 */
const NOT_STORED = new Set([SQLITE_FILE, `${SQLITE_FILE}-wal`, `${SQLITE_FILE}-shm`, `${SQLITE_FILE}-journal`, 'tmp', 'resumable']);

/** The stored files and folders of DATA_DIR, relative to it, leaving out `exclude` (an archive being written there). */
export async function storedEntries(dataDir: string, exclude: string): Promise<string[]> {
  const entries = await readdir(dataDir).catch(() => [] as string[]);
  return entries.filter((name) => !NOT_STORED.has(name) && path.join(dataDir, name) !== exclude && !name.startsWith('.restore-'));
}

/** The archive named on the command line (`npm run backup|restore -- FILE`), as an absolute path; exits 2 without one. */
export function archiveArgument(usage: string): string {
  const given = process.argv[2];
  if (!given) {
    console.error(`Usage: ${usage}`);
    process.exit(2);
  }
  return path.resolve(given);
}

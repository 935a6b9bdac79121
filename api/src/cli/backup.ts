import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import * as tar from 'tar';
import { loadConfig } from '../config.js';
import { archiveArgument, MANIFEST, SQLITE_FILE, storedEntries, type BackupManifest } from './archive.js';

/**
 * npm run backup -- FILE: one tar archive of the embedded database (SQLite's online backup, so the server may keep
 * running) and every stored file under DATA_DIR, private audio included. With PostgreSQL the files only: the database
 * is dumped with pg_dump (README, Operations). With `STORAGE=s3` the files are in the bucket, not here: the database only.
 */
const file = archiveArgument('npm run backup -- FILE');
const config = loadConfig();
const inBucket = config.storage.driver === 's3';
const staging = await mkdtemp(path.join(os.tmpdir(), 'redaktion-backup-'));
try {
  const manifest: BackupManifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    database: config.databaseUrl ? 'not included (PostgreSQL)' : 'sqlite',
    files: inBucket ? 'not included (S3 bucket)' : 'included',
  };
  await writeFile(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 2));
  const first = [MANIFEST];
  if (!config.databaseUrl) {
    const live = new Database(path.join(config.dataDir, SQLITE_FILE), { readonly: true, fileMustExist: true });
    try {
      await live.backup(path.join(staging, SQLITE_FILE));
    } finally {
      live.close();
    }
    first.push(SQLITE_FILE);
  }
  // The archive holds password hashes and every server secret: readable by the operator's user alone.
  await tar.create({ file, cwd: staging, portable: true, mode: 0o600 }, first);
  const stored = inBucket ? [] : await storedEntries(config.dataDir, file);
  if (stored.length) await tar.replace({ file, cwd: config.dataDir, portable: true }, stored);
  const listed: string[] = [];
  await tar.list({ file, onReadEntry: (entry) => { if (entry.type === 'File') listed.push(entry.path); } });
  console.log(`Wrote ${file}: ${config.databaseUrl ? 'no database' : 'the SQLite database'} and ${inBucket ? 'no' : listed.length - first.length} stored file(s).`);
  if (config.databaseUrl) console.log('The PostgreSQL database is not in it: back it up with pg_dump (see README, Operations).');
  if (inBucket) console.log('The stored files are in the S3 bucket, not in it: keep them with the bucket\'s versioning or replication (see README, Operations).');
} finally {
  await rm(staging, { recursive: true, force: true });
}

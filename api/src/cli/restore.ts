import { mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import * as tar from 'tar';
import { loadConfig } from '../config.js';
import { archiveArgument, MANIFEST, SQLITE_FILE, type BackupManifest } from './archive.js';

/**
 * npm run restore -- FILE, with the server stopped: replaces DATA_DIR's database and stored files with the archive's,
 * without asking. The archive is unpacked beside them first, so a broken one changes nothing.
 */
const file = archiveArgument('npm run restore -- FILE   (stop the server first: this replaces the database and files of DATA_DIR)');
const config = loadConfig();
const unpacked = path.join(config.dataDir, `.restore-${process.pid}`);
await mkdir(unpacked, { recursive: true });
try {
  try {
    // Synchronously: the asynchronous extract rejects at a bad entry while earlier ones are still being written, and the
    // clean-up below then races them (ENOTEMPTY). Nothing else runs while a restore does.
    tar.extract({ file, cwd: unpacked, strict: true, sync: true });
  } catch (error) {
    throw new Error(`${file} is not a backup archive: ${(error as Error).message}`, { cause: error });
  }
  const manifest = JSON.parse(await readFile(path.join(unpacked, MANIFEST), 'utf8').catch(() => 'null')) as BackupManifest | null;
  if (manifest?.format !== 1) throw new Error(`${file} is not a Redaktion backup (no ${MANIFEST})`);
  if (manifest.database === 'sqlite' && config.databaseUrl) {
    throw new Error('This archive holds a SQLite database but DATABASE_URL names PostgreSQL: unset it to restore the embedded database');
  }
  await rm(path.join(unpacked, MANIFEST));
  // Everything the archive replaces goes, the SQLite write-ahead log included: an old log must never meet a new file.
  const keepDatabase = manifest.database !== 'sqlite';
  const keepFiles = manifest.files === 'not included (S3 bucket)';
  for (const name of await readdir(config.dataDir)) {
    if (name === path.basename(unpacked) || path.join(config.dataDir, name) === file) continue;
    if (name.startsWith(SQLITE_FILE) ? keepDatabase : keepFiles) continue;
    await rm(path.join(config.dataDir, name), { recursive: true, force: true });
  }
  const restored = await readdir(unpacked);
  for (const name of restored) await rename(path.join(unpacked, name), path.join(config.dataDir, name));
  const left = [keepDatabase && 'restore PostgreSQL with pg_restore', keepFiles && 'the stored files are in the S3 bucket'].filter(Boolean);
  console.log(`Restored ${restored.length} item(s) of ${manifest.createdAt} into ${config.dataDir}${left.length ? ` (${left.join('; ')})` : ''}.`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await rm(unpacked, { recursive: true, force: true });
}

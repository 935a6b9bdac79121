import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './support/http-client.js';
import { insertArticle, insertEpisode } from './support/fixtures.js';
import { createTestDatabase, engine, startTestServer, type TestServer } from './support/test-server.js';

const root = new URL('../..', import.meta.url).pathname;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dataDir: string;
let work: string;
beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'redaktion-backup-data-'));
  work = await mkdtemp(path.join(os.tmpdir(), 'redaktion-backup-file-'));
});
afterAll(async () => {
  await database?.drop();
  await rm(dataDir, { recursive: true, force: true });
  await rm(work, { recursive: true, force: true });
});

/** `npm run backup|restore -- FILE` as an operator runs it, on this test's DATA_DIR and database. */
const npmRun = (script: 'backup' | 'restore', file: string) => new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
  execFile('npm', ['run', '--silent', script, '--', file], {
    cwd: root, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'error', ...(database.url ? { DATABASE_URL: database.url } : {}) },
  }, (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }));
});

const startOnData = () => startTestServer({ database: { url: database.url, dataDir } });

describe('npm run backup and npm run restore', () => {
  it('archive the database and every stored file while the server runs, and put them back with the server stopped', async () => {
    let server: TestServer = await startOnData();
    const reader = new HttpClient(server.url);
    expect((await reader.post('/api/register', { username: 'sparad', email: 'sparad@example.se', password: 'ett långt lösenord' })).status).toBe(201);
    const articleId = await insertArticle(server, { title: 'Säkerhetskopierad' });
    const episodeId = await insertEpisode(server, {}, 50_000);
    const audio = (await readdir(path.join(server.config.dataDir, 'audio')))[0]!;
    const audioBytes = await readFile(path.join(path.join(server.config.dataDir, 'audio'), audio));
    await mkdir(path.join(path.join(server.config.dataDir, 'uploads'), 'images'), { recursive: true });
    await writeFile(path.join(path.join(server.config.dataDir, 'uploads'), 'images', 'omslag.png'), 'en bild');
    // Partial uploads are not stored files.
    await mkdir(path.join(dataDir, 'tmp'), { recursive: true });
    await writeFile(path.join(dataDir, 'tmp', 'halvfärdig.part'), 'x');

    const file = path.join(work, 'redaktion-backup.tar');
    const backup = await npmRun('backup', file);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(engine === 'sqlite' ? 'the SQLite database and 2 stored file(s)' : 'no database and 2 stored file(s)');
    if (engine === 'postgres') expect(backup.stdout).toContain('pg_dump');
    // It holds password hashes and the server's secrets: for the operator's user alone.
    expect(((await stat(file)).mode & 0o777).toString(8)).toBe('600');

    // Things change after the backup: the restore must undo them.
    await server.db('articles').where({ id: articleId }).update({ title: 'Ändrad efteråt' });
    await rm(path.join(path.join(server.config.dataDir, 'audio'), audio));
    await writeFile(path.join(path.join(server.config.dataDir, 'uploads'), 'images', 'senare.png'), 'efteråt');
    await server.close();

    const restore = await npmRun('restore', file);
    expect(restore.code, restore.stderr).toBe(0);
    expect(await readdir(path.join(dataDir, 'uploads', 'images'))).toEqual(['omslag.png']);
    expect(await readFile(path.join(dataDir, 'audio', audio))).toEqual(audioBytes);
    expect(await readdir(dataDir)).not.toContain('tmp');

    server = await startOnData();
    try {
      const client = new HttpClient(server.url);
      // SQLite comes back as it was; PostgreSQL keeps its own state (pg_restore is its way back).
      expect((await client.get(`/api/articles/${articleId}`)).body.title).toBe(engine === 'sqlite' ? 'Säkerhetskopierad' : 'Ändrad efteråt');
      expect((await client.post('/api/login', { username: 'sparad', password: 'ett långt lösenord' })).status).toBe(200);
      const episode = await client.get(`/api/podcasts/${episodeId}`);
      const played = await fetch(server.url + episode.body.audioUrl);
      expect(played.status).toBe(200);
      expect(Buffer.from(await played.arrayBuffer())).toEqual(audioBytes);
      expect((await fetch(`${server.url}/uploads/images/omslag.png`)).status).toBe(200);
    } finally {
      await server.close();
    }
  }, 120_000);

  it('refuses a file that is not a backup and changes nothing', async () => {
    const bogus = path.join(work, 'inte-en-backup.tar');
    await writeFile(bogus, 'nonsense');
    const before = await readdir(dataDir);
    const restore = await npmRun('restore', bogus);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toMatch(/is not a (backup archive|Redaktion backup)/);
    expect(await readdir(dataDir)).toEqual(before);
    expect((await npmRun('backup', '')).code).toBe(2);
  }, 60_000);

  it('refuses an archive with an entry that escapes while it is unpacking the rest, and leaves nothing of it behind', async () => {
    const source = await mkdtemp(path.join(os.tmpdir(), 'redaktion-crafted-'));
    await writeFile(path.join(source, 'utanför.txt'), 'x');
    await mkdir(path.join(source, 'data', 'uploads'), { recursive: true });
    // Many files around the escaping entry, so that the refusal comes while they are still being written out.
    await Promise.all(Array.from({ length: 200 }, (_, i) => writeFile(path.join(source, 'data', 'uploads', `${i}.bin`), Buffer.alloc(20_000, i))));
    const crafted = path.join(work, 'utbrytare.tar');
    await tar.create({ file: crafted, cwd: path.join(source, 'data'), preservePaths: true }, ['uploads', '../utanför.txt', 'uploads']);
    await rm(source, { recursive: true, force: true });

    const before = await readdir(dataDir);
    const restore = await npmRun('restore', crafted);
    expect(restore.code).toBe(1);
    expect(restore.stderr.trim()).toBe(`${crafted} is not a backup archive: TAR_ENTRY_ERROR: path contains '..'`);
    expect(await readdir(dataDir)).toEqual(before);
  }, 60_000);
});

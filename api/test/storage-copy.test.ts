import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from '../src/storage/s3.js';
import type { Storage } from '../src/storage/index.js';
import { createBucket, sharedSwift, swiftS3Settings, swiftStorageEnv, type SwiftS3 } from './support/swift.js';

const root = new URL('../..', import.meta.url).pathname;

/** `npm run storage:copy` as an operator runs it, with this environment. */
function storageCopy(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'storage:copy'], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString(); });
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function bucketContents(storage: Storage): Promise<Record<string, string>> {
  const contents: Record<string, string> = {};
  for await (const { key } of storage.list('')) {
    const chunks: Buffer[] = [];
    for await (const chunk of (await storage.get(key))!) chunks.push(chunk as Buffer);
    contents[key] = Buffer.concat(chunks).toString('base64');
  }
  return contents;
}

describe('npm run storage:copy', () => {
  let swift: SwiftS3;
  let dataDir: string;
  const stored: Record<string, Buffer> = {
    'uploads/images/2b1c.jpg': Buffer.from('a jpeg'),
    'uploads/images/2b1c-640.webp': Buffer.from('its variant'),
    'uploads/videos/intervju.mp4': Buffer.alloc(6 * 1024 * 1024, 7),
    'audio/avsnitt-1.mp3': Buffer.from('private episode audio'),
  };
  beforeAll(async () => {
    swift = await sharedSwift();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'redaktion-copy-'));
    const write = async (relative: string, body: Buffer | string) => {
      await mkdir(path.dirname(path.join(dataDir, relative)), { recursive: true });
      await writeFile(path.join(dataDir, relative), body);
    };
    for (const [key, body] of Object.entries(stored)) await write(key, body);
    // What DATA_DIR holds besides stored files: none of it belongs in the bucket.
    for (const other of ['redaktion.sqlite', 'redaktion.sqlite-wal', 'tmp/part-1', 'resumable/abc', 'mail/1.eml', 'raster/x.png']) await write(other, 'not a stored file');
  }, 180_000);
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('copies the uploads and audio of DATA_DIR into the bucket key for key, then skips what is already there', async () => {
    const bucket = await createBucket(swift, 'copy');
    const env = { ...swiftStorageEnv(swift, bucket), DATA_DIR: dataDir };
    const first = await storageCopy(env);
    expect(first.stderr).not.toMatch(/stopped/);
    expect(first.code).toBe(0);
    for (const [key, body] of Object.entries(stored)) expect(first.stdout).toContain(`copied ${key} (${body.length} bytes)`);
    expect(first.stdout).toContain('Copied 4 object(s)');

    const bucketStore = createS3Storage({ ...swiftS3Settings(swift, bucket), publicMediaOrigin: null, presignedUrls: false });
    expect(await bucketContents(bucketStore)).toEqual(Object.fromEntries(Object.entries(stored).map(([key, body]) => [key, body.toString('base64')])));
    expect((await bucketStore.stat('uploads/images/2b1c.jpg'))?.contentType).toBe('image/jpeg');

    // A second run copies only what changed size since.
    await writeFile(path.join(dataDir, 'audio/avsnitt-1.mp3'), 'private episode audio, re-encoded');
    const second = await storageCopy(env);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('copied audio/avsnitt-1.mp3 (33 bytes)');
    expect(second.stdout).toContain('Copied 1 object(s), 33 bytes; skipped 3');
    expect((await bucketContents(bucketStore))['audio/avsnitt-1.mp3']).toBe(Buffer.from('private episode audio, re-encoded').toString('base64'));
  }, 120_000);

  it('refuses to run without an S3 store configured, and says why', async () => {
    const result = await storageCopy({ DATA_DIR: dataDir, STORAGE: 'local' });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('set STORAGE=s3 and the S3_* variables');
  });

  it('stops with the store\'s error when the bucket is not there', async () => {
    const result = await storageCopy({ ...swiftStorageEnv(swift, 'no-such-bucket-for-copy'), DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/storage:copy stopped: .*bucket/i);
  });
});

import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './support/http-client.js';
import { image, postForm, variantsMade, videoHeads } from './support/media.js';
import { createBucket, sharedSwift, SWIFT_START_TIMEOUT_MS, swiftClient, swiftStorageEnv, type SwiftS3 } from './support/swift.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { signedInUser } from './support/users.js';

// The product with STORAGE=s3 against a real S3 API (OpenStack Swift's s3api on loopback), on the engine of the run.
let swift: SwiftS3;
let bucket: string;
let s3: S3Client;
let server: TestServer;
let admin: HttpClient;
let cookies: string;
let token: string;

beforeAll(async () => {
  swift = await sharedSwift();
  bucket = await createBucket(swift, 'product');
  s3 = swiftClient(swift);
  server = await startTestServer({ seed: true, env: { ...swiftStorageEnv(swift, bucket), UPLOAD_MAX_VIDEO_MB: '64' } });
  admin = (await signedInUser(server.url, server.db, { role: 'admin' })).client;
  cookies = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  token = (await admin.post('/api/tokens', { name: 's3-test' })).body.token as string;
}, SWIFT_START_TIMEOUT_MS + 60_000);
afterAll(async () => {
  await server?.close();
  s3?.destroy();
});

/** The object's bytes as the bucket holds them, or null when there is none. */
async function inBucket(key: string): Promise<Buffer | null> {
  try {
    const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return Buffer.from(await object.Body!.transformToByteArray());
  } catch {
    return null;
  }
}

const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

/** Every file under a folder, relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name))).sort();
}

describe('STORAGE=s3: every stored file in the bucket', () => {
  it('serves an uploaded image from the bucket byte for byte, with its variants and ?w=, and no EXIF', async () => {
    const photo = await sharp(await image('jpeg', 2000, 1000))
      .withExif({ IFD0: { Artist: 'Anna Fotograf' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '59/1 19/1 0/1' } }).toBuffer();
    const response = await postForm(server.url, '/api/upload', cookies, { file: [photo, 'semester.jpg'] });
    expect(response.status).toBe(201);
    expect(response.body.variants.map((variant: { width: number }) => variant.width)).toEqual([400, 800, 1600]);
    await variantsMade(server.url, response.body.variants);

    const original = await fetch(server.url + response.body.url);
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('image/jpeg');
    const served = await bytesOf(original);
    expect(served.equals((await inBucket(response.body.url.slice(1)))!)).toBe(true);
    expect((await sharp(served).metadata()).exif).toBeUndefined();
    expect(served.toString('latin1')).not.toContain('Anna Fotograf');

    for (const variant of response.body.variants as { width: number; url: string }[]) {
      const bytes = await bytesOf(await fetch(server.url + variant.url));
      expect(bytes.equals((await inBucket(variant.url.slice(1)))!)).toBe(true);
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.exif]).toEqual(['webp', variant.width, undefined]);
    }
    const chosen = await fetch(`${server.url}${response.body.url}?w=800`);
    expect(chosen.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(await bytesOf(chosen)).metadata()).width).toBe(800);

    // Validators and ranges come from the bucket's object.
    const etag = original.headers.get('etag')!;
    // max-age=0 as a browser's reload sends it: fetch would otherwise add no-cache to a conditional request.
    expect((await fetch(server.url + response.body.url, { headers: { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' } })).status).toBe(304);
    const ranged = await fetch(server.url + response.body.url, { headers: { Range: 'bytes=0-9' } });
    expect(ranged.status).toBe(206);
    expect((await bytesOf(ranged)).equals(served.subarray(0, 10))).toBe(true);
  });

  it('keeps episode audio private in the bucket: the premium check, Range and an exact HEAD', async () => {
    const mp3 = Buffer.concat([Buffer.from('ID3'), Buffer.alloc(40_000, 4)]);
    const audio = await postForm(server.url, '/api/upload', cookies, { file: [mp3, 'avsnitt.mp3'] });
    expect(audio.status).toBe(201);
    const name = (audio.body.url as string).split('/').at(-1)!;
    expect((await inBucket(`audio/${name}`))!.equals(mp3)).toBe(true);
    expect((await fetch(`${server.url}/uploads/${name}`)).status).toBe(404);

    const cover = await postForm(server.url, '/api/upload', cookies, { file: [await image('png', 1400, 1400), 'omslag.png'] });
    const series = await admin.post('/api/admin/podcast-series', { title: 'Bucketpodden', description: 'Om moln', imageUrl: cover.body.url });
    expect(series.status).toBe(201);
    const episode = await admin.post('/api/admin/podcasts', {
      title: 'Premiumavsnitt', description: 'Bara för prenumeranter', duration: 60, seriesId: series.body.id,
      audioUrl: audio.body.url, premium: true, status: 'published',
    });
    expect(episode.status).toBe(201);
    const audioPath = `/api/podcasts/${episode.body.id}/audio`;

    expect((await fetch(server.url + audioPath)).status).toBe(401);
    const reader = (await signedInUser(server.url, server.db)).client;
    expect((await reader.get(audioPath)).status).toBe(403);
    const subscriber = (await signedInUser(server.url, server.db, { subscriptionStatus: 'active' })).client;
    const head = await subscriber.request('HEAD', audioPath);
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(mp3.length));
    expect(head.headers.get('accept-ranges')).toBe('bytes');
    const ranged = await fetch(server.url + audioPath, { headers: { Cookie: [...subscriber.cookies].map(([k, v]) => `${k}=${v}`).join('; '), Range: 'bytes=100-199' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 100-199/${mp3.length}`);
    expect((await bytesOf(ranged)).equals(mp3.subarray(100, 200))).toBe(true);
  });

  it('takes a custom video through tus with a cut PATCH resumed, then serves and deletes it in the bucket', async () => {
    const size = 7 * 1024 * 1024;
    const video = Buffer.alloc(size);
    videoHeads.mp4().copy(video);
    for (let i = 4096; i < size; i += 4096) video.writeUInt32BE(i, i);
    const tus = (method: string, url: string, headers: Record<string, string> = {}, body?: Uint8Array, base = server.url) => fetch(base + url, {
      method, headers: { 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${token}`, ...headers }, body: body as BodyInit | undefined,
    });
    const b64 = (text: string) => Buffer.from(text).toString('base64');
    const created = await tus('POST', '/api/admin/uploads', { 'Upload-Length': String(size), 'Upload-Metadata': `filename ${b64('klipp.mp4')},filetype ${b64('video/mp4')}` });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect(location).toMatch(/^\/api\/admin\/uploads\/[0-9a-f]{32}$/);

    // The connection drops after 2 MB of a PATCH: what arrived is kept in the bucket, and HEAD says how much.
    await new Promise<void>((resolve) => {
      const url = new URL(server.url + location);
      const request = http.request({
        host: url.hostname, port: url.port, path: url.pathname, method: 'PATCH',
        headers: { 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${token}`, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream', 'Content-Length': String(size) },
      });
      request.on('error', () => resolve());
      request.write(video.subarray(0, 2 * 1024 * 1024), () => setTimeout(() => { request.destroy(); resolve(); }, 500));
    });
    // The upload goes on through another process, on PostgreSQL with its own empty DATA_DIR (SQLite's database lives
    // in DATA_DIR): what it needs of the upload is in the bucket.
    const otherData = server.database.url ? await mkdtemp(path.join(os.tmpdir(), 'redaktion-other-')) : server.database.dataDir;
    const other = await startTestServer({ database: { url: server.database.url, dataDir: otherData }, env: swiftStorageEnv(swift, bucket) });
    let last: Response;
    try {
      let offset = 0;
      for (let attempt = 0; attempt < 50 && offset === 0; attempt += 1) {
        offset = Number((await tus('HEAD', location, {}, undefined, other.url)).headers.get('upload-offset'));
        if (offset === 0) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(offset).toBeGreaterThan(0);
      expect(offset).toBeLessThanOrEqual(2 * 1024 * 1024);
      const unfinished = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'resumable/' }));
      expect(unfinished.KeyCount).toBeGreaterThan(0);

      last = await tus('PATCH', location, { 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' }, video.subarray(offset), other.url);
    } finally {
      await other.close();
    }
    if (otherData !== server.database.dataDir) {
      expect(await filesUnder(otherData)).toEqual([]);
      await rm(otherData, { recursive: true, force: true });
    }
    expect(last.status).toBe(200);
    const answer = await last.json() as { url: string; kind: string };
    expect(answer).toEqual({ url: expect.stringMatching(/^\/uploads\/videos\/[0-9a-f-]{36}\.mp4$/), kind: 'video' });
    expect((await bytesOf(await fetch(server.url + answer.url))).equals(video)).toBe(true);
    const head = await tus('HEAD', location);
    expect(head.headers.get('upload-offset')).toBe(String(size));
    expect(head.headers.get('upload-metadata')).toContain(`url ${b64(answer.url)}`);
    // The file is in the store: of the upload only its record (.info), which answers HEAD, is left in the bucket.
    const left = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `resumable/${location.split('/').at(-1)}` }));
    expect(left.Contents?.map((object) => object.Key)).toEqual([`resumable/${location.split('/').at(-1)}.info`]);
    // The final PATCH repeated, by a client whose answer was lost: the same answer, from any process.
    const again = await tus('PATCH', location, { 'Upload-Offset': String(size), 'Content-Type': 'application/offset+octet-stream' }, new Uint8Array(0));
    expect(await again.json()).toEqual(answer);

    const made = await admin.post('/api/admin/custom-videos', { title: 'Molnklipp', description: 'Från hinken', duration: '0:07', videoUrl: answer.url });
    expect(made.status).toBe(201);
    const ranged = await fetch(server.url + answer.url, { headers: { Range: 'bytes=4096-8191' } });
    expect(ranged.status).toBe(206);
    expect((await bytesOf(ranged)).equals(video.subarray(4096, 8192))).toBe(true);
    expect((await admin.delete(`/api/admin/custom-videos/${made.body.id}`)).status).toBe(204);
    await expect(s3.send(new HeadObjectCommand({ Bucket: bucket, Key: answer.url.slice(1) }))).rejects.toThrow();
    expect((await fetch(server.url + answer.url)).status).toBe(404);
  });

  it('removes a resumable upload from the bucket when it is terminated, or refused for its bytes at the last one', async () => {
    const tus = (method: string, url: string, headers: Record<string, string> = {}, body?: Uint8Array) => fetch(server.url + url, {
      method, headers: { 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${token}`, ...headers }, body: body as BodyInit | undefined,
    });
    const b64 = (text: string) => Buffer.from(text).toString('base64');
    const create = async (size: number) => (await tus('POST', '/api/admin/uploads', {
      'Upload-Length': String(size), 'Upload-Metadata': `filename ${b64('klipp.mp4')},filetype ${b64('video/mp4')}`,
    })).headers.get('location')!;
    const objectsOf = async (location: string) => (await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `resumable/${location.split('/').at(-1)}` }))).KeyCount;
    const send = (location: string, bytes: Buffer) => tus('PATCH', location, { 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }, bytes);

    const dropped = await create(10_000);
    expect((await send(dropped, videoHeads.mp4().subarray(0, 3000))).status).toBe(204);
    expect(await objectsOf(dropped)).toBeGreaterThan(0);
    expect((await tus('DELETE', dropped)).status).toBe(204);
    expect(await objectsOf(dropped)).toBe(0);
    expect([404, 410]).toContain((await tus('HEAD', dropped)).status);

    const text = Buffer.from('<html>ingen film</html>'.repeat(100));
    const refused = await create(text.length);
    const answer = await send(refused, text);
    expect(answer.status).toBe(415);
    expect(await answer.json()).toMatchObject({ code: 'unsupported_media_type' });
    expect(await objectsOf(refused)).toBe(0);
  });

  it('serves the demo seed from the bucket: pictures, their raster copies and episode audio', async () => {
    const article = (await new HttpClient(server.url).get('/api/articles?limit=1')).body[0] as { imageUrl: string };
    expect(article.imageUrl).toMatch(/^\/uploads\/demo\/.+\.svg$/);
    const picture = await fetch(server.url + article.imageUrl);
    expect(picture.status).toBe(200);
    expect((await bytesOf(picture)).equals((await inBucket(article.imageUrl.slice(1)))!)).toBe(true);
    const raster = await fetch(`${server.url}/media/og/${article.imageUrl.slice('/uploads/'.length)}.jpg`);
    expect(raster.status).toBe(200);
    expect((await sharp(await bytesOf(raster)).metadata()).format).toBe('jpeg');
    expect(await inBucket(`raster/og/${article.imageUrl.slice('/uploads/'.length)}.jpg`)).not.toBeNull();

    // Objects carry their type, for a CDN or a presigned URL that serves them without the API.
    const clip = (await server.db('customVideos').first('videoUrl', 'thumbnailUrl')) as { videoUrl: string; thumbnailUrl: string };
    expect((await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: clip.videoUrl.slice(1) }))).ContentType).toMatch(/^video\//);
    expect((await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: clip.thumbnailUrl.slice(1) }))).ContentType).toBe('image/jpeg');

    const free = (await server.db('podcasts').where({ premium: false }).whereNotNull('audioFile').first('id', 'audioFile', 'audioSize')) as { id: number; audioFile: string; audioSize: number };
    const audio = await fetch(`${server.url}/api/podcasts/${free.id}/audio`);
    expect(audio.status).toBe(200);
    const bytes = await bytesOf(audio);
    expect(bytes.length).toBe(Number(free.audioSize));
    expect(bytes.equals((await inBucket(`audio/${free.audioFile}`))!)).toBe(true);
  });

  it('with presigned URLs, redirects public files to the bucket but streams private audio itself, from a second process', async () => {
    const second = await startTestServer({ database: server.database, env: { ...swiftStorageEnv(swift, bucket), S3_PRESIGNED_URLS: '1' } });
    try {
      const png = await image('png', 600, 300);
      const uploaded = await postForm(server.url, '/api/upload', cookies, { file: [png, 'bild.png'] });
      const redirected = await fetch(second.url + uploaded.body.url, { redirect: 'manual' });
      expect(redirected.status).toBe(302);
      const location = redirected.headers.get('location')!;
      expect(location.startsWith(`${swift.endpoint}/${bucket}/${uploaded.body.url.slice(1)}?`)).toBe(true);
      expect(location).toContain('X-Amz-Signature=');
      expect((await bytesOf(await fetch(location))).equals((await inBucket(uploaded.body.url.slice(1)))!)).toBe(true);
      // The redirect is kept for less time than the link lives; HEAD (a GET-signed link would refuse it) is answered here.
      expect(redirected.headers.get('cache-control')).toBe('public, max-age=60');
      const head = await fetch(second.url + uploaded.body.url, { method: 'HEAD', redirect: 'manual' });
      expect(head.status).toBe(200);
      expect(Number(head.headers.get('content-length'))).toBe((await inBucket(uploaded.body.url.slice(1)))!.length);
      // The pages may load media from the bucket: the browser would block it otherwise.
      const csp = (await fetch(`${second.url}/`)).headers.get('content-security-policy')!;
      for (const directive of ['img-src', 'media-src', 'connect-src']) {
        expect(csp).toMatch(new RegExp(`${directive} [^;]*${new URL(swift.endpoint).origin.replace(/[.:/]/g, '\\$&')}`));
      }

      const free = (await server.db('podcasts').where({ premium: false }).whereNotNull('audioFile').first('id')) as { id: number };
      const audio = await fetch(`${second.url}/api/podcasts/${free.id}/audio`, { redirect: 'manual', headers: { Range: 'bytes=0-99' } });
      expect(audio.status).toBe(206);
      expect(audio.headers.get('location')).toBeNull();
    } finally {
      await second.close();
    }
  });

  it('backs up the database only, and says that the files are in the bucket', async () => {
    const work = await mkdtemp(path.join(os.tmpdir(), 'redaktion-s3-backup-'));
    try {
      const file = path.join(work, 'backup.tar');
      const env = {
        ...process.env, ...swiftStorageEnv(swift, bucket), DATA_DIR: server.database.dataDir, LOG_LEVEL: 'error',
        ...(server.database.url ? { DATABASE_URL: server.database.url } : {}),
      };
      const run = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
        const child = spawn('npm', ['run', '--silent', 'backup', '--', file], { cwd: path.resolve(import.meta.dirname, '../..'), env });
        let stdout = '';
        child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString(); });
        child.on('close', (code) => resolve({ code, stdout }));
      });
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('no stored file(s)');
      expect(run.stdout).toContain('S3 bucket');
      const listed: string[] = [];
      await tar.list({ file, onReadEntry: (entry) => { listed.push(entry.path); } });
      expect(listed.filter((entry) => entry.startsWith('uploads') || entry.startsWith('audio'))).toEqual([]);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });

  it('leaves no uploaded file under DATA_DIR', async () => {
    const left = await filesUnder(server.database.dataDir);
    expect(left.filter((file) => !file.startsWith('redaktion.sqlite'))).toEqual([]);
  });
});

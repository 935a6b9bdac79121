import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import { ListMultipartUploadsCommand, PutBucketAclCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../src/storage/local.js';
import { createS3Storage, PRESIGNED_URL_SECONDS } from '../src/storage/s3.js';
import { loadConfig } from '../src/config.js';
import { createStorage, type Storage } from '../src/storage/index.js';
import { createBucket, sharedSwift, SWIFT_START_TIMEOUT_MS, swiftClient, swiftS3Settings, swiftStorageEnv, type SwiftS3 } from './support/swift.js';

async function bytesOf(stream: Readable | null): Promise<Buffer | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

async function keysOf(storage: Storage, prefix: string) {
  const listed: { key: string; size: number }[] = [];
  for await (const { key, size, lastModified } of storage.list(prefix)) {
    expect(lastModified).toBeInstanceOf(Date);
    listed.push({ key, size });
  }
  return listed;
}

/** Bytes that differ at every offset, so that a range or a part in the wrong place shows. */
function pattern(length: number, seed = 0): Buffer {
  const buffer = Buffer.alloc(length);
  for (let index = 0; index < length; index += 1) buffer[index] = (index * 31 + seed + (index >> 8)) & 0xff;
  return buffer;
}

/** A stream of `length` bytes with no length known up front, made as it is read; each chunk starts with its number. */
function generated(length: number, chunk = 64 * 1024): Readable {
  const block = pattern(chunk);
  return Readable.from((function* () {
    for (let offset = 0, index = 0; offset < length; offset += chunk, index += 1) {
      const piece = Buffer.from(block.subarray(0, Math.min(chunk, length - offset)));
      if (piece.length >= 4) piece.writeUInt32BE(index);
      yield piece;
    }
  })());
}

const sha256 = async (stream: Readable | null) => {
  const hash = createHash('sha256');
  for await (const chunk of stream!) hash.update(chunk as Uint8Array);
  return hash.digest('hex');
};

// A forced collection before each memory sample, so that only what the upload still holds is counted.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

const drivers: [string, () => Promise<{ storage: Storage; cleanup: () => Promise<void> }>][] = [
  ['local', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'redaktion-storage-'));
    return { storage: createLocalStorage(root), cleanup: () => rm(root, { recursive: true, force: true }) };
  }],
  ['s3 on Swift', async () => {
    const swift = await sharedSwift();
    const bucket = await createBucket(swift, 'conformance');
    return { storage: createS3Storage({ ...swiftS3Settings(swift, bucket), publicMediaOrigin: null, presignedUrls: false }), cleanup: async () => {} };
  }],
];

describe.each(drivers)('the %s driver', (_name, make) => {
  let storage: Storage;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, cleanup } = await make());
  }, SWIFT_START_TIMEOUT_MS);
  afterAll(() => cleanup());

  it('stores a buffer and gives it back whole, with its size, a quoted etag and the time it was stored', async () => {
    const body = pattern(70_000);
    const before = Date.now();
    await storage.put('uploads/images/whole.jpg', body, { contentType: 'image/jpeg' });
    expect(await bytesOf(await storage.get('uploads/images/whole.jpg'))).toEqual(body);
    const info = await storage.stat('uploads/images/whole.jpg');
    expect(info?.size).toBe(70_000);
    expect(info?.etag).toMatch(/^"[^"]+"$/);
    // Stores keep whole seconds; the clocks are the same machine's.
    expect(info!.lastModified.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);
    expect(info!.lastModified.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('stores a stream in several chunks, and one generated as it goes', async () => {
    const known = pattern(300_000, 7);
    await storage.put('audio/known.mp3', Readable.from([known.subarray(0, 100_000), known.subarray(100_000)]), { contentType: 'audio/mpeg' });
    expect(await bytesOf(await storage.get('audio/known.mp3'))).toEqual(known);

    await storage.put('audio/unknown.mp3', generated(200_000));
    const expected = await bytesOf(generated(200_000));
    expect(await bytesOf(await storage.get('audio/unknown.mp3'))).toEqual(expected);
    expect((await storage.stat('audio/unknown.mp3'))?.size).toBe(200_000);
  });

  it('gives back byte ranges, both ends included', async () => {
    const body = pattern(10_000, 3);
    await storage.put('audio/ranges.mp3', body);
    expect(await bytesOf(await storage.get('audio/ranges.mp3', { start: 0, end: 0 }))).toEqual(body.subarray(0, 1));
    expect(await bytesOf(await storage.get('audio/ranges.mp3', { start: 1000, end: 1999 }))).toEqual(body.subarray(1000, 2000));
    expect(await bytesOf(await storage.get('audio/ranges.mp3', { start: 9_990, end: 9_999 }))).toEqual(body.subarray(9_990));
  });

  it('replaces an object stored again under the same key', async () => {
    await storage.put('uploads/replaced.txt', Buffer.from('the first version, longer'));
    const first = await storage.stat('uploads/replaced.txt');
    await storage.put('uploads/replaced.txt', Buffer.from('second'));
    expect((await bytesOf(await storage.get('uploads/replaced.txt')))?.toString()).toBe('second');
    const second = await storage.stat('uploads/replaced.txt');
    expect(second?.size).toBe(6);
    expect(second?.etag).not.toBe(first?.etag);
  });

  it('deletes an object, and deleting it again is no error', async () => {
    await storage.put('uploads/deleted.txt', Buffer.from('gone soon'));
    await storage.delete('uploads/deleted.txt');
    await storage.delete('uploads/deleted.txt');
    expect(await storage.get('uploads/deleted.txt')).toBeNull();
    expect(await storage.stat('uploads/deleted.txt')).toBeNull();
  });

  it('answers null for a key that was never stored, with or without a range', async () => {
    expect(await storage.get('uploads/never.jpg')).toBeNull();
    expect(await storage.get('uploads/never.jpg', { start: 0, end: 9 })).toBeNull();
    expect(await storage.stat('uploads/never.jpg')).toBeNull();
    expect(await storage.get('never/deeper/still.jpg')).toBeNull();
  });

  it('lists the objects under a prefix, nested ones included, in key order', async () => {
    const keys = ['list/b/c/d.txt', 'list/a/b.txt', 'list/a.txt', 'list/a-b.txt', 'lister/outside.txt'];
    for (const [index, key] of keys.entries()) await storage.put(key, Buffer.alloc(index + 1, 1));
    expect(await keysOf(storage, 'list/')).toEqual([
      { key: 'list/a-b.txt', size: 4 },
      { key: 'list/a.txt', size: 3 },
      { key: 'list/a/b.txt', size: 2 },
      { key: 'list/b/c/d.txt', size: 1 },
    ]);
    // A prefix that ends inside a name, not at a slash.
    expect((await keysOf(storage, 'list/a')).map(({ key }) => key)).toEqual(['list/a-b.txt', 'list/a.txt', 'list/a/b.txt']);
    expect((await keysOf(storage, 'list')).map(({ key }) => key)).toContain('lister/outside.txt');
    expect(await keysOf(storage, 'nothing-here/')).toEqual([]);
  });

  it('keeps nothing of a stream that fails half-way (a client that hangs up), not even in a listing', async () => {
    const failing = Readable.from((function* () {
      yield pattern(6 * 1024 * 1024);
      yield pattern(1024 * 1024, 1);
      throw new Error('client went away');
    })());
    await expect(storage.put('videos/broken/half.mp4', failing)).rejects.toThrow('client went away');
    expect(await storage.stat('videos/broken/half.mp4')).toBeNull();
    expect(await keysOf(storage, 'videos/broken/')).toEqual([]);
  });

  it('streams a 128 MB upload through without holding it in memory', async () => {
    const size = 128 * 1024 * 1024;
    collectGarbage();
    const baseline = process.memoryUsage().arrayBuffers;
    let peak = baseline;
    const sampler = setInterval(() => {
      collectGarbage();
      peak = Math.max(peak, process.memoryUsage().arrayBuffers);
    }, 200);
    try {
      await storage.put('videos/large.mp4', generated(size), { contentType: 'video/mp4' });
    } finally {
      clearInterval(sampler);
    }
    // The S3 driver holds about 20 MiB of parts; freed buffers that V8 has not swept yet make the rest of the margin.
    expect(peak - baseline).toBeLessThan(size / 2);
    expect((await storage.stat('videos/large.mp4'))?.size).toBe(size);
    expect(await sha256(await storage.get('videos/large.mp4'))).toBe(await sha256(generated(size)));
  }, 240_000);
});

describe('the s3 driver: URLs a client fetches itself', () => {
  let swift: SwiftS3;
  let bucket: string;
  beforeAll(async () => {
    swift = await sharedSwift();
    bucket = await createBucket(swift, 'urls');
  }, SWIFT_START_TIMEOUT_MS);

  it('hands out a short-lived presigned URL that plain fetch reads, Range included', async () => {
    const storage = createS3Storage({ ...swiftS3Settings(swift, bucket), publicMediaOrigin: null, presignedUrls: true });
    const body = pattern(50_000, 11);
    await storage.put('videos/clip one.mp4', body, { contentType: 'video/mp4' });
    const url = await storage.publicUrl('videos/clip one.mp4');
    expect(new URL(url!).searchParams.get('X-Amz-Expires')).toBe(String(PRESIGNED_URL_SECONDS));

    const whole = await fetch(url!);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(body);

    const part = await fetch(url!, { headers: { Range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 100-199/50000');
    expect(Buffer.from(await part.arrayBuffer())).toEqual(body.subarray(100, 200));

    // The signature covers the key: the same query string on another key is refused.
    const forged = new URL(url!);
    forged.pathname = forged.pathname.replace('clip%20one', 'other');
    expect((await fetch(forged)).status).toBe(403);
  });

  it('builds URLs on PUBLIC_MEDIA_ORIGIN, here the bucket read through Swift without credentials', async () => {
    const client = swiftClient(swift);
    await client.send(new PutBucketAclCommand({ Bucket: bucket, ACL: 'public-read' }));
    client.destroy();
    const origin = `${swift.endpoint}/v1/AUTH_${swift.accessKeyId.split(':')[0]}/${bucket}`;
    const storage = createS3Storage({ ...swiftS3Settings(swift, bucket), publicMediaOrigin: origin, presignedUrls: true });
    await storage.put('uploads/images/öl & bröd.jpg', Buffer.from('jpeg bytes'));
    const url = await storage.publicUrl('uploads/images/öl & bröd.jpg');
    expect(url).toBe(`${origin}/uploads/images/%C3%B6l%20%26%20br%C3%B6d.jpg`);
    const response = await fetch(url!);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('jpeg bytes');
  });

  it('aborts the multipart upload of a stream that fails, so that no parts linger in the bucket', async () => {
    const storage = createS3Storage({ ...swiftS3Settings(swift, bucket), publicMediaOrigin: null, presignedUrls: false });
    const failing = Readable.from((function* () {
      yield pattern(12 * 1024 * 1024);
      throw new Error('source failed');
    })());
    await expect(storage.put('videos/aborted.mp4', failing)).rejects.toThrow('source failed');
    const client = swiftClient(swift);
    const uploads = await client.send(new ListMultipartUploadsCommand({ Bucket: bucket }));
    client.destroy();
    expect(uploads.Uploads ?? []).toEqual([]);
  });

  it('answers null when the API is to stream the object itself', async () => {
    const storage = createS3Storage({ ...swiftS3Settings(swift, bucket), publicMediaOrigin: null, presignedUrls: false });
    expect(await storage.publicUrl('videos/clip one.mp4')).toBeNull();
  });

  it('throws, rather than answering "no such object", when the store itself fails', async () => {
    const storage = createS3Storage({ ...swiftS3Settings(swift, 'no-such-bucket-here'), publicMediaOrigin: null, presignedUrls: false });
    await expect(storage.get('uploads/a.jpg')).rejects.toThrow();
    const wrongKey = createS3Storage({ ...swiftS3Settings({ ...swift, secretAccessKey: 'wrong' }, bucket), publicMediaOrigin: null, presignedUrls: false });
    await expect(wrongKey.stat('videos/clip one.mp4')).rejects.toThrow();
  });
});

describe('choosing the store from the environment', () => {
  let dataDir: string;
  let swift: SwiftS3;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'redaktion-storage-config-'));
    swift = await sharedSwift();
  }, SWIFT_START_TIMEOUT_MS);
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  // Without S3_FORCE_PATH_STYLE: its default (path style when an endpoint is named) is under test too.
  const s3Env = (bucket: string): Record<string, string | undefined> => ({
    ...swiftStorageEnv(swift, bucket),
    S3_FORCE_PATH_STYLE: undefined,
    DATA_DIR: dataDir,
  });

  it('keeps files under DATA_DIR by default', async () => {
    const storage = createStorage(loadConfig({ DATA_DIR: dataDir }));
    expect(storage.driver).toBe('local');
    await storage.put('uploads/default.txt', Buffer.from('on disk'));
    expect((await bytesOf(await storage.get('uploads/default.txt')))?.toString()).toBe('on disk');
  });

  it('uses the bucket with STORAGE=s3, path-style when an endpoint is named', async () => {
    const bucket = await createBucket(swift, 'config');
    const config = loadConfig(s3Env(bucket));
    expect(config.storage).toMatchObject({ driver: 's3', s3: { bucket, forcePathStyle: true }, presignedUrls: false, publicMediaOrigin: null });
    const storage = createStorage(config);
    expect(storage.driver).toBe('s3');
    await storage.put('uploads/in-bucket.txt', Buffer.from('in the bucket'));
    expect((await bytesOf(await createS3Storage({ ...swiftS3Settings(swift, bucket), publicMediaOrigin: null, presignedUrls: false })
      .get('uploads/in-bucket.txt')))?.toString()).toBe('in the bucket');
  });

  it('refuses to start with a missing or malformed storage variable, naming it', () => {
    for (const name of ['S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) {
      expect(() => loadConfig({ ...s3Env('b'), [name]: '' })).toThrow(`${name} is required with STORAGE=s3`);
    }
    expect(() => loadConfig({ DATA_DIR: dataDir, STORAGE: 'ftp' })).toThrow("STORAGE must be 'local' or 's3', not 'ftp'");
    expect(() => loadConfig({ ...s3Env('b'), S3_FORCE_PATH_STYLE: 'maybe' })).toThrow("S3_FORCE_PATH_STYLE must be 1 or 0, not 'maybe'");
    expect(() => loadConfig({ ...s3Env('b'), S3_ENDPOINT: 'swift:8080' })).toThrow(/S3_ENDPOINT must be an http\(s\) URL/);
    expect(() => loadConfig({ ...s3Env('b'), PUBLIC_MEDIA_ORIGIN: 'https://media.example/?x=1' })).toThrow(/PUBLIC_MEDIA_ORIGIN must be/);
  });

  it('reads PUBLIC_MEDIA_ORIGIN, S3_PRESIGNED_URLS and S3_FORCE_PATH_STYLE', () => {
    const config = loadConfig({ ...s3Env('b'), PUBLIC_MEDIA_ORIGIN: 'https://media.example/files/', S3_PRESIGNED_URLS: '1', S3_FORCE_PATH_STYLE: '0' });
    expect(config.storage).toMatchObject({ publicMediaOrigin: 'https://media.example/files', presignedUrls: true, s3: { forcePathStyle: false } });
  });
});

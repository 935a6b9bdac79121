import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { UPLOAD_FORMATS } from '@redaktion/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../api/test/support/test-server.js';
import { startCuttableProxy, until, type CuttableProxy } from '../../test/support/cuttable-proxy.js';
import { staffWithToken } from '../../test/support/staff.js';
import { mp4 } from '../../test/support/videos.js';
import { UploadQueue, type UploadQueueOptions } from './upload-queue.js';

const CHUNK = 256 * 1024;
let server: TestServer;
let token: string;
let dir: string;

beforeAll(async () => {
  server = await startTestServer();
  ({ token } = await staffWithToken(server));
  dir = await mkdtemp(path.join(os.tmpdir(), 'redaktion-queue-'));
});
afterAll(() => server?.close());

const sha = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const api = (pathname: string) => fetch(server.url + pathname, { headers: { Authorization: `Bearer ${token}` } });

function queueOptions(proxy: CuttableProxy, file: string, extra: Partial<UploadQueueOptions> = {}): UploadQueueOptions {
  return { file, session: () => ({ origin: proxy.origin, token, profileId: 'newsroom' }), chunkSize: CHUNK, backoff: () => 100, ...extra };
}

describe('the upload queue against the real tus endpoint', () => {
  it('survives a connection cut mid-file and a restart of the app, and the video arrives whole, once', async () => {
    const proxy = await startCuttableProxy(server.url);
    const video = mp4(83.6, 2 * 1024 * 1024);
    const file = path.join(dir, 'Intervju_med_borgmastaren.mp4');
    await writeFile(file, video);
    const state = path.join(dir, 'cut.json');

    const first = await UploadQueue.open(queueOptions(proxy, state));
    proxy.cutAfter(video.length / 2);
    const [item] = await first.add([file]);
    await until(() => first.snapshot().items[0]!.status === 'waiting', 'the queue to notice the lost connection');
    expect(first.snapshot().items[0]!.error).toBeTruthy();
    // The app quits while the network is down; what it knew is on disk.
    await first.stop();
    const onDisk = JSON.parse(await readFile(state, 'utf8')) as { items: { id: string; uploadUrl: string | null }[] };
    expect(onDisk.items[0]).toMatchObject({ id: item!.id, uploadUrl: expect.stringContaining('/api/admin/uploads/') });

    await proxy.restore();
    const sentBeforeRestart = proxy.bytesUp;
    const second = await UploadQueue.open(queueOptions(proxy, state));
    second.wake();
    await until(() => second.snapshot().items[0]!.status === 'done', 'the upload to finish after the restart');
    const done = second.snapshot().items[0]!;
    expect(done).toMatchObject({ bytesSent: video.length, fileUrl: expect.stringMatching(/^\/uploads\//), customVideoId: expect.any(Number), error: null });

    // Bytes sent twice: less than one chunk (the part of the cut request that never reached the disk).
    const resent = proxy.bytesUp - video.length;
    expect(resent).toBeLessThan(CHUNK + 16 * 1024);
    expect(proxy.bytesUp - sentBeforeRestart).toBeLessThan(video.length);
    const stored = Buffer.from(await (await fetch(server.url + done.fileUrl)).arrayBuffer());
    expect(sha(stored)).toBe(sha(video));

    const videos = await (await api('/api/admin/custom-videos')).json() as { id: number; title: string; duration: string; videoUrl: string }[];
    expect(videos.filter((candidate) => candidate.videoUrl === done.fileUrl)).toEqual([
      expect.objectContaining({ id: done.customVideoId, title: 'Intervju med borgmastaren', duration: '1:24' }),
    ]);
    await second.stop();
    await proxy.close();
  });

  it('sends two at a time with progress and speed, and pauses, resumes and cancels', async () => {
    // About 1.5 MB/s: each 1 MB file takes a moment, long enough to act on it.
    const proxy = await startCuttableProxy(server.url, { bytesPerSecond: 1.5 * 1024 * 1024 });
    const folder = path.join(dir, 'batch');
    await mkdir(path.join(folder, 'day two'), { recursive: true });
    await writeFile(path.join(folder, 'a.mp4'), mp4(10, 1024 * 1024));
    await writeFile(path.join(folder, 'b.mov'), mp4(20, 1024 * 1024));
    await writeFile(path.join(folder, 'day two', 'c.mp4'), mp4(30, 1024 * 1024));
    await writeFile(path.join(folder, 'notes.txt'), 'not a video');
    let mostAtOnce = 0;
    let sawSpeed = false;
    let sawRemaining = false;
    const queue = await UploadQueue.open(queueOptions(proxy, path.join(dir, 'batch.json'), {
      onChange: (snapshot) => {
        mostAtOnce = Math.max(mostAtOnce, snapshot.items.filter((item) => item.status === 'uploading').length);
        sawSpeed ||= snapshot.items.some((item) => item.speed > 0);
        sawRemaining ||= snapshot.remainingSeconds !== null && snapshot.remainingSeconds > 0;
      },
    }));
    const added = await queue.add([folder]);
    expect(added.map((item) => item.name)).toEqual(['a.mp4', 'b.mov', 'c.mp4']);
    const [a, b, c] = added;
    await until(() => queue.snapshot().items.find((item) => item.id === a!.id)!.bytesSent > 0, 'a to start');
    await queue.pause(a!.id);
    const pausedAt = queue.snapshot().items.find((item) => item.id === a!.id)!;
    expect(pausedAt.status).toBe('paused');
    await until(() => queue.snapshot().items.find((item) => item.id === c!.id)!.status === 'uploading', 'c to take the free place');
    await until(() => queue.snapshot().items.find((item) => item.id === c!.id)!.uploadUrl !== null, 'c to be created on the server');
    const cUrl = queue.snapshot().items.find((item) => item.id === c!.id)!.uploadUrl!;
    await queue.cancel(c!.id);
    expect((await fetch(cUrl, { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${token}` } })).status).toBeGreaterThanOrEqual(404);
    await queue.resume(a!.id);
    await until(() => [a, b].every((item) => queue.snapshot().items.find((candidate) => candidate.id === item!.id)!.status === 'done'), 'a and b to finish', 60_000);
    expect(queue.snapshot().items.map((item) => item.status)).toEqual(['done', 'done', 'cancelled']);
    expect(mostAtOnce).toBe(2);
    expect(sawSpeed).toBe(true);
    expect(sawRemaining).toBe(true);
    expect(queue.busy).toBe(false);
    await queue.stop();
    await proxy.close();
  });

  it('takes a file of every video format the server takes, and only those, and the server accepts each', async () => {
    const proxy = await startCuttableProxy(server.url);
    const folder = path.join(dir, 'formats');
    await mkdir(folder);
    const riff = (form: string) => Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from(form), Buffer.alloc(4000, 1)]);
    // The first bytes the server sniffs, for each type the shared formats declare.
    const bytesOf: Record<string, Buffer> = {
      'video/mp4': mp4(5, 4000),
      'video/quicktime': Buffer.concat([Buffer.from([0, 0, 0, 20]), Buffer.from('ftypqt  '), Buffer.alloc(4000, 1)]),
      'video/webm': Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(4000, 1)]),
      'video/ogg': Buffer.concat([Buffer.from('OggS'), Buffer.alloc(4000, 1)]),
      'video/x-msvideo': riff('AVI '),
    };
    const formats = Object.entries(UPLOAD_FORMATS.video.extensions);
    for (const [extension, type] of formats) await writeFile(path.join(folder, `film${extension}`), bytesOf[type]!);
    for (const other of ['film.mkv', 'film.wmv', 'film.mp3', 'film.txt']) await writeFile(path.join(folder, other), mp4(5, 4000));
    const queue = await UploadQueue.open(queueOptions(proxy, path.join(dir, 'formats.json')));
    const added = await queue.add([folder]);
    expect(added.map((item) => [path.extname(item.name), item.type]).sort()).toEqual(formats.sort());
    await until(() => queue.snapshot().items.every((item) => item.status === 'done' || item.status === 'failed'), 'every upload to end');
    expect(queue.snapshot().items.filter((item) => item.status !== 'done').map((item) => [item.name, item.error])).toEqual([]);
    await queue.stop();
    await proxy.close();
  });

  it('does not retry what the server refuses, and shows its reason', async () => {
    const proxy = await startCuttableProxy(server.url);
    const file = path.join(dir, 'fake.mp4');
    await writeFile(file, Buffer.alloc(4000, 1));
    const queue = await UploadQueue.open(queueOptions(proxy, path.join(dir, 'refused.json')));
    await queue.add([file]);
    await until(() => queue.snapshot().items[0]!.status === 'failed', 'the refusal');
    expect(queue.snapshot().items[0]!.error).toMatch(/type|video|accepted/i);
    expect(queue.snapshot().items[0]!.attempts).toBe(0);
    await queue.stop();
    await proxy.close();
  });
});

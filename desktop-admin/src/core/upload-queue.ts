import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_FORMATS } from '@redaktion/shared';
import { Upload, type DetailedError } from 'tus-js-client';
import { z } from 'zod';
import { JsonFile } from './json-file.js';
import { createServerCall, jsonAnswer, type ServerSession } from './server-connection.js';
import { durationText, titleFromFileName, videoDurationSeconds } from './video-duration.js';

/**
 * The bulk video upload queue of the main process: files go to the server's tus endpoint
 * (`/api/admin/uploads`) two at a time, and each finished one becomes a custom video. The queue is kept on
 * disk, so a lost connection, a sleeping laptop or a restart of the app resumes where the bytes stopped.
 */
/** The video files the queue takes, by extension, with the type their upload declares: those the server takes. */
export const VIDEO_EXTENSIONS: Readonly<Record<string, string>> = UPLOAD_FORMATS.video.extensions;

export const uploadStatuses = ['queued', 'uploading', 'paused', 'waiting', 'creating', 'done', 'failed', 'cancelled'] as const;
export type UploadStatus = (typeof uploadStatuses)[number];

export const uploadItemSchema = z.object({
  id: z.string(),
  profileId: z.string(),
  path: z.string(),
  name: z.string(),
  size: z.number(),
  type: z.string(),
  status: z.enum(uploadStatuses),
  bytesSent: z.number(),
  /** The tus upload's address on the server, once created: what a resume continues. */
  uploadUrl: z.string().nullable(),
  /** The finished file on the server (`/uploads/…`). */
  fileUrl: z.string().nullable(),
  customVideoId: z.number().nullable(),
  error: z.string().nullable(),
  attempts: z.number(),
  retryAt: z.number().nullable(),
  addedAt: z.number(),
});
export type UploadItem = z.infer<typeof uploadItemSchema>;

const storedSchema = z.object({ items: z.array(uploadItemSchema) });

export interface UploadView extends UploadItem {
  /** Bytes per second over the last few seconds (0 when not sending). */
  speed: number;
}

export interface QueueSnapshot {
  items: UploadView[];
  /** Seconds until every waiting and running file is sent, at the present speed; null when nothing moves. */
  remainingSeconds: number | null;
  /** Files still to send or to turn into videos. */
  pending: number;
}

export interface UploadQueueOptions {
  /** Where the queue is kept (JSON). */
  file: string;
  /** The signed-in server and its profile; uploads of other profiles wait for theirs. */
  session: () => (ServerSession & { profileId: string }) | null;
  fetch?: typeof fetch;
  concurrency?: number;
  chunkSize?: number;
  /** Milliseconds before retry number `attempt` (1, 2, …). */
  backoff?: (attempt: number) => number;
  onChange?: (snapshot: QueueSnapshot) => void;
}

const SPEED_WINDOW_MS = 5000;
const PROGRESS_SAVE_MS = 1000;
const UNFINISHED: ReadonlySet<UploadStatus> = new Set(['queued', 'uploading', 'paused', 'waiting', 'creating']);

const defaultBackoff = (attempt: number) => Math.min(60_000, 1000 * 2 ** (attempt - 1));

/** The server's own message in a tus error, and whether trying again can help. */
function describeTusError(error: Error | DetailedError): { message: string; retry: boolean; expired: boolean } {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  if (!response) return { message: error.message.split('\n')[0] ?? error.message, retry: !/refused to send/i.test(error.message), expired: false };
  const status = response.getStatus();
  let message = `The server answered ${status}`;
  try {
    const body = JSON.parse(response.getBody()) as { error?: unknown };
    if (typeof body.error === 'string') message = body.error;
  } catch { /* not JSON */ }
  return { message, retry: status === 409 || status === 423 || status === 429 || status >= 500, expired: status === 404 || status === 410 };
}

export class UploadQueue {
  private items: UploadItem[] = [];
  private readonly running = new Map<string, Upload>();
  private readonly creating = new Set<string>();
  private readonly samples = new Map<string, { at: number; bytes: number }[]>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly store: JsonFile<z.infer<typeof storedSchema>>;
  private lastProgressSave = 0;
  private stopped = false;

  private constructor(private readonly options: UploadQueueOptions) {
    this.store = new JsonFile(options.file, storedSchema, () => ({ items: [] }));
  }

  /** Opens the queue kept on disk; uploads that were running when the app stopped continue from the server's offset. */
  static async open(options: UploadQueueOptions): Promise<UploadQueue> {
    const queue = new UploadQueue(options);
    queue.items = (await queue.store.read()).items.map((item) =>
      item.status === 'uploading' || item.status === 'waiting' ? { ...item, status: 'queued', retryAt: null } : item);
    return queue;
  }

  /** Adds video files, and the video files inside dropped folders (and the folders inside them). */
  async add(paths: string[]): Promise<UploadItem[]> {
    const session = this.options.session();
    if (!session) throw new Error('Sign in to a server before uploading');
    const files = (await Promise.all(paths.map((entry) => videoFilesUnder(entry)))).flat();
    const added: UploadItem[] = [];
    for (const file of files) {
      const info = await stat(file);
      added.push({
        id: randomUUID(), profileId: session.profileId, path: file, name: path.basename(file), size: info.size,
        type: VIDEO_EXTENSIONS[path.extname(file).toLowerCase()]!, status: 'queued', bytesSent: 0, uploadUrl: null,
        fileUrl: null, customVideoId: null, error: null, attempts: 0, retryAt: null, addedAt: Date.now(),
      });
    }
    this.items.push(...added);
    await this.changed(true);
    this.pump();
    return added;
  }

  snapshot(): QueueSnapshot {
    const now = Date.now();
    const items = this.items.map((item) => ({ ...item, speed: this.speedOf(item.id, now) }));
    const pendingItems = items.filter((item) => UNFINISHED.has(item.status) && item.status !== 'paused');
    const speed = items.reduce((sum, item) => sum + item.speed, 0);
    const remainingBytes = pendingItems.reduce((sum, item) => sum + item.size - item.bytesSent, 0);
    return {
      items,
      remainingSeconds: pendingItems.length === 0 ? 0 : speed > 0 ? remainingBytes / speed : null,
      pending: items.filter((item) => UNFINISHED.has(item.status)).length,
    };
  }

  /** True while files are being sent or wait to be (what the warning before quitting asks about). */
  get busy(): boolean {
    return this.items.some((item) => UNFINISHED.has(item.status) && item.status !== 'paused');
  }

  async pause(id: string): Promise<void> {
    const item = this.find(id);
    if (!item || !['queued', 'uploading', 'waiting'].includes(item.status)) return;
    item.status = 'paused';
    item.retryAt = null;
    await this.running.get(id)?.abort(false);
    this.running.delete(id);
    await this.changed(true);
    this.pump();
  }

  async resume(id: string): Promise<void> {
    const item = this.find(id);
    if (!item || (item.status !== 'paused' && item.status !== 'failed')) return;
    item.status = 'queued';
    item.error = null;
    item.attempts = 0;
    await this.changed(true);
    this.pump();
  }

  /** A failed upload tried again now (the same as resuming it). */
  retry(id: string): Promise<void> {
    return this.resume(id);
  }

  /** Stops an upload and deletes what the server had received of it. */
  async cancel(id: string): Promise<void> {
    const item = this.find(id);
    if (!item || !UNFINISHED.has(item.status) && item.status !== 'failed') return;
    const upload = this.running.get(id);
    item.status = 'cancelled';
    this.running.delete(id);
    if (upload) await upload.abort(true).catch(() => undefined);
    else if (item.uploadUrl) await this.terminate(item.uploadUrl);
    item.uploadUrl = null;
    await this.changed(true);
    this.pump();
  }

  /** Finished and cancelled files leave the list. */
  async clearFinished(): Promise<void> {
    this.items = this.items.filter((item) => item.status !== 'done' && item.status !== 'cancelled');
    await this.changed(true);
  }

  /** Starts whatever can start (after signing in, after the network or the computer wakes up). */
  wake(): void {
    for (const item of this.items) if (item.status === 'waiting') item.retryAt = 0;
    this.pump();
  }

  /** Stops sending without forgetting anything (quitting the app): the next start resumes. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.all([...this.running.values()].map((upload) => upload.abort(false).catch(() => undefined)));
    this.running.clear();
    await this.store.write({ items: this.items });
  }

  private find(id: string) {
    return this.items.find((item) => item.id === id);
  }

  private speedOf(id: string, now: number): number {
    const samples = (this.samples.get(id) ?? []).filter((sample) => now - sample.at <= SPEED_WINDOW_MS);
    if (!this.running.has(id) || samples.length < 2) return 0;
    const first = samples[0]!;
    const last = samples[samples.length - 1]!;
    return last.at > first.at ? ((last.bytes - first.bytes) * 1000) / (last.at - first.at) : 0;
  }

  private async changed(save: boolean): Promise<void> {
    this.options.onChange?.(this.snapshot());
    if (save) await this.store.write({ items: this.items });
  }

  private pump(): void {
    if (this.stopped) return;
    const session = this.options.session();
    if (!session) return;
    const now = Date.now();
    const concurrency = this.options.concurrency ?? 2;
    for (const item of this.items) {
      if (this.running.size >= concurrency) break;
      if (item.profileId !== session.profileId || this.running.has(item.id) || this.creating.has(item.id)) continue;
      const due = (item.retryAt ?? 0) <= now;
      if (item.status === 'queued' || (item.status === 'waiting' && due)) this.send(item, session);
      else if (item.status === 'creating' && due) void this.createVideo(item, session);
    }
  }

  private send(item: UploadItem, session: ServerSession): void {
    item.status = 'uploading';
    item.error = null;
    this.samples.set(item.id, []);
    const source = createReadStream(item.path);
    const upload: Upload = new Upload(source, {
      endpoint: `${session.origin}/api/admin/uploads`,
      uploadUrl: item.uploadUrl,
      chunkSize: this.options.chunkSize ?? 8 * 1024 * 1024,
      retryDelays: null,
      storeFingerprintForResuming: false,
      metadata: { filename: item.name, filetype: item.type },
      // The token is added per request, and only for the profile's own origin (never for a Location elsewhere).
      onBeforeRequest: (request) => {
        if (new URL(request.getURL()).origin !== session.origin) throw new Error(`Refused to send the upload to ${new URL(request.getURL()).origin}`);
        request.setHeader('Authorization', `Bearer ${session.token}`);
      },
      onUploadUrlAvailable: () => {
        item.uploadUrl = upload.url;
        void this.changed(true);
      },
      onProgress: (bytesSent) => {
        // A paused or cancelled upload may still report the last bytes of its aborted request: not shown.
        if (this.running.get(item.id) !== upload) return;
        item.bytesSent = bytesSent;
        const samples = this.samples.get(item.id) ?? [];
        samples.push({ at: Date.now(), bytes: bytesSent });
        while (samples.length > 2 && Date.now() - samples[0]!.at > SPEED_WINDOW_MS) samples.shift();
        this.samples.set(item.id, samples);
        const save = Date.now() - this.lastProgressSave > PROGRESS_SAVE_MS;
        if (save) this.lastProgressSave = Date.now();
        void this.changed(save);
      },
      onSuccess: ({ lastResponse }) => {
        this.running.delete(item.id);
        let answer: { url?: unknown; kind?: unknown } = {};
        try { answer = JSON.parse(lastResponse.getBody()) as typeof answer; } catch { /* checked below */ }
        if (typeof answer.url !== 'string' || answer.kind !== 'video') {
          void this.fail(item, `The server did not accept ${item.name} as a video`);
          return;
        }
        item.bytesSent = item.size;
        item.fileUrl = answer.url;
        item.status = 'creating';
        item.retryAt = null;
        void this.changed(true).then(() => this.pump());
      },
      onError: (error) => {
        if (this.running.get(item.id) !== upload) return;
        this.running.delete(item.id);
        const { message, retry, expired } = describeTusError(error);
        if (expired) item.uploadUrl = null;
        if (retry || expired) void this.later(item, message);
        else void this.fail(item, message);
      },
    });
    // A file moved or deleted since it was added: say so instead of retrying for ever.
    source.once('error', (error) => {
      if (this.running.get(item.id) !== upload) return;
      this.running.delete(item.id);
      void upload.abort(false).catch(() => undefined);
      void this.fail(item, `The file cannot be read: ${error.message}`);
    });
    this.running.set(item.id, upload);
    upload.start();
  }

  /** The finished file becomes a custom video: title from the file name, duration from the file. */
  private async createVideo(item: UploadItem, session: ServerSession): Promise<void> {
    this.creating.add(item.id);
    const seconds = await videoDurationSeconds(item.path);
    const call = createServerCall(() => session, this.options.fetch);
    try {
      const response = await call('/api/admin/custom-videos', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          title: titleFromFileName(item.name),
          description: item.name,
          duration: durationText(seconds ?? 0),
          videoUrl: item.fileUrl,
        }),
      });
      if (response.status >= 500) throw new Error(`The server answered ${response.status}`);
      const video = await jsonAnswer<{ id: number }>(response).catch(async (error: Error) => {
        await this.fail(item, error.message);
        return null;
      });
      if (!video) return;
      item.customVideoId = video.id;
      item.status = 'done';
      item.error = seconds === null ? 'The length could not be read from the file: set it in the video list' : null;
      await this.changed(true);
      this.pump();
    } catch (error) {
      await this.later(item, (error as Error).message, 'creating');
    } finally {
      this.creating.delete(item.id);
    }
  }

  private async later(item: UploadItem, message: string, status: 'waiting' | 'creating' = 'waiting'): Promise<void> {
    item.attempts += 1;
    item.error = message;
    item.status = status;
    const delay = (this.options.backoff ?? defaultBackoff)(item.attempts);
    item.retryAt = Date.now() + delay;
    await this.changed(true);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.pump();
    }, delay);
    this.timers.add(timer);
    this.pump();
  }

  private async fail(item: UploadItem, message: string): Promise<void> {
    item.status = 'failed';
    item.error = message;
    await this.changed(true);
    this.pump();
  }

  private async terminate(uploadUrl: string): Promise<void> {
    const call = createServerCall(this.options.session, this.options.fetch);
    await call(new URL(uploadUrl).pathname, { method: 'DELETE', headers: { 'tus-resumable': '1.0.0' } }).catch(() => undefined);
  }
}

/** The video files a dropped or picked path names: the file itself, or the videos anywhere inside a folder. */
async function videoFilesUnder(entry: string): Promise<string[]> {
  const info = await stat(entry);
  if (info.isFile()) return VIDEO_EXTENSIONS[path.extname(entry).toLowerCase()] ? [entry] : [];
  if (!info.isDirectory()) return [];
  const names = (await readdir(entry)).filter((name) => !name.startsWith('.')).sort();
  return (await Promise.all(names.map((name) => videoFilesUnder(path.join(entry, name))))).flat();
}

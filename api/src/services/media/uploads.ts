import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import type { Context } from 'koa';
import { ERROR_CODES, UPLOAD_FORMATS, UPLOAD_LIMITS_MB, type UploadKind } from '@redaktion/shared';
import { HttpError, badRequest } from '../../errors.js';
import type { Storage } from '../../storage/index.js';

export type FileKind = UploadKind;

export interface FileType {
  kind: FileKind;
  ext: string;
  mime: string;
}

const MB = 1024 * 1024;
/** One request's limits in bytes: images 20 MB, episode audio 100 MB, custom videos 50 MB (shared with the clients). */
export const SIZE_LIMITS: Record<FileKind, number> = {
  image: UPLOAD_LIMITS_MB.image * MB, audio: UPLOAD_LIMITS_MB.audio * MB, video: UPLOAD_LIMITS_MB.video * MB,
};

/** Where a multipart upload's files wait until they are kept (unfinished resumable uploads live elsewhere). */
export const uploadTempDir = (dataDir: string) => path.join(dataDir, 'tmp');

/** At start, a part untouched this long belongs to no upload under way: one still streaming writes more often than that. */
const STALE_PART_MS = 60_000;
/**
 * While serving, a part untouched this long is abandoned too: one being put into a slow store is no longer written
 * to, but a 100 MB file is copied in minutes.
 */
export const ABANDONED_PART_MS = 60 * 60_000;

/** Removes partial upload files that a killed or stopped process left behind; answers how many. */
export async function sweepStaleUploadParts(dataDir: string, untouchedForMs = STALE_PART_MS): Promise<number> {
  const dir = uploadTempDir(dataDir);
  const names = await readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names.filter((entry) => entry.endsWith('.part'))) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info?.isFile() && Date.now() - info.mtimeMs > untouchedForMs) {
      await rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}

const ascii = (head: Buffer, start: number, end: number) => head.subarray(start, end).toString('latin1');

/** A sniffed format, stored under the MIME type the clients declare for its extension. */
const typed = <K extends FileKind>(kind: K, ext: keyof (typeof UPLOAD_FORMATS)[K]['extensions'] & `.${string}`): FileType =>
  ({ kind, ext: ext.slice(1), mime: (UPLOAD_FORMATS[kind].extensions as Record<string, string>)[ext]! });

/** The file type from its first bytes; a name or a Content-Type a client sends decides nothing. */
export function sniffType(head: Buffer, allowed: readonly FileKind[]): FileType | null {
  const can = (kind: FileKind) => allowed.includes(kind);
  if (can('image')) {
    if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return typed('image', '.jpg');
    if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return typed('image', '.png');
    if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return typed('image', '.webp');
  }
  const ftyp = ascii(head, 4, 8) === 'ftyp' ? ascii(head, 8, 12) : null;
  if (can('video')) {
    if (ftyp) return typed('video', ftyp === 'qt  ' ? '.mov' : '.mp4');
    if (head.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))) return typed('video', '.webm');
    if (ascii(head, 0, 4) === 'OggS') return typed('video', '.ogv');
    if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'AVI ') return typed('video', '.avi');
  }
  if (can('audio')) {
    if (ascii(head, 0, 3) === 'ID3' || (head[0] === 0xff && ((head[1] ?? 0) & 0xe6) === 0xe2)) return typed('audio', '.mp3');
    if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WAVE') return typed('audio', '.wav');
    if (ascii(head, 0, 4) === 'OggS') return typed('audio', '.ogg');
    if (ftyp) return typed('audio', '.m4a');
  }
  return null;
}

export interface ReceivedFile {
  field: string;
  type: FileType;
  size: number;
  /** Where it waits until `keep` puts it into the store; removed if the request fails. */
  tempPath: string;
}

export interface MultipartRules {
  fileFields: Record<string, readonly FileKind[]>;
  /** Answers for a wrong type (415) and a file over its limit (413), with the kinds' wording. */
  messages: { wrongType: [string, string]; tooLarge: (kind: FileKind) => [string, string] };
}

const HEAD_BYTES = 16;

/**
 * Streams a multipart body to temporary files, deciding each file's type from its first bytes and
 * stopping at its kind's limit. Nothing is held whole in memory; on any failure, including an aborted
 * request, every temporary file is removed before the error propagates.
 */
export async function receiveMultipart(ctx: Context, tempDir: string, rules: MultipartRules): Promise<{ fields: Record<string, string>; files: ReceivedFile[] }> {
  if (!ctx.is('multipart/form-data')) throw badRequest('Send the file as multipart/form-data');
  const declared = Number(ctx.get('Content-Length') || 0);
  const largest = Math.max(...Object.values(rules.fileFields).flat().map((kind) => SIZE_LIMITS[kind]));
  if (declared > largest + MB) {
    const kind = Object.values(rules.fileFields).flat().find((k) => SIZE_LIMITS[k] === largest)!;
    const [message, detail] = rules.messages.tooLarge(kind);
    throw new HttpError(413, message, ERROR_CODES.tooLarge, [{ path: 'file', message: detail }], { Connection: 'close' });
  }
  await mkdir(tempDir, { recursive: true });

  const fields: Record<string, string> = {};
  const files: ReceivedFile[] = [];
  const temps: string[] = [];
  const outs: WriteStream[] = [];
  const writes: Promise<void>[] = [];
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: ctx.req.headers, limits: { files: Object.keys(rules.fileFields).length, fields: 20, fieldSize: 64 * 1024 } });
  } catch {
    throw badRequest('Malformed multipart body');
  }

  const done = new Promise<void>((resolve, reject) => {
    let failed = false;
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      ctx.req.unpipe(parser);
      ctx.req.resume();
      reject(error);
    };

    parser.on('field', (name, value) => { fields[name] = value; });
    parser.on('file', (field, stream: Readable) => {
      const allowed = rules.fileFields[field];
      if (!allowed) {
        stream.resume();
        return;
      }
      writes.push(new Promise<void>((resolveFile) => {
        let head = Buffer.alloc(0);
        let type: FileType | null = null;
        let size = 0;
        const tempPath = path.join(tempDir, `${randomUUID()}.part`);
        temps.push(tempPath);
        const out = createWriteStream(tempPath, { mode: 0o600 });
        outs.push(out);
        const stop = (error: Error) => {
          stream.unpipe();
          stream.resume();
          out.destroy();
          fail(error);
          resolveFile();
        };
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (!type) {
            head = Buffer.concat([head, chunk]);
            if (head.length < HEAD_BYTES) return;
            type = sniffType(head, allowed);
            if (!type) return stop(new HttpError(415, rules.messages.wrongType[0], ERROR_CODES.unsupportedType, [{ path: field, message: rules.messages.wrongType[1] }]));
            chunk = head;
          }
          if (size > SIZE_LIMITS[type.kind]) {
            const [message, detail] = rules.messages.tooLarge(type.kind);
            return stop(new HttpError(413, message, ERROR_CODES.tooLarge, [{ path: field, message: detail }], { Connection: 'close' }));
          }
          // Backpressure: a slow disk pauses the upload instead of filling memory.
          if (!out.write(chunk)) {
            stream.pause();
            out.once('drain', () => stream.resume());
          }
        });
        stream.on('end', () => {
          if (failed) return resolveFile();
          if (!type) type = head.length > 0 ? sniffType(head, allowed) : null;
          if (!type) return stop(new HttpError(415, rules.messages.wrongType[0], ERROR_CODES.unsupportedType, [{ path: field, message: rules.messages.wrongType[1] }]));
          if (size < HEAD_BYTES) out.write(head);
          const fileType = type;
          // A write that failed (a full disk) ends here too: the file is then not whole.
          out.end((error?: Error | null) => {
            if (error) return stop(error);
            files.push({ field, type: fileType, size, tempPath });
            resolveFile();
          });
        });
        stream.on('error', (error) => stop(error));
        out.on('error', (error) => stop(error));
      }));
    });
    parser.on('error', () => fail(badRequest('The upload was interrupted or malformed')));
    parser.on('close', () => {
      void Promise.all(writes).then(() => (failed ? undefined : resolve()));
    });
    ctx.req.on('aborted', () => fail(badRequest('The upload was interrupted')));
    ctx.req.pipe(parser);
  });

  try {
    await done;
    await Promise.all(writes);
    return { fields, files };
  } catch (error) {
    // A file stream opens its file after it is made: removing the file before the stream has closed could let the
    // open create it again afterwards, left behind for good.
    await Promise.all(outs.map((out) => new Promise<void>((resolve) => {
      if (out.closed) resolve();
      else out.once('close', () => resolve()).destroy();
    })));
    await Promise.all(temps.map((temp) => rm(temp, { force: true })));
    throw error;
  }
}

/** A new key beneath `prefix` (`uploads/videos/`, `audio/`): a client's file name never becomes a key. */
export const storedKey = (prefix: string, type: FileType): string => `${prefix}${randomUUID()}.${type.ext}`;

/** Puts a received file into the store under `key` and removes its temporary part. Answers the key. */
export async function keep(storage: Storage, file: ReceivedFile, key: string): Promise<string> {
  try {
    await storage.put(key, createReadStream(file.tempPath), { contentType: file.type.mime });
  } finally {
    await rm(file.tempPath, { force: true });
  }
  return key;
}

export const discard = (files: ReceivedFile[]) => Promise.all(files.map((file) => rm(file.tempPath, { force: true })));

import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import mime from 'mime-types';
import type { Context } from 'koa';
import { ERROR_CODES } from '@redaktion/shared';
import { HttpError } from '../errors.js';

/** Resolves a request path inside a folder, or null when it would leave it or name a hidden file. */
export function safeJoin(root: string, requestPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    return null;
  }
  // Dotfiles and dot-folders (the build's .vite manifest among them) are never served.
  if (decoded.includes('\0') || decoded.split('/').some((segment) => segment.startsWith('.'))) return null;
  const full = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  return full === root || full.startsWith(`${root}${path.sep}`) ? full : null;
}

/** Parses one `bytes=` range; multi-range requests are answered with the whole file. */
function parseRange(header: string, size: number): { start: number; end: number } | 'invalid' | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return 'invalid';
  let start: number;
  let end: number;
  if (from === '') {
    start = Math.max(0, size - Number(to));
    end = size - 1;
  } else {
    start = Number(from);
    end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  }
  return start > end || start >= size ? 'invalid' : { start, end };
}

/**
 * Sends a file with HTTP Range (206) so that audio and video seek, and with validators for caching.
 * Answers false when there is no such file, so the caller decides what a miss means.
 */
export async function sendFile(
  ctx: Context,
  file: string,
  options: { maxAgeSeconds?: number; immutable?: boolean; contentType?: string; precompressed?: boolean } = {},
): Promise<boolean> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return false;
  if (options.precompressed && !ctx.get('Range')) {
    // A build-time Brotli or gzip copy, when the client takes it (scripts/precompress.mjs).
    const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
    const suffix = encoding === 'br' ? '.br' : encoding === 'gzip' ? '.gz' : null;
    const packed = suffix ? await stat(file + suffix).catch(() => null) : null;
    if (suffix && packed?.isFile()) {
      ctx.set('Vary', 'Accept-Encoding');
      ctx.set('Content-Encoding', encoding as string);
      ctx.set('Cache-Control', `public, max-age=${options.maxAgeSeconds ?? 31_536_000}${options.immutable ? ', immutable' : ''}`);
      ctx.set('ETag', `W/"${packed.size.toString(16)}-${Math.floor(packed.mtimeMs).toString(16)}-${suffix.slice(1)}"`);
      ctx.type = options.contentType ?? (mime.lookup(file) || 'application/octet-stream');
      // Koa judges freshness only for a 2xx answer, and an answer is 404 until it is given one.
      ctx.status = 200;
      if (ctx.fresh) {
        ctx.status = 304;
        return true;
      }
      if (ctx.method !== 'HEAD') ctx.body = createReadStream(file + suffix);
      ctx.length = packed.size;
      return true;
    }
  }

  const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  return sendBytes(ctx, { size: info.size, etag, lastModified: info.mtime }, (range) => createReadStream(file, range), {
    ...options, contentType: options.contentType ?? (mime.lookup(file) || 'application/octet-stream'),
  });
}

/** What a client is told of a file or stored object before its bytes: size and validators. */
export interface ByteSource {
  size: number;
  etag: string;
  lastModified: Date;
}

export interface SendOptions {
  maxAgeSeconds?: number;
  immutable?: boolean;
  contentType: string;
}

/** What `sendBytes` may answer besides 200, for the reference of a call that streams with it. */
export const byteAnswers = {
  206: { description: 'Partial content: the part Range asked for (Content-Range)' },
  304: { description: 'Not modified: If-None-Match or If-Modified-Since still matches' },
  416: { description: 'Range not satisfiable (Content-Range names the size)' },
};

/**
 * Answers with bytes from anywhere (a file, the store) the same way: Range (206, or 416), validators and 304, and a HEAD
 * with the exact length and no body. `open` is called only when bytes are sent.
 */
export async function sendBytes(
  ctx: Context,
  source: ByteSource,
  open: (range?: { start: number; end: number }) => Readable | Promise<Readable>,
  options: SendOptions,
): Promise<true> {
  ctx.set('Accept-Ranges', 'bytes');
  ctx.set('ETag', source.etag);
  ctx.set('Last-Modified', source.lastModified.toUTCString());
  ctx.set('Cache-Control', options.immutable
    ? `public, max-age=${options.maxAgeSeconds ?? 31_536_000}, immutable`
    : `public, max-age=${options.maxAgeSeconds ?? 0}`);
  ctx.type = options.contentType;

  // Koa judges freshness only for a 2xx answer, and an answer is 404 until it is given one.
  ctx.status = 200;
  if (ctx.fresh) {
    ctx.status = 304;
    return true;
  }

  const rangeHeader = ctx.get('Range');
  const ifRange = ctx.get('If-Range');
  const range = rangeHeader && (!ifRange || ifRange === source.etag) ? parseRange(rangeHeader, source.size) : null;
  if (range === 'invalid') {
    throw new HttpError(416, 'Range not satisfiable', ERROR_CODES.rangeNotSatisfiable, undefined, {
      'Content-Range': `bytes */${source.size}`,
    });
  }
  if (range) {
    ctx.status = 206;
    ctx.set('Content-Range', `bytes ${range.start}-${range.end}/${source.size}`);
    // A HEAD answer states the length and sends no body: a null body would turn it into a 204 without one.
    if (ctx.method !== 'HEAD') ctx.body = await open(range);
    ctx.length = range.end - range.start + 1;
  } else {
    if (ctx.method !== 'HEAD') ctx.body = await open();
    ctx.length = source.size;
  }
  return true;
}

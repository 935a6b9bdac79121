import mime from 'mime-types';
import type { Context } from 'koa';
import type { Storage } from '../storage/index.js';
import { sendBytes } from './send-file.js';

/**
 * Sends an object of the store (an upload, episode audio, a raster copy) with Range, validators and 304, as `sendFile`
 * sends a file. With `public`, and a store that hands out its own URLs (a presigned URL, a CDN), the client is
 * redirected there instead. Answers false when there is no such object, so the caller decides what a miss means.
 */
export async function sendStored(
  ctx: Context,
  storage: Storage,
  key: string,
  options: { public: boolean; maxAgeSeconds?: number; immutable?: boolean; contentType?: string },
): Promise<boolean> {
  const info = await storage.stat(key);
  if (!info) return false;
  const direct = options.public ? await storage.publicUrl(key) : null;
  if (direct) {
    // The URL may be presigned with an expiry: the redirect itself is not kept for long.
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.redirect(direct);
    return true;
  }
  const contentType = options.contentType ?? (mime.lookup(key) || info.contentType || 'application/octet-stream');
  return sendBytes(ctx, info, async (range) => {
    const body = await storage.get(key, range);
    // Removed between the stat and the read: the answer is already promised, so the connection is cut.
    if (!body) throw new Error(`The stored object ${key} went away while it was being sent`);
    return body;
  }, { ...options, contentType });
}

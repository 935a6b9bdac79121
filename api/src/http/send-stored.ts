import mime from 'mime-types';
import type { Context } from 'koa';
import { PRESIGNED_URL_SECONDS, type Storage } from '../storage/index.js';
import { sendBytes } from './send-file.js';

/** A redirect outlives none of the presigned URLs it hands out, even one fetched at the end of its cached life. */
const REDIRECT_MAX_AGE_SECONDS = Math.floor(PRESIGNED_URL_SECONDS / 5);

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
  // HEAD is answered here (a presigned URL is signed for GET only); a GET of a public file may go to the store's own URL.
  const direct = options.public && ctx.method === 'GET' ? await storage.publicUrl(key) : null;
  if (direct) {
    // A presigned URL expires (PRESIGNED_URL_SECONDS): the redirect is kept for a fraction of that, or less if asked.
    ctx.set('Cache-Control', `public, max-age=${Math.min(options.maxAgeSeconds ?? REDIRECT_MAX_AGE_SECONDS, REDIRECT_MAX_AGE_SECONDS)}`);
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

import path from 'node:path';
import type { Middleware } from 'koa';
import { isRasterPreset } from '@redaktion/shared';
import { notFound } from '../errors.js';
import { safeJoin, sendFile } from '../http/send-file.js';
import { sendStored } from '../http/send-stored.js';
import type { Services } from '../services/index.js';
import { imageObject } from '../services/media/images.js';
import { publicKey } from '../storage/index.js';

/** The demo clips double as the hero's built-in videos, so they exist on a site without demo content too. */
const HERO_MEDIA_DIR = path.resolve(new URL('../seed/assets/video', import.meta.url).pathname);

/** A path segment as written, or '' when its escapes are malformed (which then names no file). */
const safeDecode = (text: string): string => {
  try {
    return decodeURIComponent(text);
  } catch {
    return '';
  }
};

/**
 * The files readers fetch by path outside the API: uploads (images, audio, video), their JPEGs at fixed sizes and the
 * hero's built-in videos. A path of theirs naming no file is a 404; other methods, and other paths, go on to the app.
 */
export const mediaFileRoutes = ({ storage, rasterImages }: Services): Middleware => async (ctx, next) => {
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
  if (ctx.path.startsWith('/media/hero/')) {
    // The home hero's two built-in videos (reader-area.md §4), shipped with the server.
    const file = safeJoin(HERO_MEDIA_DIR, ctx.path.slice('/media/hero/'.length));
    if (file && (await sendFile(ctx, file, { maxAgeSeconds: 86_400 }))) return;
    throw notFound('File not found');
  }
  const raster = /^\/media\/([a-z]+)\/(.+)\.jpg$/.exec(ctx.path);
  if (raster && isRasterPreset(raster[1]!)) {
    // A JPEG of an upload at a fixed size, for podcast apps and link previews (which take no SVG or WebP).
    const key = await rasterImages.key(raster[1]!, safeDecode(raster[2]!));
    if (key && (await sendStored(ctx, storage, key, { public: true, immutable: true, contentType: 'image/jpeg' }))) return;
    throw notFound('File not found');
  }
  if (ctx.path.startsWith('/uploads/')) {
    const asked = publicKey('uploads/', safeDecode(ctx.path.slice('/uploads/'.length)));
    // `?w=` picks one of an image's WebP variants (srcset); the original answers without it.
    const width = asked?.startsWith('uploads/images/') && ctx.query.w ? Number(ctx.query.w) : null;
    const answer = asked ? await imageObject(storage, asked, width) : null;
    // Uploads are stored under generated names and never change: cached for good, unless a variant is still to come.
    if (answer && (await sendStored(ctx, storage, answer.key, { public: true, ...(answer.final ? { immutable: true } : { maxAgeSeconds: 60 }) }))) return;
    throw notFound('File not found');
  }
  await next();
};

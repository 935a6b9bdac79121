import sharp from 'sharp';
import { startStandIn } from './http-stand-in.js';

/** The one video the stand-in has a thumbnail of. */
export const THUMBNAIL_VIDEO = 'dQw4w9WgXcQ';
/** A video whose "thumbnail" is a web page, as a captive portal or a broken mirror would answer. */
export const NOT_AN_IMAGE_VIDEO = 'htmlPage___';

/** YouTube's thumbnail host (`YOUTUBE_THUMB_BASE`, i.ytimg.com): every other video answers 404. */
export async function startYouTubeThumbnailStandIn() {
  const jpeg = await sharp({ create: { width: 480, height: 360, channels: 3, background: { r: 200, g: 30, b: 30 } } }).jpeg().toBuffer();
  const standIn = await startStandIn(({ method, path }) => {
    if (method !== 'GET') return undefined;
    if (path === `/vi/${THUMBNAIL_VIDEO}/hqdefault.jpg`) return { body: jpeg, type: 'image/jpeg' };
    if (path === `/vi/${NOT_AN_IMAGE_VIDEO}/hqdefault.jpg`) return { body: '<!doctype html><title>Logga in</title>', type: 'image/jpeg' };
    return undefined;
  });
  return { ...standIn, jpeg };
}

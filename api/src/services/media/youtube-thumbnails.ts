import type { Config } from '../../config.js';
import type { Storage } from '../../storage/index.js';

/** A thumbnail is a small JPEG; anything much larger is not one. */
const MAX_BYTES = 2 * 1024 * 1024;
const TIMEOUT_MS = 5_000;
const ID = /^[\w-]{11}$/;

export const youtubeThumbnailKey = (videoId: string) => `youtube-thumbnails/${videoId}.jpg`;

/** JPEG's start of image, the only kind YouTube's `hqdefault.jpg` is. */
const isJpeg = (bytes: Buffer) => bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

/**
 * The thumbnail of an embedded YouTube video (contract §9), fetched by the server from `YOUTUBE_THUMB_BASE` once and
 * kept in the store, so that a reader's browser asks nothing of YouTube before the reader presses play. Only an
 * 11-character id is ever fetched, and only a JPEG of reasonable size is kept.
 */
export function createYouTubeThumbnails(config: Config, storage: Storage) {
  const base = (config.youtube.thumbBase ?? 'https://i.ytimg.com').replace(/\/+$/, '');
  const fetching = new Map<string, Promise<boolean>>();

  /** The thumbnail's bytes, or null when the provider has none, is slow, or sends something too large. */
  async function download(videoId: string): Promise<Buffer | null> {
    try {
      const response = await fetch(`${base}/vi/${videoId}/hqdefault.jpg`, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
      if (!response.ok || !response.body) {
        await response.body?.cancel();
        return null;
      }
      const reader = response.body.getReader();
      const chunks: Uint8Array[] = [];
      let size = 0;
      // Read no further than the limit, whatever Content-Length says.
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        size += read.value.length;
        if (size > MAX_BYTES) {
          await reader.cancel();
          return null;
        }
        chunks.push(read.value);
      }
      return Buffer.concat(chunks);
    } catch {
      return null;
    }
  }

  async function fetchAndKeep(videoId: string): Promise<boolean> {
    const bytes = await download(videoId);
    if (!bytes || !isJpeg(bytes)) return false;
    await storage.put(youtubeThumbnailKey(videoId), bytes, { contentType: 'image/jpeg' });
    return true;
  }

  return {
    /** Whether the store has the video's thumbnail, fetching it first if it must (one fetch per id at a time). */
    async ensure(videoId: string): Promise<boolean> {
      if (!ID.test(videoId)) return false;
      if (await storage.stat(youtubeThumbnailKey(videoId))) return true;
      let running = fetching.get(videoId);
      if (!running) {
        running = fetchAndKeep(videoId).finally(() => fetching.delete(videoId));
        fetching.set(videoId, running);
      }
      return running;
    },
  };
}

export type YouTubeThumbnails = ReturnType<typeof createYouTubeThumbnails>;

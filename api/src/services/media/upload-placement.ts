import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { UploadAnswer } from '@redaktion/shared';
import type { Config } from '../../config.js';
import type { Storage } from '../../storage/index.js';
import { ADMIN_AUDIO_PREFIX, EPISODE_AUDIO_PREFIX } from './episode-audio.js';
import type { createImageStore } from './image-store.js';
import { keep, storedKey, uploadTempDir, type FileType, type ReceivedFile } from './uploads.js';

const VIDEO_PREFIX = 'uploads/videos/';

/** Where audio and video go in the store, and the URL their upload answers with. */
const HOMES = {
  audio: { prefix: EPISODE_AUDIO_PREFIX, url: (key: string) => `${ADMIN_AUDIO_PREFIX}${key.slice(EPISODE_AUDIO_PREFIX.length)}` },
  video: { prefix: VIDEO_PREFIX, url: (key: string) => `/${key}` },
} as const;

/**
 * Where a received, sniffed file goes in the store, whichever way it arrived (one request or a resumable upload):
 * images to the public uploads with their variants, episode audio to the private `audio/` keys (served only through
 * the episode and the staff preview), videos to the public uploads.
 */
export function createUploadPlacement(config: Config, storage: Storage, images: ReturnType<typeof createImageStore>) {
  const tempDir = uploadTempDir(config.dataDir);

  return {
    /**
     * The stored video a client names by the url its upload answered: only our own generated names under
     * /uploads/videos/ qualify (no host, no `..`, nothing fetched), and the object must be there.
     */
    async storedVideo(url: string): Promise<string | null> {
      const name = /^\/uploads\/videos\/([0-9a-f-]{36}\.(?:mp4|webm|ogv|avi|mov))$/.exec(url)?.[1];
      if (!name) return null;
      return (await storage.stat(`${VIDEO_PREFIX}${name}`)) ? url : null;
    },
    /** Removes the stored video behind one of our /uploads/videos/ URLs; any other URL names nothing of ours. */
    async removeVideo(url: string): Promise<void> {
      const name = /^\/uploads\/videos\/([0-9a-f-]{36}\.[a-z0-9]+)$/.exec(url)?.[1];
      if (name) await storage.delete(`${VIDEO_PREFIX}${name}`);
    },
    /** A file received into a temporary part (a multipart upload). */
    async place(file: ReceivedFile): Promise<UploadAnswer> {
      if (file.type.kind === 'image') return { kind: 'image', ...(await images.fromUpload(file)) };
      const home = HOMES[file.type.kind];
      return { kind: file.type.kind, url: home.url(await keep(storage, file, storedKey(home.prefix, file.type))) };
    },
    /**
     * A file of known length read from elsewhere (a finished resumable upload's parts): audio and video are streamed
     * into the store, an image first to a temporary file, which sharp needs.
     */
    async placeStream(type: FileType, size: number, body: Readable): Promise<UploadAnswer> {
      if (type.kind === 'image') {
        await mkdir(tempDir, { recursive: true });
        const tempPath = path.join(tempDir, `${randomUUID()}.part`);
        try {
          await pipeline(body, createWriteStream(tempPath, { mode: 0o600 }));
        } catch (error) {
          await rm(tempPath, { force: true });
          throw error;
        }
        return { kind: 'image', ...(await images.fromUpload({ field: 'file', type, size, tempPath })) };
      }
      const home = HOMES[type.kind];
      const key = storedKey(home.prefix, type);
      await storage.put(key, body, { contentType: type.mime });
      return { kind: type.kind, url: home.url(key) };
    },
  };
}

export type UploadPlacement = ReturnType<typeof createUploadPlacement>;

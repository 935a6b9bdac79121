import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { UploadAnswer } from '@redaktion/shared';
import type { Config } from '../config.js';
import { ADMIN_AUDIO_PREFIX } from './admin/editorial.js';
import type { createImageStore } from './image-store.js';
import { keep, type ReceivedFile } from './uploads.js';

/**
 * Where a received, sniffed file goes, whichever way it arrived (one request or a resumable upload):
 * images to the public uploads with their variants, episode audio to the private audio folder (served only
 * through the episode and the staff preview), videos to the public uploads.
 */
export function createUploadPlacement(config: Config, images: ReturnType<typeof createImageStore>) {
  const videosDir = path.join(config.uploadsDir, 'videos');
  return {
    videosDir,
    /**
     * The stored video a client names by the url its upload answered: only our own generated names under
     * /uploads/videos/ qualify (no host, no `..`, nothing fetched), and the file must be there.
     */
    async storedVideo(url: string): Promise<string | null> {
      const name = /^\/uploads\/videos\/([0-9a-f-]{36}\.(?:mp4|webm|ogv|avi|mov))$/.exec(url)?.[1];
      if (!name) return null;
      return (await stat(path.join(videosDir, name)).then((info) => info.isFile(), () => false)) ? url : null;
    },
    async place(file: ReceivedFile): Promise<UploadAnswer> {
      switch (file.type.kind) {
        case 'image': return { kind: 'image', ...(await images.fromUpload(file)) };
        case 'audio': return { kind: 'audio', url: `${ADMIN_AUDIO_PREFIX}${await keep(file, config.audioDir)}` };
        case 'video': return { kind: 'video', url: `/uploads/videos/${await keep(file, videosDir)}` };
      }
    },
  };
}

export type UploadPlacement = ReturnType<typeof createUploadPlacement>;

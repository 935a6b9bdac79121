import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { ERROR_CODES } from '@redaktion/shared';
import type { Config } from '../config.js';
import { HttpError } from '../http/errors.js';
import type { Storage } from '../storage/index.js';
import { planVariants, stripMetadata, writeVariants, type ImageVariants } from './images.js';
import { SIZE_LIMITS, keep, sniffType, storedKey, uploadTempDir, type ReceivedFile } from './uploads.js';

export type StoredImage = ImageVariants & { url: string };

const unreadable = () => new HttpError(415, 'Invalid file type', ERROR_CODES.unsupportedType, [{ path: 'file', message: 'The image could not be read' }]);

/**
 * Every image the product keeps, whoever sent it (an editor's upload, the AI model, Pexels), lands here:
 * in the store under a generated key in uploads/images/, with its WebP variants. An image sharp cannot read is not kept.
 * sharp works on the local temporary file; only the finished original and variants go to the store.
 */
export function createImageStore(config: Config, storage: Storage) {
  const tempDir = uploadTempDir(config.dataDir);

  async function finish(file: ReceivedFile): Promise<StoredImage> {
    const key = storedKey('uploads/images/', file.type);
    let plan: ImageVariants;
    try {
      // The original is public too: it must not tell where the photo was taken, or by whom.
      await stripMetadata(file.tempPath);
      plan = await planVariants(file.tempPath, key);
    } catch {
      await rm(file.tempPath, { force: true });
      throw unreadable();
    }
    // Re-encoding decoded every pixel, so from here a failure is the store's, not the client's file.
    try {
      await writeVariants(storage, key, file.tempPath);
    } catch (error) {
      await rm(file.tempPath, { force: true });
      throw error;
    }
    await keep(storage, file, key);
    return { url: `/${key}`, ...plan };
  }

  async function fromTemp(tempPath: string, head: Buffer, size: number): Promise<StoredImage> {
    const type = sniffType(head, ['image']);
    if (!type) {
      await rm(tempPath, { force: true });
      throw unreadable();
    }
    return finish({ field: 'file', type, size, tempPath });
  }

  return {
    /** An image that arrived in a multipart upload. */
    fromUpload: finish,

    /** Image bytes in memory (the AI model's base64 answer). */
    async fromBytes(bytes: Buffer): Promise<StoredImage> {
      if (bytes.length > SIZE_LIMITS.image) throw new HttpError(413, 'File too large', ERROR_CODES.tooLarge);
      await mkdir(tempDir, { recursive: true });
      const tempPath = path.join(tempDir, `${randomUUID()}.part`);
      await writeFile(tempPath, bytes);
      return fromTemp(tempPath, bytes.subarray(0, 16), bytes.length);
    },

    /** A downloaded image, streamed to disk and stopped at the image limit. */
    async fromResponse(body: ReadableStream<Uint8Array>): Promise<StoredImage> {
      await mkdir(tempDir, { recursive: true });
      const tempPath = path.join(tempDir, `${randomUUID()}.part`);
      let head = Buffer.alloc(0);
      let size = 0;
      const source = Readable.fromWeb(body as WebReadableStream<Uint8Array>);
      source.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (head.length < 16) head = Buffer.concat([head, chunk]).subarray(0, 16);
        if (size > SIZE_LIMITS.image) source.destroy(new HttpError(413, 'File too large', ERROR_CODES.tooLarge));
      });
      try {
        await pipeline(source, createWriteStream(tempPath));
      } catch (error) {
        await rm(tempPath, { force: true });
        throw error;
      }
      return fromTemp(tempPath, head, size);
    },
  };
}

export type ImageStore = ReturnType<typeof createImageStore>;

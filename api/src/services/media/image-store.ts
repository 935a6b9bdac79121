import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { buffer } from 'node:stream/consumers';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { ERROR_CODES } from '@redaktion/shared';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { HttpError } from '../../errors.js';
import type { Storage } from '../../storage/index.js';
import { planVariants, stripMetadata, writeVariants, type ImageVariants } from './images.js';
import type { JobQueue } from '../jobs/index.js';
import { SIZE_LIMITS, keep, sniffType, storedKey, uploadTempDir, type ReceivedFile } from './uploads.js';

export type StoredImage = ImageVariants & { url: string };

const VARIANTS_JOB = 'image.variants';
const variantsJobSchema = z.object({ key: z.string().regex(/^uploads\/images\/[0-9a-f-]{36}\.(?:jpg|png|webp)$/) });

const unreadable = () => new HttpError(415, 'Invalid file type', ERROR_CODES.unsupportedType, [{ path: 'file', message: 'The image could not be read' }]);

/**
 * Every image the product keeps, whoever sent it (an editor's upload, the AI model, Pexels), lands here:
 * in the store under a generated key in uploads/images/, with its WebP variants. An image sharp cannot read is not kept.
 * sharp works on the local temporary file; only the finished original goes to the store, and its variants are made by
 * a durable background job from the stored original, so that the upload does not wait for them and none is lost.
 */
export function createImageStore(config: Config, storage: Storage, jobs: JobQueue) {
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
    await keep(storage, file, key);
    // The answer lists the variants now; the job makes them a moment later, and until then their URLs serve the original.
    await jobs.enqueue(VARIANTS_JOB, { key });
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
    /** The background job that makes an image's variants, registered with the others (app.ts). */
    jobs: {
      async [VARIANTS_JOB](payload: unknown): Promise<void> {
        const { key } = variantsJobSchema.parse(payload);
        const original = await storage.get(key);
        // An image removed before its turn came needs no variants.
        if (original) await writeVariants(storage, key, await buffer(original));
      },
    },

    /** An image that arrived in a multipart upload. */
    fromUpload: finish,

    /** Image bytes in memory (the AI model's base64 answer). */
    async fromBytes(bytes: Buffer): Promise<StoredImage> {
      if (bytes.length > SIZE_LIMITS.image) throw new HttpError(413, 'File too large', ERROR_CODES.tooLarge);
      await mkdir(tempDir, { recursive: true });
      const tempPath = path.join(tempDir, `${randomUUID()}.part`);
      await writeFile(tempPath, bytes, { mode: 0o600 });
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
        await pipeline(source, createWriteStream(tempPath, { mode: 0o600 }));
      } catch (error) {
        await rm(tempPath, { force: true });
        throw error;
      }
      return fromTemp(tempPath, head, size);
    },
  };
}

export type ImageStore = ReturnType<typeof createImageStore>;

import { createHash, randomBytes } from 'node:crypto';
import { mkdir, truncate } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { ERRORS, Upload, type DataStore, type KvStore, type ServerOptions } from '@tus/server';
import type { UploadAnswer } from '@redaktion/shared';
import type { Config } from '../../config.js';
import { s3ClientConfig } from '../../storage/index.js';

/** Where unfinished resumable uploads wait: on disk beside the data, or in the bucket where every process finds them. */
export interface PartsStore extends DataStore {
  /** The upload's bytes so far (all of them once it is finished). */
  read(id: string): Readable | Promise<Readable>;
  /**
   * Records the placed file's answer in the upload's metadata, so that a client whose final answer was lost reads it
   * from HEAD, and lets go of the bytes that were copied into the store wherever HEAD does not need them.
   */
  keepAnswer(id: string, answer: UploadAnswer): Promise<void>;
  /** Gets ready before the first request (a folder to create). */
  prepare(): Promise<void>;
}

const withAnswer = (metadata: Upload['metadata'], answer: UploadAnswer) => ({ ...metadata, url: answer.url, kind: answer.kind });

/** Whether an upload's file is in place: its record then carries the answer (clients cannot set these keys). */
const placed = (metadata: Upload['metadata']) => Boolean(metadata?.url && metadata.kind);

/**
 * Unfinished uploads as files in DATA_DIR/resumable (`STORAGE=local`). A finished upload's bytes are emptied once
 * placed (a second copy would double the disk used for a day): its record answers HEAD from then on, and the empty
 * file stays so that the store still finds the upload when it expires.
 */
class DiskParts extends FileStore implements PartsStore {
  async keepAnswer(id: string, answer: UploadAnswer): Promise<void> {
    const record = await this.configstore.get(id);
    if (!record) return;
    record.metadata = withAnswer(record.metadata, answer);
    await this.configstore.set(id, record);
    await truncate(path.join(this.directory, id), 0);
  }

  /** A placed upload is whole, as its record says, though its file here is empty. */
  override async getUpload(id: string): Promise<Upload> {
    const upload = await super.getUpload(id);
    return placed(upload.metadata) ? new Upload({ ...upload, offset: upload.size ?? 0 }) : upload;
  }

  async prepare(): Promise<void> {
    // A restore may have replaced DATA_DIR's folders since the store was made.
    await mkdir(this.directory, { recursive: true });
  }
}

/** Every process reads an upload's state from the bucket: a cache in one process would be stale after another's PATCH. */
const noCache: KvStore<never> = { get: async () => undefined, set: async () => undefined, delete: async () => undefined };

/**
 * Unfinished uploads in the bucket under `resumable/` (`STORAGE=s3`): S3 multipart uploads, with a part shorter than
 * S3's minimum kept as an object of its own, so any process takes the next PATCH. A finished upload's `.info` object
 * alone answers HEAD, so its bytes are removed once placed.
 */
class BucketParts extends S3Store implements PartsStore {
  constructor(options: ConstructorParameters<typeof S3Store>[0]) {
    super(options);
    // The store deletes expired and refused uploads with one multi-object delete, for which Swift's s3api demands
    // Content-MD5; the SDK sends a CRC32 checksum instead.
    this.client.middlewareStack.add((next, context) => async (args) => {
      const request = args.request as { headers?: Record<string, string>; body?: unknown };
      if (context.commandName === 'DeleteObjectsCommand' && request.headers && typeof request.body === 'string') {
        request.headers['content-md5'] = createHash('md5').update(request.body).digest('base64');
      }
      return next(args);
    }, { step: 'build', name: 'contentMd5OnDeleteObjects' });
  }

  async keepAnswer(id: string, answer: UploadAnswer): Promise<void> {
    const { file, 'upload-id': uploadId } = await this.getMetadata(id);
    await this.saveMetadata(new Upload({ ...file, metadata: withAnswer(file.metadata, answer) }), uploadId);
    await this.client.deleteObject({ Bucket: this.bucket, Key: id });
  }

  /** A repeated last PATCH (a client whose answer was lost) finds its multipart upload completed: nothing to add. */
  override async write(src: Readable, id: string, offset: number): Promise<number> {
    try {
      return await super.write(src, id, offset);
    } catch (error) {
      if ((error as Error).name !== 'NoSuchUpload') throw error;
      const upload = await this.getUpload(id);
      if (upload.offset !== upload.size) throw error;
      src.resume();
      return upload.offset;
    }
  }

  /**
   * Also a finished upload, whose multipart upload S3 no longer knows (the refused type after the last byte), and also
   * the piece shorter than a part, which the library leaves behind.
   */
  override async remove(id: string): Promise<void> {
    try {
      await super.remove(id);
    } catch (error) {
      if (error !== ERRORS.FILE_NOT_FOUND) throw error;
      await this.client.deleteObjects({ Bucket: this.bucket, Delete: { Objects: [{ Key: id }, { Key: this.infoKey(id) }] } });
    }
    await this.client.deleteObject({ Bucket: this.bucket, Key: this.partKey(id, true) });
  }

  async prepare(): Promise<void> {}
}

const PREFIX = 'resumable/';
const URL_ID = /^[0-9a-f]{32}$/;

/**
 * The store the configuration names, and the tus server options that go with it. Bucket ids carry the `resumable/`
 * prefix (so an operator's lifecycle rule can find them) while the URL names only the part after it.
 */
export function createPartsStore(config: Config, expirationPeriodInMilliseconds: number): { store: PartsStore; naming: Partial<ServerOptions> } {
  if (config.storage.driver !== 's3') {
    return { store: new DiskParts({ directory: path.join(config.dataDir, 'resumable'), expirationPeriodInMilliseconds }), naming: {} };
  }
  const store = new BucketParts({
    s3ClientConfig: { ...s3ClientConfig(config.storage.s3), bucket: config.storage.s3.bucket },
    expirationPeriodInMilliseconds,
    // Object tags are not part of every S3-compatible store (Swift's s3api among them); expiry works without them.
    useTags: false,
    cache: noCache,
  });
  return {
    store,
    naming: {
      namingFunction: () => `${PREFIX}${randomBytes(16).toString('hex')}`,
      generateUrl: (_req, { path: base, id }) => `${base}/${id.slice(PREFIX.length)}`,
      getFileIdFromRequest: (_req, lastSegment) => (lastSegment && URL_ID.test(lastSegment) ? `${PREFIX}${lastSegment}` : undefined),
    },
  };
}

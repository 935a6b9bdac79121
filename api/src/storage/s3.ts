import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  paginateListObjectsV2,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import type { ByteRange, Storage, StoredObject } from './storage.js';

/** The bucket and how to reach it (S3_* variables, README). */
export interface S3Settings {
  /** S3_ENDPOINT; null for AWS S3 itself. */
  endpoint: string | null;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export interface S3StorageOptions extends S3Settings {
  /** PUBLIC_MEDIA_ORIGIN: a CDN or public bucket address that serves keys as paths. */
  publicMediaOrigin: string | null;
  /** S3_PRESIGNED_URLS: hand clients short-lived presigned GET URLs instead of streaming through the API. */
  presignedUrls: boolean;
}

/** How long a presigned GET URL stays valid: enough to start a download or a player, too short to share. */
export const PRESIGNED_URL_SECONDS = 300;

// A streamed upload sends QUEUE_SIZE parts at once while the next fills: about (QUEUE_SIZE + 2) × PART_SIZE in memory
// (20 MiB), whatever the object's size.
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;

/**
 * The S3 client options for these settings, shared with anything else that talks to the bucket (the resumable
 * upload store). Checksums only when an operation demands them: S3-compatible stores such as Swift's s3api refuse
 * the SDK's default `aws-chunked` bodies.
 */
export function s3ClientConfig(settings: S3Settings): S3ClientConfig {
  return {
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    region: settings.region,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    forcePathStyle: settings.forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

// NotFound is HEAD's bodiless 404. A missing bucket (NoSuchBucket) is a broken store, not a missing object.
const notFound = (error: unknown) => error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound');

/** A URL path for a key: each segment escaped, the slashes kept. */
const keyPath = (key: string) => key.split('/').map(encodeURIComponent).join('/');

/** Objects in one bucket, under the same keys the local driver uses as paths. */
export function createS3Storage(options: S3StorageOptions): Storage {
  const client = new S3Client(s3ClientConfig(options));
  const Bucket = options.bucket;

  return {
    driver: 's3',

    async put(key, body, putOptions) {
      const ContentType = putOptions?.contentType;
      if (Buffer.isBuffer(body)) {
        await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentLength: body.length, ContentType }));
        return;
      }
      // A stream goes up in parts (one PUT when it is small), so a large video never sits in memory whole.
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: body as Readable, ContentType },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
      });
      await upload.done();
    },

    async get(key, range?: ByteRange) {
      try {
        const Range = range ? `bytes=${range.start}-${range.end}` : undefined;
        const response = await client.send(new GetObjectCommand({ Bucket, Key: key, Range }));
        return response.Body as Readable;
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },

    async stat(key): Promise<StoredObject | null> {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return {
          size: head.ContentLength ?? 0,
          etag: head.ETag ?? '',
          lastModified: head.LastModified ?? new Date(0),
          ...(head.ContentType ? { contentType: head.ContentType } : {}),
        };
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async *list(prefix) {
      for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: prefix })) {
        for (const object of page.Contents ?? []) {
          if (object.Key === undefined) continue;
          yield { key: object.Key, size: object.Size ?? 0, lastModified: object.LastModified ?? new Date(0) };
        }
      }
    },

    async publicUrl(key) {
      if (options.publicMediaOrigin) return `${options.publicMediaOrigin}/${keyPath(key)}`;
      if (options.presignedUrls) return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: key }), { expiresIn: PRESIGNED_URL_SECONDS });
      return null;
    },
  };
}

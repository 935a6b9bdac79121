import type { Config } from '../config.js';
import { createLocalStorage } from './local.js';
import { createS3Storage } from './s3.js';
import type { Storage } from './storage.js';

export type { ByteRange, Storage, StoredObject } from './storage.js';
export { PRESIGNED_URL_SECONDS, s3ClientConfig, type S3Settings } from './s3.js';

/** S3's limit on a key, in UTF-8 bytes. */
const MAX_KEY_BYTES = 1024;

/**
 * The store key a request names under one of the store's public prefixes (`uploads/`), or null when it names nothing
 * the product could have stored: an empty, hidden or `..` segment, a NUL, or a key longer than a bucket takes.
 */
export function publicKey(prefix: string, relative: string): string | null {
  const key = `${prefix}${relative}`;
  const fine = relative !== '' && !key.includes('\0') && !key.includes('\\')
    && relative.split('/').every((segment) => segment !== '' && !segment.startsWith('.'))
    && Buffer.byteLength(key) <= MAX_KEY_BYTES;
  return fine ? key : null;
}

/**
 * The store the configuration names (contract.md §8 [ops]): `STORAGE=local`, the default, keeps objects under
 * DATA_DIR; `STORAGE=s3` keeps them in one bucket.
 */
export function createStorage(config: Config): Storage {
  const { storage } = config;
  if (storage.driver === 's3') {
    return createS3Storage({ ...storage.s3, publicMediaOrigin: storage.publicMediaOrigin, presignedUrls: storage.presignedUrls });
  }
  return createLocalStorage(config.dataDir);
}

/**
 * The origin browsers fetch media from when the store hands out its own URLs (a CDN, or presigned links to the
 * bucket), so that the Content-Security-Policy can allow it; null when the API serves every file itself.
 */
export function directMediaOrigin(config: Config): string | null {
  const { storage } = config;
  if (storage.driver !== 's3') return null;
  if (storage.publicMediaOrigin) return new URL(storage.publicMediaOrigin).origin;
  if (!storage.presignedUrls) return null;
  const { endpoint, region, bucket, forcePathStyle } = storage.s3;
  const base = new URL(endpoint ?? `https://s3.${region}.amazonaws.com`);
  // Virtual-hosted addressing puts the bucket in the host name.
  return forcePathStyle ? base.origin : `${base.protocol}//${bucket}.${base.host}`;
}

import type { Config } from '../config.js';
import { createLocalStorage } from './local.js';
import { createS3Storage } from './s3.js';
import type { Storage } from './storage.js';

export type { ByteRange, Storage, StoredObject } from './storage.js';
export { PRESIGNED_URL_SECONDS, s3ClientConfig, type S3Settings } from './s3.js';

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

import type { Config } from '../config.js';
import { createLocalStorage } from './local.js';
import type { Storage } from './storage.js';

export type { ByteRange, Storage, StoredObject } from './storage.js';

/** The store the configuration names (contract.md §8 [ops]): `STORAGE=local`, the default, keeps objects under DATA_DIR. */
export function createStorage(config: Config): Storage {
  return createLocalStorage(config.dataDir);
}

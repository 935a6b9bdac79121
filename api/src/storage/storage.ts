import type { Readable } from 'node:stream';

/** What the store knows of one object. */
export interface StoredObject {
  size: number;
  /** A strong validator for the object's bytes (the S3 ETag, or size and mtime on disk), quoted as HTTP wants it. */
  etag: string;
  lastModified: Date;
  contentType?: string;
}

/** A byte range, both ends included, as HTTP's Range counts them. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where every stored file lives (contract.md §8 [ops]): uploaded images and their variants, episode audio, custom
 * videos, the demo seed's files. Keys are relative paths such as `uploads/images/<uuid>.jpg` or `audio/<uuid>.mp3`,
 * the same on every driver, so that a local `DATA_DIR` copies into a bucket key for key. Keys are made by the product
 * (generated names); where a request names one (`/uploads/…`), it goes through `publicKey`, which takes only keys
 * the product could have made.
 */
export interface Storage {
  /** `local` (files under DATA_DIR) or `s3` (a bucket); says which, for logs and the copy command. */
  readonly driver: 'local' | 's3';
  /** Stores an object whole, replacing any with the same key; a stream of unknown length goes up in parts on S3. */
  put(key: string, body: Readable | Buffer, options?: { contentType?: string }): Promise<void>;
  /** The object's bytes, whole or one range, or null when there is no such object. */
  get(key: string, range?: ByteRange): Promise<Readable | null>;
  /** The object's size and validators, or null when there is no such object. */
  stat(key: string): Promise<StoredObject | null>;
  /** Removes an object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix`, in key order. */
  list(prefix: string): AsyncIterable<{ key: string; size: number; lastModified: Date }>;
  /**
   * A URL from which a client may fetch the object itself (a presigned URL, or one on `PUBLIC_MEDIA_ORIGIN`), or null
   * when the API streams it. Never used for private audio.
   */
  publicUrl(key: string): Promise<string | null>;
}

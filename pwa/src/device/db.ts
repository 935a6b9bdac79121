import Dexie, { type EntityTable } from 'dexie';

/**
 * What the device keeps (IndexedDB through Dexie). One database for the reader app:
 * - responses: API answers the reader has seen, by path; the screens read them when the network is gone.
 *   `pinned` answers belong to something the reader saved and are never evicted.
 * - saved: the reading list (articles) and saved people profiles, newest first.
 * - downloads: episodes with their audio as a Blob.
 * - positions: where each episode was left, to resume.
 * - outbox: writes made offline (profile edits), sent when the network returns.
 * - meta: small values (the last known user).
 */
export interface StoredResponse { path: string; data: unknown; savedAt: number; pinned: 0 | 1 }
export interface SavedItem {
  key: string; kind: 'article' | 'profile'; id: number; title: string; excerpt: string; imageUrl: string | null;
  byline: string; publishedAt: string | null; savedAt: number;
  /** The image URLs kept for it offline, let go when it is removed. */
  images: string[];
}
export interface Download {
  id: number; title: string; imageUrl: string | null; duration: number; seriesId: number | null;
  size: number; type: string; blob: Blob; savedAt: number;
}
export interface Position { id: number; time: number; updatedAt: number }
/** A write made offline, for the account that made it. */
export interface OutboxItem { id?: number; kind: 'profile'; userId: number; body: unknown; createdAt: number }
export interface MetaItem { key: string; value: unknown }

export class DeviceDb extends Dexie {
  responses!: EntityTable<StoredResponse, 'path'>;
  saved!: EntityTable<SavedItem, 'key'>;
  downloads!: EntityTable<Download, 'id'>;
  positions!: EntityTable<Position, 'id'>;
  outbox!: EntityTable<OutboxItem, 'id'>;
  meta!: EntityTable<MetaItem, 'key'>;

  constructor(name = 'redaktion') {
    super(name);
    this.version(1).stores({
      responses: 'path, savedAt, pinned',
      saved: 'key, kind, savedAt',
      downloads: 'id, savedAt',
      positions: 'id',
      outbox: '++id, createdAt',
      meta: 'key',
    });
  }
}

import Dexie, { type EntityTable } from 'dexie';
import type { LibraryChange } from '@redaktion/shared';

/**
 * What the device keeps (IndexedDB through Dexie). One database for the reader app:
 * - responses: API answers the reader has seen, by path; the screens read them when the network is gone.
 *   `pinned` answers belong to something the reader saved and are never evicted.
 * - saved: the reading list (articles) and saved people profiles, newest first.
 * - downloads: episodes with their audio as a Blob.
 * - positions: where each episode was left (and whether it was heard to the end), to resume.
 * - outbox: writes made offline (profile edits), sent when the network returns.
 * - changes (version 2): the library's changes not yet answered by the server (offline/library-sync.ts).
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
export interface Position { id: number; time: number; updatedAt: number; finished?: boolean }
/**
 * A change to the library (contract §9 [listen]) waiting for the server, kept until it answers. `userId` is the
 * account signed in when it was made, null when no one was: those are the ones a sign-in merges into the account.
 */
export interface PendingChange { seq?: number; key: string; userId: number | null; change: LibraryChange }
/** A write made offline, for the account that made it. */
export interface OutboxItem { id?: number; kind: 'profile'; userId: number; body: unknown; createdAt: number }
/** A change as the app makes it: the time is taken as it is written down. */
export type UntimedChange = LibraryChange extends infer C ? C extends LibraryChange ? Omit<C, 'at'> : never : never;
export interface MetaItem { key: string; value: unknown }

export class DeviceDb extends Dexie {
  responses!: EntityTable<StoredResponse, 'path'>;
  saved!: EntityTable<SavedItem, 'key'>;
  downloads!: EntityTable<Download, 'id'>;
  positions!: EntityTable<Position, 'id'>;
  outbox!: EntityTable<OutboxItem, 'id'>;
  meta!: EntityTable<MetaItem, 'key'>;
  changes!: EntityTable<PendingChange, 'seq'>;

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
    // Adds a table: what version 1 kept stays as it is.
    this.version(2).stores({ changes: '++seq, key' });
  }

  /**
   * Writes a change down for the server; one that waits for the same item and account is replaced by it (only the
   * latest counts), in the caller's transaction when it is in one.
   */
  async recordChange(userId: number | null, change: UntimedChange): Promise<void> {
    const full = { ...change, at: new Date().toISOString() } as LibraryChange;
    const key = changeKey(full);
    await this.transaction('rw', this.changes, async () => {
      await this.changes.where('key').equals(key).filter((pending) => pending.userId === userId).delete();
      await this.changes.add({ key, userId, change: full });
    });
  }

  /** Where an episode was left: the position, and a finished mark taken off when it is listened to again. */
  async keepPosition(userId: number | null, episodeId: number, seconds: number): Promise<void> {
    await this.transaction('rw', this.positions, this.changes, async () => {
      const before = await this.positions.get(episodeId);
      await this.positions.put({ id: episodeId, time: seconds, updatedAt: Date.now(), finished: false });
      if (before?.finished) await this.recordChange(userId, { type: 'finished', episodeId, finished: false });
      await this.recordChange(userId, { type: 'position', episodeId, seconds });
    });
  }

  /** Heard to the end: the next play starts over, on every device. */
  async finishEpisode(userId: number | null, episodeId: number): Promise<void> {
    await this.transaction('rw', this.positions, this.changes, async () => {
      await this.positions.put({ id: episodeId, time: 0, updatedAt: Date.now(), finished: true });
      await this.recordChange(userId, { type: 'finished', episodeId, finished: true });
      await this.recordChange(userId, { type: 'position', episodeId, seconds: 0 });
    });
  }
}

/** The item a change is about (a position and its finished mark are two): a later change to it replaces one waiting. */
export function changeKey(change: LibraryChange): string {
  switch (change.type) {
    case 'position': case 'finished': return `${change.type}:${change.episodeId}`;
    case 'save': case 'unsave': return `article:${change.articleId}`;
    case 'follow': case 'unfollow': return `series:${change.seriesId}`;
    case 'queue': return 'queue';
  }
}

import Dexie, { type EntityTable } from 'dexie';
import type { LibraryChange } from '@redaktion/shared';
import { LIBRARY_QUEUE_MAX } from '@redaktion/shared/constants';

/**
 * What the device keeps (IndexedDB through Dexie). One database for the reader app:
 * - responses: API answers the reader has seen, by path; the screens read them when the network is gone.
 *   `pinned` answers belong to something the reader saved and are never evicted.
 * - saved: the reading list (articles) and saved people profiles, newest first.
 * - downloads: episodes with their audio as a Blob.
 * - positions: where each episode was left (and whether it was heard to the end), to resume.
 * - outbox: writes made offline (profile edits), sent when the network returns.
 * - changes (version 2): the library's changes not yet answered by the server (offline/library-sync.ts).
 * - following (version 3): the series this device follows (the library's `following`, offline/following.ts).
 * - articleAudio, articlePositions (version 4): a saved article's read-aloud as a Blob, and where each read-aloud was
 *   left. Apart from downloads and positions because article and episode ids collide, and because the library keeps
 *   episode positions only: an article's stays on this device (contract §9).
 * - meta: small values: the last known user, the Up Next queue (`queue`), auto-download's settings (`autoDownload`,
 *   read by the service worker too, which has no localStorage) and its last word on storage (`autoDownloadStatus`).
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
  /** Downloaded by auto-download (not by the reader's tap): auto-download may also remove it. */
  auto?: boolean;
}
/** A saved article's read-aloud, kept with it for offline listening (offline/article-audio.ts). */
export interface ArticleAudio { id: number; size: number; type: string; blob: Blob; savedAt: number }
/** A series this device follows, since when (ms). */
export interface Followed { seriesId: number; since: number }
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

export const QUEUE_KEY = 'queue';
/** Set once what the device kept before the library existed has been written down for it (adoptEarlierLibrary). */
const LIBRARY_ADOPTED_KEY = 'libraryAdopted';
/** What the server last listed for an account: an item that leaves the list was removed on another device. */
export interface Listed { readingList: number[]; following: number[] }
export const listedKey = (userId: number) => `library:${userId}`;

export class DeviceDb extends Dexie {
  responses!: EntityTable<StoredResponse, 'path'>;
  saved!: EntityTable<SavedItem, 'key'>;
  downloads!: EntityTable<Download, 'id'>;
  positions!: EntityTable<Position, 'id'>;
  outbox!: EntityTable<OutboxItem, 'id'>;
  meta!: EntityTable<MetaItem, 'key'>;
  changes!: EntityTable<PendingChange, 'seq'>;
  following!: EntityTable<Followed, 'seriesId'>;
  articleAudio!: EntityTable<ArticleAudio, 'id'>;
  articlePositions!: EntityTable<Position, 'id'>;

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
    this.version(3).stores({ following: 'seriesId' });
    this.version(4).stores({ articleAudio: 'id', articlePositions: 'id' });
  }

  /** Up Next on this device, in order. */
  async queue(): Promise<number[]> {
    const value = (await this.meta.get(QUEUE_KEY))?.value;
    return Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id)) : [];
  }

  /**
   * Sets Up Next (repeats dropped, no longer than the server keeps) and writes the change down for the server: the
   * whole queue is one item.
   */
  async setQueue(userId: number | null, episodeIds: number[]): Promise<void> {
    const unique = [...new Set(episodeIds)].slice(0, LIBRARY_QUEUE_MAX);
    await this.transaction('rw', this.meta, this.changes, async () => {
      await this.meta.put({ key: QUEUE_KEY, value: unique });
      await this.recordChange(userId, { type: 'queue', episodeIds: unique });
    });
  }

  /** Follows a series or stops following it on this device, and writes the change down for the server. */
  async setFollowing(userId: number | null, seriesId: number, follow: boolean): Promise<void> {
    await this.transaction('rw', this.following, this.changes, async () => {
      if (follow) {
        if (!(await this.following.get(seriesId))) await this.following.put({ seriesId, since: Date.now() });
      } else {
        await this.following.delete(seriesId);
      }
      await this.recordChange(userId, { type: follow ? 'follow' : 'unfollow', seriesId });
    });
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

  /**
   * What this device kept before the library existed (saved articles, where episodes were left) has no change written
   * down, so no other device would ever see it: it is written down once, for the account signed in (none: merged at the
   * next sign-in), each change at the time the item was kept, so that anything newer on another device still wins. An
   * item with a change waiting is left to that change.
   */
  async adoptEarlierLibrary(userId: number | null): Promise<void> {
    await this.transaction('rw', [this.meta, this.saved, this.positions, this.changes], async () => {
      if (await this.meta.get(LIBRARY_ADOPTED_KEY)) return;
      const time = (ms: number) => new Date(ms).toISOString();
      const earlier: LibraryChange[] = [
        ...(await this.saved.where('kind').equals('article').toArray()).map((item): LibraryChange => ({ type: 'save', articleId: item.id, at: time(item.savedAt) })),
        ...(await this.positions.toArray()).flatMap((position): LibraryChange[] => [
          { type: 'position', episodeId: position.id, seconds: position.time, at: time(position.updatedAt) },
          ...(position.finished ? [{ type: 'finished', episodeId: position.id, finished: true, at: time(position.updatedAt) } as const] : []),
        ]),
      ];
      for (const change of earlier) {
        const key = changeKey(change);
        if ((await this.changes.where('key').equals(key).count()) === 0) await this.changes.add({ key, userId, change });
      }
      await this.meta.put({ key: LIBRARY_ADOPTED_KEY, value: true });
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

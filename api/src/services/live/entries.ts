import { ERROR_CODES, type LiveEntryInput, type LiveEntryUpdate } from '@redaktion/shared';
import { bodyToText, firstWords, parseArticle } from '@redaktion/shared/content';
import type { Db } from '../../db/connection.js';
import { isPostgres } from '../../db/connection.js';
import type { ArticleRow, LiveEntryRow } from '../../db/rows.js';
import { insertedId, nowIso, toBool, toIso, toJson } from '../../db/values.js';
import { HttpError, notFound } from '../../errors.js';
import type { Push } from '../messaging/push.js';

/** What the live calls read of the article: its coverage, whether the public sees it, and what an alert names. */
export type LiveArticleRow = Pick<ArticleRow, 'id' | 'title' | 'premium' | 'status' | 'publishedAt' | 'kind' | 'liveStatus' | 'liveSeq' | 'liveStatusSeq'>;
const ARTICLE_COLUMNS = ['id', 'title', 'premium', 'status', 'publishedAt', 'kind', 'liveStatus', 'liveSeq', 'liveStatusSeq'] as const;

/** Published and not scheduled for later (contract.md §2), as `published()` says in SQL. */
export const isPublic = (article: Pick<ArticleRow, 'status' | 'publishedAt'>): boolean => {
  const at = toIso(article.publishedAt);
  return article.status === 'published' && at !== null && at <= nowIso();
};

/** The author an entry is signed with: the staff member's name, else their username. */
export interface EntryAuthor { id: number; name: string }

/** Changes of a live article after a cursor: the entries changed (deleted ones included) in the order they changed. */
export interface LiveChanges {
  article: LiveArticleRow;
  rows: LiveEntryRow[];
  /** Where these changes leave a reader: past every one of them, and past the article's sequence when none was cut off. */
  cursor: number;
}

/** How much of an untitled entry's text a push alert carries. */
const ALERT_BODY_CHARS = 140;

const conflictOf = (message: string) => new HttpError(409, message, ERROR_CODES.conflict);

/** Sequence numbers are 32-bit integers in the tables: a cursor beyond them is past every change there is. */
const SEQ_MAX = 2 ** 31 - 1;
const seqOf = (cursor: number) => Math.min(cursor, SEQ_MAX);

/**
 * A live article's entries (contract §9 [live]). Every write holds the article's row for its transaction and takes
 * the next numbers of the article's sequence (`live_seq`), one per entry it changes: numbers are committed in the
 * order they are taken, which is what lets a cursor say "everything up to here".
 */
export function createLiveEntries(db: Db, push: Push) {
  /** The article, locked until the transaction ends (SQLite runs one write transaction at a time anyway). */
  async function lockArticle(trx: Db, articleId: number): Promise<LiveArticleRow> {
    const query = trx('articles').where({ id: articleId }).first(...ARTICLE_COLUMNS);
    const row = (await (isPostgres(trx) ? query.forUpdate() : query)) as LiveArticleRow | undefined;
    if (!row) throw notFound('Article not found');
    return row;
  }

  function assertOpen(live: LiveArticleRow): void {
    if (live.kind !== 'live') throw conflictOf('This is not a live article: make it live in the article form before posting entries');
    if (live.liveStatus === 'ended') throw conflictOf('This coverage has ended: its entries can no longer change');
  }

  /** Takes `count` numbers of the article's sequence; answers the first. */
  async function take(trx: Db, live: LiveArticleRow, count: number): Promise<number> {
    await trx('articles').where({ id: live.id }).update({ liveSeq: live.liveSeq + count });
    return live.liveSeq + 1;
  }

  /** Unpins these entries, each under a number of its own from `seq` (a reader's cursor may stop between two); answers the next number. */
  async function unpinOthers(trx: Db, articleId: number, pinned: number[], seq: number): Promise<number> {
    let next = seq;
    for (const id of pinned) await trx('liveEntries').where({ id, articleId }).update({ pinned: false, changedSeq: next++ });
    return next;
  }

  const pinnedIds = async (trx: Db, articleId: number, except?: number): Promise<number[]> =>
    (await trx('liveEntries').where({ articleId, pinned: true }).whereNull('deletedAt')
      .modify((query) => (except ? query.whereNot({ id: except }) : query)).select('id') as { id: number }[]).map((row) => row.id);

  const entry = (trx: Db, id: number): Promise<LiveEntryRow> => trx('liveEntries').where({ id }).first() as Promise<LiveEntryRow>;

  const article = async (articleId: number): Promise<LiveArticleRow | undefined> =>
    db('articles').where({ id: articleId }).first(...ARTICLE_COLUMNS) as Promise<LiveArticleRow | undefined>;

  async function alert(trx: Db, live: LiveArticleRow, row: LiveEntryRow): Promise<void> {
    // A premium article's alert names the article only: its entries are for those who may read them.
    const body = toBool(live.premium) ? '' : row.title ?? firstWords(bodyToText(parseArticle(row.content)), ALERT_BODY_CHARS);
    await push.alertFollowers(['breaking', `live:${live.id}`], { title: live.title, body, url: `/article/${live.id}`, tag: `live-${live.id}-${row.id}` }, trx);
  }

  return {
    /**
     * Posts an entry; a `clientId` the article already has answers that entry (`replayed`), unchanged, whatever the
     * coverage has become since (an outbox sending again after the coverage ended gets its entry, not a 409).
     */
    async post(articleId: number, input: LiveEntryInput, author: EntryAuthor): Promise<{ row: LiveEntryRow; replayed: boolean }> {
      return db.transaction(async (trx) => {
        const live = await lockArticle(trx, articleId);
        const stored = input.clientId ? (await trx('liveEntries').where({ articleId, clientId: input.clientId }).first()) as LiveEntryRow | undefined : undefined;
        if (stored) return { row: stored, replayed: true };
        assertOpen(live);
        const pinned = input.pinned ? await pinnedIds(trx, articleId) : [];
        const seq = await unpinOthers(trx, articleId, pinned, await take(trx, live, pinned.length + 1));
        const now = nowIso();
        const id = insertedId(await trx('liveEntries').insert({
          articleId, authorId: author.id, authorName: author.name, title: input.title || null, content: input.content,
          body: toJson(parseArticle(input.content)), keyEvent: input.keyEvent ?? false, pinned: input.pinned ?? false,
          clientId: input.clientId ?? null, createdSeq: seq, changedSeq: seq, createdAt: now, updatedAt: now,
        }, ['id']));
        const row = await entry(trx, id);
        // Queued with the entry: an alert goes only for an entry that was stored, and once.
        if (input.breaking) await alert(trx, live, row);
        return { row, replayed: false };
      });
    },

    /** Changes what the update names; pinning unpins the article's other entry. */
    async edit(articleId: number, entryId: number, update: LiveEntryUpdate): Promise<LiveEntryRow> {
      return db.transaction(async (trx) => {
        const live = await lockArticle(trx, articleId);
        const existing = (await trx('liveEntries').where({ id: entryId, articleId }).whereNull('deletedAt').first()) as LiveEntryRow | undefined;
        if (!existing) throw notFound('Entry not found');
        assertOpen(live);
        const pinned = update.pinned ? await pinnedIds(trx, articleId, entryId) : [];
        const seq = await unpinOthers(trx, articleId, pinned, await take(trx, live, pinned.length + 1));
        await trx('liveEntries').where({ id: entryId }).update({
          ...(update.content !== undefined ? { content: update.content, body: toJson(parseArticle(update.content)) } : {}),
          ...(update.title !== undefined ? { title: update.title || null } : {}),
          ...(update.keyEvent !== undefined ? { keyEvent: update.keyEvent } : {}),
          ...(update.pinned !== undefined ? { pinned: update.pinned } : {}),
          changedSeq: seq, updatedAt: nowIso(),
        });
        return entry(trx, entryId);
      });
    },

    /** Deletes an entry: its text goes, its row stays to tell readers that it went. */
    async remove(articleId: number, entryId: number): Promise<void> {
      await db.transaction(async (trx) => {
        const live = await lockArticle(trx, articleId);
        const existing = await trx('liveEntries').where({ id: entryId, articleId }).whereNull('deletedAt').first('id');
        if (!existing) throw notFound('Entry not found');
        assertOpen(live);
        const now = nowIso();
        await trx('liveEntries').where({ id: entryId }).update({
          title: null, content: '', body: '[]', keyEvent: false, pinned: false, changedSeq: await take(trx, live, 1), updatedAt: now, deletedAt: now,
        });
      });
    },

    article,

    /**
     * Entries newest first: the newest `limit`, or those posted before the cursor `before`; `older` is the cursor of
     * the entries older than these, when there are any. The first page also carries the pinned entry and the key
     * events further down, so that a reader has them without paging through the whole coverage.
     */
    async page(articleId: number, limit: number, before?: number): Promise<{ rows: LiveEntryRow[]; older: number | null }> {
      const live = () => db('liveEntries').where({ articleId }).whereNull('deletedAt');
      const rows = (await live().modify((query) => (before === undefined ? query : query.where('createdSeq', '<', seqOf(before))))
        .orderBy('createdSeq', 'desc').limit(limit + 1)) as LiveEntryRow[];
      const more = rows.length > limit;
      const page = rows.slice(0, limit);
      const older = more ? page[page.length - 1]!.createdSeq : null;
      if (before !== undefined || older === null) return { rows: page, older };
      const highlighted = (await live().where('createdSeq', '<', older).where((where) => where.where({ pinned: true }).orWhere({ keyEvent: true }))
        .orderBy('createdSeq', 'desc')) as LiveEntryRow[];
      return { rows: [...page, ...highlighted], older };
    },

    /**
     * What changed after `after`: the article is read before its entries, so that the cursor answered never passes a
     * change these rows do not show. `limit` cuts the rows off (the cursor then stops at the last one).
     */
    async changes(articleId: number, after: number, limit?: number): Promise<LiveChanges | null> {
      const current = await article(articleId);
      if (!current) return null;
      const rows = (await db('liveEntries').where({ articleId }).where('changedSeq', '>', seqOf(after)).orderBy('changedSeq')
        .modify((query) => (limit === undefined ? query : query.limit(limit + 1)))) as LiveEntryRow[];
      const cut = limit !== undefined && rows.length > limit;
      const shown = cut ? rows.slice(0, limit) : rows;
      const last = shown.length ? shown[shown.length - 1]!.changedSeq : 0;
      return { article: current, rows: shown, cursor: cut ? last : Math.max(current.liveSeq, last) };
    },
  };
}

export type LiveEntries = ReturnType<typeof createLiveEntries>;

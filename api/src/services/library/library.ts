import type { Library, LibraryChange, LibrarySync } from '@redaktion/shared';
import type { Knex } from 'knex';
import type { Db } from '../../db/connection.js';
import { isPostgres } from '../../db/connection.js';
import { fromJson, toBool, toIso, toJson } from '../../db/values.js';
import { seesDrafts, type Audience } from '../content/audience.js';
import { published } from '../content/published.js';

/**
 * The reader's library across devices (contract §9 [listen]), merged item by item: the change with the latest time
 * wins, a tie going to the one that arrived last. An item is where an episode was left, whether it was finished (the
 * two apart, so a `finished` from one device and a later position from another both stand), an article on the reading
 * list, a followed series, and the whole Up Next queue.
 *
 * Each write is an upsert that only replaces an older change (`where … <= excluded.…`), so two devices syncing at once
 * lose nothing whichever commits first; on PostgreSQL the reader's row is also locked for the call, so that the answer
 * is the library as this call left it.
 */

/** Who the library is read for: an audience sees what it may open; `everything` (the account export) all that is stored. */
type Scope = Audience | 'everything';

/** Rows a multi-row insert carries: SQLite writes them as a compound select, at most 500 terms. */
const ROWS_PER_INSERT = 200;

const withDrafts = (scope: Scope) => scope === 'everything' || seesDrafts(scope);
/** The content an audience may find in its library: published episodes and articles, active series (staff all). */
const visible = (trx: Knex, table: 'podcasts' | 'articles' | 'podcast_series', scope: Scope) => {
  const query = trx(table).select(`${table}.id`);
  if (withDrafts(scope)) return query;
  return table === 'podcast_series' ? query.where('podcast_series.active', true) : published(query, table);
};

/** The reading list and the followed series: one row per item, kept (`listed` false) when the item is taken out. */
const LISTS = {
  save: { table: 'library_saved_articles', item: 'articleId', content: 'articles' },
  follow: { table: 'library_followed_series', item: 'seriesId', content: 'podcast_series' },
} as const;
type ListKind = keyof typeof LISTS;

/** Which item a change sets: a later change of the same key replaces it. */
function keyOf(change: LibraryChange): string {
  switch (change.type) {
    case 'position': case 'finished': return `${change.type}:${change.episodeId}`;
    case 'save': case 'unsave': return `save:${change.articleId}`;
    case 'follow': case 'unfollow': return `follow:${change.seriesId}`;
    case 'queue': return 'queue';
  }
}

interface Timed<T extends LibraryChange = LibraryChange> { change: T; at: string }
const ofType = <T extends LibraryChange['type']>(changes: Timed[], ...types: T[]) =>
  changes.filter((timed): timed is Timed<Extract<LibraryChange, { type: T }>> => (types as string[]).includes(timed.change.type));

async function upsert(trx: Knex, table: string, key: string[], rows: Record<string, unknown>[], merge: Record<string, unknown>, newer: string) {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await trx(table).insert(rows.slice(start, start + ROWS_PER_INSERT)).onConflict(key).merge(merge).whereRaw(newer);
  }
}

export function createLibrary(db: Db) {
  async function read(trx: Knex, userId: number, scope: Scope): Promise<Library> {
    // One after the other: inside a transaction they share one connection.
    const positions = await trx('library_positions').where({ userId }).whereIn('episodeId', visible(trx, 'podcasts', scope))
      .select('episodeId', 'seconds', 'positionAt', 'finished', 'finishedAt');
    const saved = await trx('library_saved_articles').where({ userId, listed: true }).whereIn('articleId', visible(trx, 'articles', scope))
      .orderBy('listedAt', 'desc').orderBy('articleId', 'desc').select('articleId', 'listedAt');
    const followed = await trx('library_followed_series').where({ userId, listed: true }).whereIn('seriesId', visible(trx, 'podcast_series', scope))
      .orderBy('listedAt', 'desc').orderBy('seriesId', 'desc').select('seriesId', 'listedAt');
    const queue = await trx('library_queues').where({ userId }).first('episodeIds');
    const queued = fromJson<number[]>(queue?.episodeIds, []);
    const playable = new Set(queued.length ? await visible(trx, 'podcasts', scope).whereIn('podcasts.id', queued).pluck('podcasts.id') : []);
    return {
      positions: positions.map((row: { episodeId: number; seconds: number | string; positionAt: unknown; finished: unknown; finishedAt: unknown }) => ({
        episodeId: row.episodeId, seconds: Number(row.seconds), finished: toBool(row.finished),
        updatedAt: [toIso(row.positionAt), toIso(row.finishedAt)].filter((at): at is string => at !== null).sort().pop()!,
      })).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.episodeId - a.episodeId),
      readingList: saved.map((row: { articleId: number; listedAt: unknown }) => ({ articleId: row.articleId, addedAt: toIso(row.listedAt)! })),
      following: followed.map((row: { seriesId: number; listedAt: unknown }) => ({ seriesId: row.seriesId, since: toIso(row.listedAt)! })),
      queue: queued.filter((id) => playable.has(id)),
    };
  }

  return {
    /** The library as `audience` may see it. */
    read: (userId: number, audience: Audience) => read(db, userId, audience),

    /** Everything the library holds for the account's export, whatever is published now. */
    exportFor: (userId: number) => read(db, userId, 'everything'),

    /**
     * Merges a device's changes and answers the library. Each change's time is moved by the difference between the
     * server's clock and the device's `now`, and a time still ahead of the server's clock counts as its now. Changes
     * naming content the reader cannot see (unknown, unpublished) are left out; premium content is kept whoever reads.
     */
    async sync(userId: number, audience: Audience, { now, changes }: LibrarySync, serverNow = Date.now()): Promise<Library> {
      const offset = serverNow - Date.parse(now);
      // Not before 1970 either: a device whose clock is years ahead must not write a time the databases cannot hold.
      const corrected = (at: string) => new Date(Math.max(0, Math.min(serverNow, Date.parse(at) + offset))).toISOString();
      const latest = new Map<string, Timed>();
      for (const change of changes) {
        const at = corrected(change.at);
        const key = keyOf(change);
        const held = latest.get(key);
        if (!held || held.at <= at) latest.set(key, { change, at });
      }
      const winners = [...latest.values()];

      return db.transaction(async (trx) => {
        if (isPostgres(trx)) await trx('users').where({ id: userId }).forNoKeyUpdate().first('id');
        const seen = async (table: 'podcasts' | 'articles' | 'podcast_series', ids: number[]) =>
          new Set<number>(ids.length ? await visible(trx, table, audience).whereIn(`${table}.id`, [...new Set(ids)]).pluck(`${table}.id`) : []);

        const episodeChanges = ofType(winners, 'position', 'finished');
        const [queueChange] = ofType(winners, 'queue');
        const episodes = await seen('podcasts', [...episodeChanges.map(({ change }) => change.episodeId), ...(queueChange?.change.episodeIds ?? [])]);
        const positions = ofType(episodeChanges, 'position').filter(({ change }) => episodes.has(change.episodeId));
        await upsert(trx, 'library_positions', ['userId', 'episodeId'],
          positions.map(({ change, at }) => ({ userId, episodeId: change.episodeId, seconds: change.seconds, positionAt: at, finished: false })),
          { seconds: trx.raw('excluded.seconds'), positionAt: trx.raw('excluded.position_at') },
          'library_positions.position_at is null or library_positions.position_at <= excluded.position_at');
        const finished = ofType(episodeChanges, 'finished').filter(({ change }) => episodes.has(change.episodeId));
        await upsert(trx, 'library_positions', ['userId', 'episodeId'],
          finished.map(({ change, at }) => ({ userId, episodeId: change.episodeId, seconds: 0, finished: change.finished, finishedAt: at })),
          { finished: trx.raw('excluded.finished'), finishedAt: trx.raw('excluded.finished_at') },
          'library_positions.finished_at is null or library_positions.finished_at <= excluded.finished_at');

        for (const [kind, list] of Object.entries(LISTS) as [ListKind, (typeof LISTS)[ListKind]][]) {
          const listChanges = kind === 'save' ? ofType(winners, 'save', 'unsave') : ofType(winners, 'follow', 'unfollow');
          const itemOf = (change: LibraryChange) => (change as Record<string, unknown>)[list.item] as number;
          const known = await seen(list.content, listChanges.map(({ change }) => itemOf(change)));
          await upsert(trx, list.table, ['userId', list.item],
            listChanges.filter(({ change }) => known.has(itemOf(change)))
              .map(({ change, at }) => ({ userId, [list.item]: itemOf(change), listed: change.type === kind, changedAt: at, listedAt: at })),
            {
              listed: trx.raw('excluded.listed'), changedAt: trx.raw('excluded.changed_at'),
              // Saved again while saved: it has been on the list since the first time.
              listedAt: trx.raw(`case when ${list.table}.listed and excluded.listed then ${list.table}.listed_at else excluded.listed_at end`),
            },
            `${list.table}.changed_at <= excluded.changed_at`);
        }

        if (queueChange) {
          const queue = [...new Set(queueChange.change.episodeIds)].filter((id) => episodes.has(id));
          await upsert(trx, 'library_queues', ['userId'], [{ userId, episodeIds: toJson(queue), changedAt: queueChange.at }],
            { episodeIds: trx.raw('excluded.episode_ids'), changedAt: trx.raw('excluded.changed_at') },
            'library_queues.changed_at <= excluded.changed_at');
        }
        return read(trx, userId, audience);
      });
    },
  };
}

export type LibraryService = ReturnType<typeof createLibrary>;

import { idParam, liveEntriesQuery, liveEntriesSchema, type LiveEntries, type LiveEntryAnswer } from '@redaktion/shared';
import { z } from 'zod';
import type { LiveEntryRow } from '../db/rows.js';
import { toBool } from '../db/values.js';
import { notFound } from '../errors.js';
import { endpoint } from '../http/endpoint.js';
import { resumeFrom, STREAM_ROUTE, type LiveEvent, type LiveHub, type LiveSource } from '../http/live-hub.js';
import { entryEmbeds, toLiveEntry, toLockedLiveEntry } from '../serializers/live.js';
import { readsPremium, seesDrafts } from '../services/content/audience.js';
import { isPublic, type LiveArticleRow } from '../services/live/entries.js';
import type { Services } from '../services/index.js';

const params = z.object({ id: idParam });
const cursor = z.string().regex(/^\d{1,15}$/, { error: 'A cursor is the number a previous answer gave' });
const streamQuery = z.object({
  after: cursor.optional().describe('Where the reader is (an entries answer\'s cursor): what changed after it is sent first. Last-Event-ID, when sent, is used instead'),
}).meta({ id: 'LiveStreamQuery' });

/**
 * How long a CDN may keep the entries every signed-out reader gets: a crowd then costs one request per edge this often,
 * and a new entry reaches them this much later at most (contract §9 allows 5 s; the stream has it at once).
 */
const SHARED_MAX_AGE_SECONDS = 2;

const isLive = (article: LiveArticleRow | undefined): article is LiveArticleRow => article?.kind === 'live';
const statusOf = (article: LiveArticleRow) => article.liveStatus ?? 'live';

/** The live reads: the entries call, and what the streams are sent (http/live-hub.ts). */
export function liveReads({ live, embeds }: Pick<Services, 'live' | 'embeds'>) {
  /** Entries as one reader may read them; the cards of their embeds are looked up once for all of them. */
  async function answers(rows: LiveEntryRow[], locked: boolean): Promise<LiveEntryAnswer[]> {
    if (locked) return rows.map(toLockedLiveEntry);
    const items = await embeds.lookup(entryEmbeds(rows));
    return rows.map((row) => toLiveEntry(row, items));
  }

  /** Each change after `after`, in the order of the sequence: entries posted or edited, entries deleted, the status. */
  const source: LiveSource = async (articleId, after) => {
    const changes = await live.changes(articleId, after);
    if (!changes || !isLive(changes.article)) return null;
    const { article, rows } = changes;
    const premium = toBool(article.premium);
    const items = await embeds.lookup(entryEmbeds(rows.filter((row) => !row.deletedAt)));
    const events: LiveEvent[] = rows.map((row) => {
      if (row.deletedAt) {
        const data = JSON.stringify({ id: row.id });
        return { seq: row.changedSeq, name: 'delete', full: data, locked: data };
      }
      const full = JSON.stringify(toLiveEntry(row, items));
      return { seq: row.changedSeq, name: 'entry', full, locked: premium ? JSON.stringify(toLockedLiveEntry(row)) : full };
    });
    if (article.liveStatusSeq > after) {
      const data = JSON.stringify({ status: statusOf(article) });
      events.push({ seq: article.liveStatusSeq, name: 'status', full: data, locked: data });
      events.sort((a, b) => a.seq - b.seq);
    }
    return { state: { public: isPublic(article), premium }, events, cursor: changes.cursor };
  };

  return { answers, source };
}

/** The reader's side of live coverage (contract §9 [live]): the entries call and the event stream. */
export const liveEndpoints = (services: Services, hub: LiveHub) => {
  const { live } = services;
  const { answers } = liveReads(services);
  const readable = (article: LiveArticleRow | undefined, staff: boolean): article is LiveArticleRow =>
    isLive(article) && (isPublic(article) || staff);
  return [
    endpoint({
      method: 'get', path: '/api/articles/:id/live', tag: 'Articles', access: 'public', cached: true, sharedMaxAge: SHARED_MAX_AGE_SECONDS,
      summary: "A live article's entries: the newest (with the pinned entry and the key events further down), older ones with before, "
        + "or what changed after a cursor (and the ids deleted since); a premium article's entries are locked for readers who are not entitled",
      params, query: liveEntriesQuery, response: liveEntriesSchema,
      handle: async ({ state: { audience } }, { params: { id }, query }): Promise<LiveEntries> => {
        const staff = seesDrafts(audience);
        if (query.after !== undefined) {
          const changes = await live.changes(id, Number(query.after), query.limit);
          if (!changes || !readable(changes.article, staff)) throw notFound('This article has no live coverage');
          const locked = toBool(changes.article.premium) && !readsPremium(audience);
          return {
            status: statusOf(changes.article),
            entries: await answers(changes.rows.filter((row) => !row.deletedAt), locked),
            deleted: changes.rows.filter((row) => row.deletedAt).map((row) => row.id),
            cursor: String(changes.cursor),
            older: null,
          };
        }
        // The article (and its sequence) before the entries: the cursor answered never passes an entry not shown.
        const article = await live.article(id);
        if (!readable(article, staff)) throw notFound('This article has no live coverage');
        const page = await live.page(id, query.limit, query.before === undefined ? undefined : Number(query.before));
        return {
          status: statusOf(article),
          entries: await answers(page.rows, toBool(article.premium) && !readsPremium(audience)),
          deleted: [],
          cursor: String(article.liveSeq),
          older: page.older === null ? null : String(page.older),
        };
      },
    }),
    endpoint({
      method: 'get', path: STREAM_ROUTE, tag: 'Articles', access: 'public', stream: true,
      summary: "A live article's changes as they happen (text/event-stream): events entry (as the entries call gives it to this reader), "
        + 'delete ({id}) and status ({status}), each with a cursor as its id; Last-Event-ID (or after) first sends what was missed; a comment line every 20 s',
      params, query: streamQuery, produces: 'text/event-stream',
      handle: async (ctx, { params: { id }, query }) => {
        const { audience } = ctx.state;
        await hub.open(ctx.res, id, { entitled: readsPremium(audience), staff: seesDrafts(audience) }, resumeFrom(ctx.get('Last-Event-ID'), query.after));
        // Answered on the socket, which stays open: Koa neither sends nor compresses anything more.
        ctx.respond = false;
      },
    }),
  ];
};

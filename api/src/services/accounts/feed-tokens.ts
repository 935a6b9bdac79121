import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import type { SharedFeed } from '@redaktion/shared';
import type { Db } from '../../db/connection.js';
import { nowIso, toCount } from '../../db/values.js';
import type { Timestamp, UserRow } from '../../db/rows.js';

/** The client's network, not its address: a household's devices share one, a phone moving between cells changes it. */
export function networkOf(ip: string): string {
  const address = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  if (isIP(address) === 4) return `${address.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIP(address) === 6) {
    const [head = '', tail = ''] = address.split('::');
    const groups = head.split(':').filter(Boolean);
    const missing = 8 - groups.length - tail.split(':').filter(Boolean).length;
    const full = [...groups, ...Array<string>(Math.max(0, missing)).fill('0'), ...tail.split(':').filter(Boolean)];
    return `${full.slice(0, 3).map((group) => group.toLowerCase()).join(':')}::/48`;
  }
  return 'unknown';
}

/**
 * A subscriber's private podcast feed token: random, one live token per user, replaced on rotation.
 * It only ever stands in for the user: whether it still opens anything is decided by the user's live subscription.
 */
/** A shared-feed row: counts are numbers on SQLite and bigint strings on PostgreSQL. */
interface SharedRow {
  userId: number; username: string; email: string; day: string; networks: number | string; downloads: number | string;
  revokedAt: Timestamp | null;
}

export function createFeedTokens(db: Db) {
  const tokens = () => db('podcastFeedTokens');

  async function issue(userId: number, trx: Db = db): Promise<string> {
    const token = randomBytes(24).toString('base64url');
    await trx('podcastFeedTokens').insert({ userId, token, createdAt: nowIso(), revokedAt: null });
    return token;
  }

  return {
    /** The user's live token, made on first use. */
    async current(userId: number): Promise<string> {
      const live = (await tokens().where({ userId }).whereNull('revokedAt').orderBy('id', 'desc').first('token')) as { token: string } | undefined;
      return live?.token ?? issue(userId);
    },

    /** Revokes every live token of the user and issues a new one, in one transaction. */
    rotate: (userId: number): Promise<string> => db.transaction(async (trx) => {
      await trx('podcastFeedTokens').where({ userId }).whereNull('revokedAt').update({ revokedAt: nowIso() });
      return issue(userId, trx);
    }),

    /** The live token's id and its user, or null for an unknown or revoked token. */
    async resolve(token: string): Promise<{ tokenId: number; user: UserRow } | null> {
      const row = (await tokens().where({ token }).whereNull('revokedAt').first('id', 'userId')) as { id: number; userId: number } | undefined;
      if (!row) return null;
      const user = (await db('users').where({ id: row.userId }).first()) as UserRow | undefined;
      return user ? { tokenId: row.id, user } : null;
    },

    /** Counts one audio download of the token from the client's network, per UTC day. */
    async recordDownload(tokenId: number, ip: string): Promise<void> {
      await db('podcastFeedDownloads')
        .insert({ tokenId, day: nowIso().slice(0, 10), network: networkOf(ip), downloads: 1 })
        .onConflict(['tokenId', 'day', 'network'])
        .merge({ downloads: db.raw('podcast_feed_downloads.downloads + 1') });
    },

    /** Tokens fetched from at least `threshold` distinct networks on one day of the last `days` (newest first). */
    async shared(threshold: number, days: number): Promise<SharedFeed[]> {
      const since = new Date(Date.now() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
      const rows = (await db('podcastFeedDownloads as d')
        .join('podcastFeedTokens as t', 't.id', 'd.tokenId')
        .join('users as u', 'u.id', 't.userId')
        .where('d.day', '>=', since)
        .groupBy('d.tokenId', 'd.day', 'u.id', 'u.username', 'u.email', 't.revokedAt')
        .havingRaw('count(distinct d.network) >= ?', [threshold])
        .select('u.id as userId', 'u.username', 'u.email', 'd.day', 't.revokedAt')
        .countDistinct('d.network as networks')
        .sum('d.downloads as downloads')
        // knex types an aggregate's row as a loose dictionary: the select above names these columns.
        .orderBy('d.day', 'desc')) as unknown as SharedRow[];
      return rows.map((row) => ({
        userId: row.userId,
        username: row.username,
        email: row.email,
        day: row.day,
        networks: toCount({ count: row.networks }),
        downloads: toCount({ count: row.downloads }),
        revoked: row.revokedAt !== null && row.revokedAt !== undefined,
      }));
    },
  };
}

export type FeedTokens = ReturnType<typeof createFeedTokens>;

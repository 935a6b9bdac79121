import { createHash, createHmac, randomBytes } from 'node:crypto';
import { ERROR_CODES, type GiftLink } from '@redaktion/shared';
import { stockholmDay, stockholmMonth } from '@redaktion/shared/time';
import type { Db } from '../../db/connection.js';
import { isPostgres } from '../../db/connection.js';
import { insertedId, nowIso, toIso } from '../../db/values.js';
import { HttpError, notFound } from '../../errors.js';

/** How long a gift link opens its article (contract §9 [revenue]). */
export const GIFT_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

interface GiftRow {
  id: number; userId: number; articleId: number; tokenHash: string; period: string; opens: number;
  createdAt: string | Date; expiresAt: string | Date; revokedAt: string | Date | null;
}

/** Who opened a gift, as far as "the same browser once a day" needs: never stored as it came. */
export interface Visitor { address: string; userAgent: string }

/**
 * Gift links: an entitled reader's link that opens one premium article to anyone for 14 days, at most `maxOpens`
 * times (an open is an answer that carried the body; the same browser counts once a day). Only the token's hash is
 * stored; a browser is a keyed hash of the day, its address and its user agent, so the table holds neither.
 */
export function createGifts(db: Db, options: { perMonth: number; maxOpens: number; secret: string }) {
  const { perMonth, maxOpens, secret } = options;
  const madeIn = async (trx: Db, userId: number, period: string): Promise<number> =>
    Number(((await trx('gift_links').where({ userId, period }).count({ n: '*' }).first()) as { n: number | string } | undefined)?.n ?? 0);

  return {
    perMonth,

    /** A new link for an article; 429 past the month's allowance (revoked links count: the allowance is of links made). */
    create(userId: number, articleId: number, at = new Date()): Promise<{ id: number; token: string; expiresAt: string; remainingThisMonth: number }> {
      const period = stockholmMonth(at);
      return db.transaction(async (trx) => {
        // Two requests at once must not both take the last link of the month.
        if (isPostgres(trx)) await trx('users').where({ id: userId }).forUpdate().first('id');
        const made = await madeIn(trx, userId, period);
        if (made >= perMonth) {
          throw new HttpError(429, `You have made all ${perMonth} gift links of this month; new ones can be made next month`, ERROR_CODES.giftAllowanceUsed);
        }
        const token = randomBytes(24).toString('base64url');
        const expiresAt = new Date(at.getTime() + GIFT_LIFETIME_MS).toISOString();
        const id = insertedId(await trx('gift_links').insert({
          userId, articleId, tokenHash: hashOf(token), period, opens: 0, createdAt: at.toISOString(), expiresAt,
        }, ['id']));
        return { id, token, expiresAt, remainingThisMonth: perMonth - made - 1 };
      });
    },

    /** Gift links made this month and how many remain. */
    async remaining(userId: number, at = new Date()): Promise<number> {
      return Math.max(0, perMonth - await madeIn(db, userId, stockholmMonth(at)));
    },

    /**
     * Whether a token opens this article now, counting the open: 'open', or 'expired' for a token that is revoked,
     * expired, used up or of another article (answered as if there were none).
     */
    async open(articleId: number, token: string, visitor: Visitor, at = new Date()): Promise<'open' | 'expired'> {
      if (!/^[\w-]{16,100}$/.test(token)) return 'expired';
      const row: GiftRow | undefined = await db('gift_links').where({ tokenHash: hashOf(token) }).first();
      if (!row || row.articleId !== articleId || row.revokedAt || Date.parse(toIso(row.expiresAt)!) <= at.getTime()) return 'expired';
      const day = stockholmDay(at);
      const browser = createHmac('sha256', secret).update(`${row.id}\n${day}\n${visitor.address}\n${visitor.userAgent}`).digest('hex');
      return db.transaction(async (trx) => {
        const seen = await trx('gift_link_opens').where({ giftLinkId: row.id, day, visitor: browser }).first('day');
        if (seen) return 'open';
        // Counted only while opens remain, in one statement: two browsers at once cannot both take the last open.
        const taken = await trx('gift_links').where({ id: row.id }).andWhere('opens', '<', maxOpens).increment('opens', 1);
        if (!taken) return 'expired';
        await trx('gift_link_opens').insert({ giftLinkId: row.id, day, visitor: browser, createdAt: at.toISOString() })
          .onConflict(['giftLinkId', 'day', 'visitor']).ignore();
        return 'open';
      });
    },

    /** The reader's links, newest first, with their opens and their articles' titles. */
    async list(userId: number): Promise<GiftLink[]> {
      const rows: (GiftRow & { articleTitle: string })[] = await db('gift_links').join('articles', 'articles.id', 'gift_links.articleId')
        .where('gift_links.userId', userId).orderBy('gift_links.id', 'desc')
        .select('gift_links.*', 'articles.title as articleTitle');
      return rows.map((row) => ({
        id: row.id, articleId: row.articleId, articleTitle: row.articleTitle, opens: row.opens,
        createdAt: toIso(row.createdAt)!, expiresAt: toIso(row.expiresAt)!, revoked: Boolean(row.revokedAt),
      }));
    },

    /** Revokes one of the reader's links (404 for another reader's, so that ids tell nobody anything). */
    async revoke(userId: number, id: number): Promise<void> {
      const changed = await db('gift_links').where({ id, userId }).update({ revokedAt: nowIso() });
      if (!changed) throw notFound('Gift link not found');
    },
  };
}

export type GiftService = ReturnType<typeof createGifts>;

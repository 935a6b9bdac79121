import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/connection.js';
import type { ArticlePreviewRow } from '../../db/rows.js';
import { nowIso, toIso } from '../../db/values.js';

/** How long a preview link works (contract §9). */
export const PREVIEW_LIFETIME_MS = 24 * 60 * 60 * 1000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Time-limited links that show an article, draft included, as an entitled reader would see it once published.
 * Only a hash of each token is stored: the database alone cannot open a preview.
 */
export function createPreviews(db: Db) {
  return {
    async create(articleId: number, userId: number): Promise<{ token: string; expiresAt: string }> {
      const token = randomBytes(24).toString('base64url');
      const expiresAt = new Date(Date.now() + PREVIEW_LIFETIME_MS).toISOString();
      await db('article_previews').insert({ tokenHash: hashOf(token), articleId, createdBy: userId, createdAt: nowIso(), expiresAt });
      return { token, expiresAt };
    },

    /** The article a token opens, or null when it is forged, revoked or expired. */
    async articleOf(token: string): Promise<number | null> {
      if (!/^[\w-]{32}$/.test(token)) return null;
      const row: Pick<ArticlePreviewRow, 'articleId' | 'expiresAt'> | undefined =
        await db('article_previews').where({ tokenHash: hashOf(token) }).first('articleId', 'expiresAt');
      return row && Date.parse(toIso(row.expiresAt)!) > Date.now() ? row.articleId : null;
    },

    revokeAll: async (articleId: number): Promise<void> => {
      await db('article_previews').where({ articleId }).delete();
    },

    purgeExpired: (): Promise<number> => db('article_previews').where('expiresAt', '<', nowIso()).delete(),
  };
}

export type Previews = ReturnType<typeof createPreviews>;

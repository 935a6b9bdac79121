import type { Db } from '../../db/connection.js';
import { nowIso, toIso } from '../../db/values.js';

/** An editor's heartbeat comes every 15 s; one not heard for this long has left. */
export const PRESENCE_TTL_MS = 45_000;

export interface Present { id: number; username: string; lastSeen: string }

/**
 * Who else has an article open in the editor ("Anna redigerar"), kept in the database so that every API process
 * sees the same: an editor's heartbeat marks them present, leaving (or falling silent) takes them away.
 */
export function createPresence(db: Db) {
  return {
    /** Marks the user present on the article and answers the others there now. */
    async beat(articleId: number, userId: number): Promise<Present[]> {
      const now = nowIso();
      await db('article_presence').insert({ articleId, userId, seenAt: now }).onConflict(['article_id', 'user_id']).merge({ seenAt: now });
      const rows: { id: number; username: string; seenAt: string | Date }[] = await db('article_presence')
        .join('users', 'users.id', 'article_presence.user_id')
        .where('article_presence.article_id', articleId).whereNot('article_presence.user_id', userId)
        .where('article_presence.seen_at', '>', new Date(Date.now() - PRESENCE_TTL_MS).toISOString())
        .orderBy('users.username').select('users.id', 'users.username', 'article_presence.seen_at as seenAt');
      return rows.map((row) => ({ id: row.id, username: row.username, lastSeen: toIso(row.seenAt) ?? now }));
    },

    leave: async (articleId: number, userId: number): Promise<void> => {
      await db('article_presence').where({ articleId, userId }).delete();
    },

    purgeSilent: (): Promise<number> => db('article_presence').where('seenAt', '<', new Date(Date.now() - PRESENCE_TTL_MS).toISOString()).delete(),
  };
}

export type Presence = ReturnType<typeof createPresence>;

import type { Db } from '../../db/connection.js';

interface SessionRow {
  sid: string;
  sess: string;
  expire: string | Date;
}

export interface SessionData {
  userId?: number;
  [key: string]: unknown;
}

const DEFAULT_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * koa-session's external store on the `sessions` table, so that any number of API processes
 * share sessions. `user_id` is kept beside the JSON so that one user's sessions can be ended together.
 */
export function createSessionStore(db: Db) {
  const sessions = () => db<SessionRow>('sessions');

  return {
    async get(sid: string): Promise<SessionData | undefined> {
      const row = (await sessions().where({ sid }).first('sess', 'expire')) as SessionRow | undefined;
      if (!row) return undefined;
      if (new Date(row.expire).getTime() <= Date.now()) {
        await sessions().where({ sid }).delete();
        return undefined;
      }
      return JSON.parse(row.sess) as SessionData;
    },

    async set(sid: string, sess: SessionData, maxAge: number | 'session' | undefined): Promise<void> {
      const ttl = typeof maxAge === 'number' ? maxAge : DEFAULT_TTL_MS;
      const row = {
        sid,
        sess: JSON.stringify(sess),
        expire: new Date(Date.now() + ttl).toISOString(),
        userId: typeof sess.userId === 'number' ? sess.userId : null,
      };
      await sessions().insert(row as never).onConflict('sid').merge();
    },

    async destroy(sid: string): Promise<void> {
      await sessions().where({ sid }).delete();
    },

    /** Ends a user's sessions, except the one asking when it is given. */
    async endUserSessions(userId: number, exceptSid?: string): Promise<void> {
      const query = sessions().where({ userId } as never);
      if (exceptSid) query.whereNot({ sid: exceptSid });
      await query.delete();
    },

    purgeExpired: () => sessions().where('expire', '<', new Date().toISOString()).delete(),
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

import { createHash, randomBytes } from 'node:crypto';
import { ACCESS_TOKEN_PREFIX, type AccessToken, type CreatedAccessToken } from '@redaktion/shared';
import type { Db } from '../../db/connection.js';
import { insertedId, nowIso, toBool, toIso } from '../../db/values.js';
import type { UserRow } from './users.js';

interface TokenRow {
  id: number;
  userId: number;
  name: string;
  tokenHash: string;
  createdAt: string | Date;
  lastUsedAt: string | Date | null;
}

/** 32 random bytes in base64url after the prefix: nothing else has this shape, so others are refused without a query. */
const TOKEN_SHAPE = new RegExp(`^${ACCESS_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);
/** The last-used time is written at most this often per token, so that a busy client costs no write per call. */
const LAST_USED_RESOLUTION_MS = 60_000;

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

const toAccessToken = (row: TokenRow): AccessToken => ({
  id: row.id, name: row.name, createdAt: toIso(row.createdAt) ?? '', lastUsedAt: toIso(row.lastUsedAt),
});

/**
 * Personal access tokens (contract.md §8). A token is high-entropy random, so a plain SHA-256 is enough to
 * store it (no slow hash needed) and lets every call find it by an indexed lookup, checked afresh each time.
 */
export function createAccessTokens(db: Db) {
  const tokens = () => db<TokenRow>('access_tokens');

  return {
    async create(userId: number, name: string): Promise<CreatedAccessToken> {
      const token = `${ACCESS_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      const createdAt = nowIso();
      const id = insertedId(await tokens().insert({ userId, name, tokenHash: digest(token), createdAt } as never, ['id']));
      return { id, name, token, createdAt };
    },

    async list(userId: number): Promise<AccessToken[]> {
      const rows = await tokens().where({ userId }).orderBy('id', 'desc') as TokenRow[];
      return rows.map(toAccessToken);
    },

    /** Revokes one of the user's own tokens; false when there is no such token of theirs. */
    revoke: async (userId: number, id: number): Promise<boolean> => (await tokens().where({ id, userId }).delete()) > 0,

    revokeAll: async (userId: number): Promise<void> => { await tokens().where({ userId }).delete(); },

    /** The active user a token belongs to, or null for an unknown, revoked or deactivated one. */
    async userFor(token: string): Promise<{ user: UserRow; tokenId: number } | null> {
      if (!TOKEN_SHAPE.test(token)) return null;
      const row = await tokens().where({ tokenHash: digest(token) }).first('id', 'userId', 'lastUsedAt') as Pick<TokenRow, 'id' | 'userId' | 'lastUsedAt'> | undefined;
      if (!row) return null;
      const user = await db<UserRow>('users').where({ id: row.userId }).first() as UserRow | undefined;
      if (!user || !toBool(user.active)) return null;
      const lastUsed = row.lastUsedAt ? new Date(toIso(row.lastUsedAt) ?? 0).getTime() : 0;
      if (Date.now() - lastUsed >= LAST_USED_RESOLUTION_MS) await tokens().where({ id: row.id }).update({ lastUsedAt: nowIso() } as never);
      return { user, tokenId: row.id };
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;

import { createHash, randomBytes } from 'node:crypto';
import { LIMITS } from '@redaktion/shared';
import type { Db } from '../../db/connection.js';
import { nowIso, toBool, toIso } from '../../db/values.js';

interface TokenRow {
  id: number;
  token: string;
  userId: number;
  expiresAt: string | Date;
  used: boolean | number;
}

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** Reset tokens (contract.md §3): stored hashed, valid for an hour, good once. */
export function createPasswordResetTokens(db: Db) {
  const tokens = () => db<TokenRow>('password_reset_tokens');

  return {
    async issue(userId: number): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      const now = Date.now();
      // A new request replaces the user's earlier links.
      await tokens().where({ userId, used: false } as never).update({ used: true } as never);
      await tokens().insert({
        token: digest(token),
        userId,
        expiresAt: new Date(now + LIMITS.resetTokenTtlMs).toISOString(),
        used: false,
        createdAt: nowIso(),
      } as never);
      return token;
    },

    /** Marks the token used and answers its user, or null when it is unknown, used or expired. */
    async consume(token: string): Promise<number | null> {
      const row = (await tokens().where({ token: digest(token) }).first()) as TokenRow | undefined;
      if (!row || toBool(row.used)) return null;
      if (new Date(toIso(row.expiresAt) ?? 0).getTime() <= Date.now()) return null;
      // The conditional update makes two simultaneous uses of one token succeed only once.
      const changed = await tokens().where({ id: row.id, used: false } as never).update({ used: true } as never);
      return changed === 1 ? row.userId : null;
    },
  };
}

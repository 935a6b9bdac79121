import type { UserRole } from '@redaktion/shared';
import type { Db } from '../../db/connection.js';
import type { UserRow } from '../../db/rows.js';
import { nowIso } from '../../db/values.js';
import { forbidden, notFound } from '../../errors.js';
import type { SessionStore } from '../accounts/session-store.js';
import type { AccessTokens } from '../accounts/access-tokens.js';

/**
 * User management, for super admins only (contract.md §5; the routes enforce it). Nobody demotes or deactivates
 * themselves, so the newsroom cannot lock itself out by accident.
 */
export function createUserAdmin(db: Db, sessions: SessionStore, accessTokens: AccessTokens) {
  const user = async (id: number): Promise<UserRow | undefined> => db('users').where({ id }).first();
  return {
    async search(query: { q?: string; limit?: number; offset?: number }): Promise<UserRow[]> {
      const builder = db('users').orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(query.limit ?? 50).offset(query.offset ?? 0);
      if (query.q) {
        const like = `%${query.q.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
        builder.where((where) => where
          .whereRaw("lower(username) like ? escape '\\'", [like])
          .orWhereRaw("lower(email) like ? escape '\\'", [like])
          .orWhereRaw("lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) like ? escape '\\'", [like]));
      }
      return builder;
    },

    async update(actor: UserRow, id: number, change: { role?: UserRole; active?: boolean }): Promise<UserRow> {
      const target = await user(id);
      if (!target) throw notFound('User not found');
      if (actor.id === id && ((change.role && change.role !== actor.role) || change.active === false)) {
        throw forbidden('You cannot change your own role or deactivate your own account');
      }
      await db('users').where({ id }).update({ ...change, updatedAt: nowIso() });
      // A deactivated account is signed out everywhere at once, and its tokens die too: reactivating it later
      // must not bring back a token that was handed out (or taken) before.
      if (change.active === false) await Promise.all([sessions.endUserSessions(id), accessTokens.revokeAll(id)]);
      const updated = await user(id);
      if (!updated) throw notFound('User not found');
      return updated;
    },
  };
}

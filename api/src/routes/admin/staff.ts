import { adminStatsSchema, adminUserSchema, idParam, userAdminUpdateSchema, userSchema, userSearchQuery } from '@redaktion/shared';
import { z } from 'zod';
import { endpoint } from '../../http/endpoint.js';
import type { AdminServices } from '../../services/admin/index.js';
import { toUser, type UserRow } from '../../services/accounts/users.js';
import type { Offers } from '../../services/revenue/offers.js';

/** The overview figures, and user management, which is for super admins only (contract.md §5). */
export const staffEndpoints = ({ stats, users }: AdminServices, offers: Offers) => [
  endpoint({
    method: 'get', path: '/api/admin/stats', tag: 'Admin: overview', access: 'admin',
    summary: 'Totals for the overview cards, with this week against last week, counted in the database',
    response: adminStatsSchema,
    handle: () => stats(),
  }),
  endpoint({
    method: 'get', path: '/api/admin/users', tag: 'Admin: users', access: 'super_admin',
    summary: 'Lists and searches users (username, e-mail or name), newest first, each with the offer their latest checkout used', query: userSearchQuery,
    response: z.array(adminUserSchema),
    handle: async (_ctx, { query }) => {
      const rows = await users.search(query);
      const used = await offers.offersUsedBy(rows.map((row: UserRow) => row.id));
      return rows.map((row: UserRow) => ({ ...toUser(row), offer: used.get(row.id) ?? null }));
    },
  }),
  endpoint({
    method: 'patch', path: '/api/admin/users/:id', tag: 'Admin: users', access: 'super_admin',
    summary: 'Changes a role or deactivates an account (which ends its sessions and revokes its access tokens)',
    params: z.object({ id: idParam }), body: userAdminUpdateSchema, response: userSchema,
    handle: async (ctx, { params: { id }, body }) => toUser(await users.update(ctx.state.user!, id, body)),
  }),
];

import { adminStatsSchema, idParam, userAdminUpdateSchema, userSchema, userSearchQuery } from '@redaktion/shared';
import { z } from 'zod';
import { endpoint } from '../../http/endpoint.js';
import type { AdminServices } from '../../services/admin/index.js';
import { toUser, type UserRow } from '../../services/accounts/users.js';

/** The overview figures, and user management, which is for super admins only (contract.md §5). */
export const staffEndpoints = ({ stats, users }: AdminServices) => [
  endpoint({
    method: 'get', path: '/api/admin/stats', tag: 'Admin: overview', access: 'admin',
    summary: 'Totals for the overview cards, with this week against last week, counted in the database',
    response: adminStatsSchema,
    handle: () => stats(),
  }),
  endpoint({
    method: 'get', path: '/api/admin/users', tag: 'Admin: users', access: 'super_admin',
    summary: 'Lists and searches users (username, e-mail or name), newest first', query: userSearchQuery, response: z.array(userSchema),
    handle: async (_ctx, { query }) => (await users.search(query)).map((row: UserRow) => toUser(row)),
  }),
  endpoint({
    method: 'patch', path: '/api/admin/users/:id', tag: 'Admin: users', access: 'super_admin',
    summary: 'Changes a role or deactivates an account (which ends its sessions and revokes its access tokens)',
    params: z.object({ id: idParam }), body: userAdminUpdateSchema, response: userSchema,
    handle: async (ctx, { params: { id }, body }) => toUser(await users.update(ctx.state.user!, id, body)),
  }),
];

import {
  advertisementInputSchema, advertisementSchema, approvalDecisionSchema, categoryInputSchema, categorySchema, categoryUpdateSchema,
  idParam, journalistInputSchema, journalistSchema, listQuery, seriesInputSchema, seriesSchema,
} from '@redaktion/shared';
import { z } from 'zod';
import { endpoint } from '../../http/endpoint.js';
import { toAdvertisement, toCategory, toJournalist, toSeries } from '../../serializers/content.js';
import type { AdminServices } from '../../services/admin/index.js';

const params = z.object({ id: idParam });
type Row = Record<string, unknown>;

/** Series, ads, journalists, categories and approvals. */
export const catalogueAdminEndpoints = ({ catalogue, approvals }: AdminServices) => [
  endpoint({
    method: 'get', path: '/api/admin/podcast-series', tag: 'Admin: podcasts', access: 'admin',
    summary: 'Every series, active or not', query: listQuery, response: z.array(seriesSchema),
    handle: async (_ctx, { query }) => (await catalogue.series.list(query)).map((row: Row) => toSeries(row)),
  }),
  endpoint({
    method: 'post', path: '/api/admin/podcast-series', tag: 'Admin: podcasts', access: 'admin', status: 201,
    summary: 'Creates a series', body: seriesInputSchema, response: seriesSchema,
    handle: async (_ctx, { body }) => toSeries(await catalogue.series.create(body)),
  }),
  endpoint({
    method: 'put', path: '/api/admin/podcast-series/:id', tag: 'Admin: podcasts', access: 'admin',
    summary: 'Replaces a series', params, body: seriesInputSchema, response: seriesSchema,
    handle: async (_ctx, { params: { id }, body }) => toSeries(await catalogue.series.update(id, body)),
  }),
  endpoint({
    method: 'delete', path: '/api/admin/podcast-series/:id', tag: 'Admin: podcasts', access: 'admin', status: 204,
    summary: 'Deletes a series without episodes; a series that still has episodes answers 409', params,
    handle: async (ctx, { params: { id } }) => { await catalogue.series.remove(id); ctx.status = 204; },
  }),

  endpoint({
    method: 'get', path: '/api/admin/advertisements', tag: 'Admin: advertisements', access: 'admin',
    summary: 'Every ad, with its impression and click counts', query: listQuery,
    response: z.array(advertisementSchema.extend({ impressions: z.number().int(), clicks: z.number().int() })),
    handle: async (_ctx, { query }) => (await catalogue.advertisements.list(query))
      .map((row: Row) => ({ ...toAdvertisement(row), impressions: Number(row.impressions), clicks: Number(row.clicks) })),
  }),
  endpoint({
    method: 'post', path: '/api/admin/advertisements', tag: 'Admin: advertisements', access: 'admin', status: 201,
    summary: 'Creates an ad (start date today unless given)', body: advertisementInputSchema, response: advertisementSchema,
    handle: async (_ctx, { body }) => toAdvertisement(await catalogue.advertisements.create(body)),
  }),
  endpoint({
    method: 'put', path: '/api/admin/advertisements/:id', tag: 'Admin: advertisements', access: 'admin',
    summary: 'Replaces an ad', params, body: advertisementInputSchema, response: advertisementSchema,
    handle: async (_ctx, { params: { id }, body }) => toAdvertisement(await catalogue.advertisements.update(id, body)),
  }),
  endpoint({
    method: 'delete', path: '/api/admin/advertisements/:id', tag: 'Admin: advertisements', access: 'admin', status: 204,
    summary: 'Deletes an ad', params,
    handle: async (ctx, { params: { id } }) => { await catalogue.advertisements.remove(id); ctx.status = 204; },
  }),

  endpoint({
    method: 'get', path: '/api/admin/journalists', tag: 'Admin: journalists', access: 'admin',
    summary: 'The newsroom staff', query: listQuery, response: z.array(journalistSchema),
    handle: async (_ctx, { query }) => (await catalogue.journalists.list(query)).map((row: Row) => toJournalist(row)),
  }),
  endpoint({
    method: 'post', path: '/api/admin/journalists', tag: 'Admin: journalists', access: 'admin', status: 201,
    summary: 'Adds a journalist', body: journalistInputSchema, response: journalistSchema,
    handle: async (_ctx, { body }) => toJournalist(await catalogue.journalists.create(body)),
  }),
  endpoint({
    method: 'put', path: '/api/admin/journalists/:id', tag: 'Admin: journalists', access: 'admin',
    summary: 'Replaces a journalist', params, body: journalistInputSchema, response: journalistSchema,
    handle: async (_ctx, { params: { id }, body }) => toJournalist(await catalogue.journalists.update(id, body)),
  }),
  endpoint({
    method: 'delete', path: '/api/admin/journalists/:id', tag: 'Admin: journalists', access: 'admin', status: 204,
    summary: 'Removes a journalist (their articles keep the byline)', params,
    handle: async (ctx, { params: { id } }) => { await catalogue.journalists.remove(id); ctx.status = 204; },
  }),

  endpoint({
    method: 'get', path: '/api/admin/categories', tag: 'Admin: categories', access: 'admin',
    summary: 'Every category, active or not, in display order', response: z.array(categorySchema),
    handle: async () => (await catalogue.categories.list()).map((row: Row) => toCategory(row)),
  }),
  endpoint({
    method: 'post', path: '/api/admin/categories', tag: 'Admin: categories', access: 'admin', status: 201,
    summary: 'Adds a category (the slug is derived from the name); a blank name is 400, a taken one 409',
    body: categoryInputSchema, response: categorySchema,
    handle: async (_ctx, { body }) => toCategory(await catalogue.categories.create(body)),
  }),
  endpoint({
    method: 'put', path: '/api/admin/categories/:id', tag: 'Admin: categories', access: 'admin',
    summary: 'Renames a category or changes active (the slug stays)', params, body: categoryUpdateSchema, response: categorySchema,
    handle: async (_ctx, { params: { id }, body }) => toCategory(await catalogue.categories.update(id, body)),
  }),
  endpoint({
    method: 'delete', path: '/api/admin/categories/:id', tag: 'Admin: categories', access: 'admin', status: 204,
    summary: 'Deactivates a category in use, removes an unused one', params,
    handle: async (ctx, { params: { id } }) => { await catalogue.categories.remove(id); ctx.status = 204; },
  }),

  endpoint({
    method: 'get', path: '/api/admin/approvals/pending', tag: 'Admin: approvals', access: 'admin',
    summary: 'Content waiting for review, oldest first, with its title, type and submitter', query: listQuery,
    response: z.array(z.object({
      id: z.number(), contentType: z.enum(['article', 'podcast', 'profile']), contentId: z.number(), title: z.string(),
      submittedBy: z.number().nullable(), submittedByName: z.string().nullable(), submittedAt: z.string(), status: z.string(),
      comments: z.string().nullable(),
    })),
    handle: (_ctx, { query }) => approvals.pending(query.limit, query.offset),
  }),
  endpoint({
    method: 'patch', path: '/api/admin/approvals/:id', tag: 'Admin: approvals', access: 'admin',
    summary: 'Approves (publishes) or rejects (back to draft, comment kept) a pending item', params, body: approvalDecisionSchema,
    handle: async (ctx, { params: { id }, body }) => {
      const row = await approvals.decide(id, body, ctx.state.user!.id);
      return { id: Number(row.id), status: String(row.status), comments: (row.comments as string | null) ?? null };
    },
  }),
];

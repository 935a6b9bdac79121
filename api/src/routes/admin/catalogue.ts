import {
  advertisementInputSchema, advertisementSchema, approvalDecidedSchema, approvalDecisionSchema, approvalSchema, categoryInputSchema, categorySchema, categoryUpdateSchema,
  idParam, journalistInputSchema, journalistSchema, listQuery, seriesInputSchema, seriesSchema,
} from '@redaktion/shared';
import { z } from 'zod';
import { endpoint } from '../../http/endpoint.js';
import { resourceEndpoints } from './resource.js';
import { toAdvertisement, toCategory, toJournalist, toSeries } from '../../serializers/content.js';
import type { AdminServices } from '../../services/admin/index.js';

const params = z.object({ id: idParam });

/** Series, ads, journalists, categories and approvals. */
export const catalogueAdminEndpoints = ({ catalogue: { series, advertisements, journalists, categories }, approvals }: AdminServices) => [
  ...resourceEndpoints({
    path: '/api/admin/podcast-series', tag: 'Admin: podcasts', input: seriesInputSchema, output: seriesSchema, toApi: toSeries,
    summaries: {
      list: 'Every series, active or not', create: 'Creates a series', update: 'Replaces a series',
      remove: 'Deletes a series without episodes; a series that still has episodes answers 409',
    },
    conflicts: { remove: 'The series still has episodes: move or delete them first' },
    service: { list: series.list, create: series.create, update: series.update, remove: series.remove },
  }),
  ...resourceEndpoints({
    path: '/api/admin/advertisements', tag: 'Admin: advertisements', input: advertisementInputSchema, output: advertisementSchema,
    listOutput: advertisementSchema.extend({ impressions: z.number().int(), clicks: z.number().int() }),
    toApi: toAdvertisement,
    toListItem: (row) => ({ ...toAdvertisement(row), impressions: Number(row.impressions), clicks: Number(row.clicks) }),
    summaries: {
      list: 'Every ad, with its impression and click counts', create: 'Creates an ad (start date today unless given)',
      update: 'Replaces an ad', remove: 'Deletes an ad',
    },
    service: { list: advertisements.list, create: advertisements.create, update: advertisements.update, remove: advertisements.remove },
  }),
  ...resourceEndpoints({
    path: '/api/admin/journalists', tag: 'Admin: journalists', input: journalistInputSchema, output: journalistSchema, toApi: toJournalist,
    summaries: {
      list: 'The newsroom staff', create: 'Adds a journalist', update: 'Replaces a journalist',
      remove: 'Removes a journalist (their articles keep the byline)',
    },
    conflicts: { create: 'Another journalist has this e-mail address', update: 'Another journalist has this e-mail address' },
    service: { list: journalists.list, create: journalists.create, update: journalists.update, remove: journalists.remove },
  }),
  ...resourceEndpoints({
    path: '/api/admin/categories', tag: 'Admin: categories', input: categoryInputSchema, update: categoryUpdateSchema,
    output: categorySchema, toApi: toCategory,
    summaries: {
      list: 'Every category, active or not, in display order',
      create: 'Adds a category (the slug is derived from the name); a blank name is 400, a taken one 409',
      update: 'Renames a category or changes active (the slug stays)',
      remove: 'Deactivates a category in use, removes an unused one',
    },
    conflicts: { create: 'A category has this name or slug already', update: 'A category has this name already' },
    service: { list: categories.list, create: categories.create, update: categories.update, remove: categories.remove },
  }),
  endpoint({
    method: 'get', path: '/api/admin/approvals/pending', tag: 'Admin: approvals', access: 'admin',
    summary: 'Content waiting for review, oldest first, with its title, type and submitter', query: listQuery,
    response: z.array(approvalSchema),
    handle: (_ctx, { query }) => approvals.pending(query.limit, query.offset),
  }),
  endpoint({
    method: 'patch', path: '/api/admin/approvals/:id', tag: 'Admin: approvals', access: 'admin',
    summary: 'Approves (publishes) or rejects (back to draft, comment kept) a pending item', params, body: approvalDecisionSchema,
    answers: { 409: { description: 'The item was already approved or rejected' } },
    response: approvalDecidedSchema,
    handle: async (ctx, { params: { id }, body }) => {
      const row = await approvals.decide(id, body, ctx.state.user!.id);
      return { id: row.id, status: row.status, comments: row.comments };
    },
  }),
];

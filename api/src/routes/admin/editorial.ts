import {
  articleInputSchema, articleSchema, episodeInputSchema, episodeSchema, episodeStatusSchema, idParam, listQuery, personInputSchema,
  personSchema,
} from '@redaktion/shared';
import { z } from 'zod';
import type { AppContext } from '../../http/context.js';
import { endpoint } from '../../http/endpoint.js';
import { toArticle, toEpisode, toPerson } from '../../serializers/content.js';
import type { AdminServices } from '../../services/admin/index.js';

const params = z.object({ id: idParam });
const staff = { entitled: true };
const userId = (ctx: AppContext) => ctx.state.user!.id;
type Row = Record<string, unknown>;

/** Articles, episodes and people profiles (admin-area.md §7, contract.md §3). */
export const editorialEndpoints = ({ editorial }: AdminServices) => [
  endpoint({
    method: 'get', path: '/api/admin/articles', tag: 'Admin: articles', access: 'admin',
    summary: 'Every article in every status, most recently changed first', query: listQuery, response: z.array(articleSchema),
    handle: async (_ctx, { query }) => (await editorial.articles.list(query)).map((row: Row) => toArticle(row, staff, true)),
  }),
  endpoint({
    method: 'post', path: '/api/admin/articles', tag: 'Admin: articles', access: 'admin', status: 201,
    summary: 'Creates an article; status pending submits it for review, featured makes it the single hero',
    body: articleInputSchema, response: articleSchema,
    handle: async (ctx, { body }) => toArticle(await editorial.articles.save(null, body, userId(ctx)), staff, true),
  }),
  endpoint({
    method: 'put', path: '/api/admin/articles/:id', tag: 'Admin: articles', access: 'admin',
    summary: 'Replaces an article', params, body: articleInputSchema, response: articleSchema,
    handle: async (ctx, { params: { id }, body }) => toArticle(await editorial.articles.save(id, body, userId(ctx)), staff, true),
  }),
  endpoint({
    method: 'delete', path: '/api/admin/articles/:id', tag: 'Admin: articles', access: 'admin', status: 204,
    summary: 'Deletes an article and its approvals', params,
    handle: async (ctx, { params: { id } }) => { await editorial.articles.remove(id); ctx.status = 204; },
  }),

  endpoint({
    method: 'get', path: '/api/admin/podcasts', tag: 'Admin: podcasts', access: 'admin',
    summary: 'Every episode and interview in every status', query: listQuery, response: z.array(episodeSchema),
    handle: async (_ctx, { query }) => (await editorial.podcasts.list(query)).map((row: Row) => toEpisode(row, staff)),
  }),
  endpoint({
    method: 'post', path: '/api/admin/podcasts', tag: 'Admin: podcasts', access: 'admin', status: 201,
    summary: "Creates an episode (kind 'episode', needs a series) or an interview (kind 'interview'); duration in seconds",
    body: episodeInputSchema, response: episodeSchema,
    handle: async (ctx, { body }) => toEpisode(await editorial.podcasts.save(null, body, userId(ctx)), staff),
  }),
  endpoint({
    method: 'put', path: '/api/admin/podcasts/:id', tag: 'Admin: podcasts', access: 'admin',
    summary: 'Replaces an episode, or with {status} alone changes only its status (the interview card)',
    params, body: z.union([episodeStatusSchema, episodeInputSchema]), response: episodeSchema,
    handle: async (ctx, { params: { id }, body }) => {
      const saved = 'title' in body
        ? await editorial.podcasts.save(id, body, userId(ctx))
        : await editorial.podcasts.setStatus(id, body.status, userId(ctx));
      return toEpisode(saved, staff);
    },
  }),
  endpoint({
    method: 'delete', path: '/api/admin/podcasts/:id', tag: 'Admin: podcasts', access: 'admin', status: 204,
    summary: 'Deletes an episode and its approvals', params,
    handle: async (ctx, { params: { id } }) => { await editorial.podcasts.remove(id); ctx.status = 204; },
  }),

  endpoint({
    method: 'get', path: '/api/admin/people-profiles', tag: 'Admin: people', access: 'admin',
    summary: 'Every people profile in every status', query: listQuery, response: z.array(personSchema),
    handle: async (_ctx, { query }) => (await editorial.profiles.list(query)).map((row: Row) => toPerson(row)),
  }),
  endpoint({
    method: 'post', path: '/api/admin/people-profiles', tag: 'Admin: people', access: 'admin', status: 201,
    summary: "Creates a people profile; the form's content is the reader page's bio", body: personInputSchema, response: personSchema,
    handle: async (ctx, { body }) => toPerson(await editorial.profiles.save(null, body, userId(ctx))),
  }),
  endpoint({
    method: 'put', path: '/api/admin/people-profiles/:id', tag: 'Admin: people', access: 'admin',
    summary: 'Replaces a people profile', params, body: personInputSchema, response: personSchema,
    handle: async (ctx, { params: { id }, body }) => toPerson(await editorial.profiles.save(id, body, userId(ctx))),
  }),
  endpoint({
    method: 'delete', path: '/api/admin/people-profiles/:id', tag: 'Admin: people', access: 'admin', status: 204,
    summary: 'Deletes a people profile and its approvals', params,
    handle: async (ctx, { params: { id } }) => { await editorial.profiles.remove(id); ctx.status = 204; },
  }),
];

import {
  advertisementListQuery, advertisementSchema, authorSchema, categorySchema, customVideoSchema, idParam, listQuery, personSchema,
} from '@redaktion/shared';
import { z } from 'zod';
import { endpoint } from '../http/endpoint.js';
import { notFound } from '../errors.js';
import { seesDrafts } from '../services/content/audience.js';
import { toAdvertisement, toAuthor, toCategory, toCustomVideo, toPerson } from '../serializers/content.js';
import type { Services } from '../services/index.js';

/** The smaller public reads: people, journalists, ads, custom videos and categories. */
export const catalogueEndpoints = ({ people, journalists, advertisements, customVideos, categories }: Services) => [
  endpoint({
    method: 'get', path: '/api/journalists/:id', tag: 'People', access: 'public', cached: true,
    summary: 'A journalist as readers see them (no e-mail); inactive ones are not found', params: z.object({ id: idParam }), response: authorSchema,
    handle: async (_ctx, { params: { id } }) => {
      const row = await journalists.byId(id);
      if (!row) throw notFound('Journalist not found');
      return toAuthor(row);
    },
  }),
  endpoint({
    method: 'get', path: '/api/people', tag: 'People', access: 'public', cached: true,
    summary: 'Published people profiles, featured first, then newest', query: listQuery, response: z.array(personSchema),
    handle: async (_ctx, { query }) => (await people.list(query)).map((row) => toPerson(row)),
  }),
  endpoint({
    method: 'get', path: '/api/people/:id', tag: 'People', access: 'public', cached: true,
    summary: 'One person profile', params: z.object({ id: idParam }), response: personSchema,
    handle: async (ctx, { params: { id } }) => {
      const row = await people.byId(id, seesDrafts(ctx.state.audience));
      if (!row) throw notFound('Profile not found');
      return toPerson(row);
    },
  }),
  endpoint({
    method: 'get', path: '/api/advertisements', tag: 'Advertisements', access: 'public', cached: true,
    summary: 'Active ads inside their start and end dates', query: advertisementListQuery, response: z.array(advertisementSchema),
    handle: async (_ctx, { query }) => (await advertisements.list(query)).map((row) => toAdvertisement(row)),
  }),
  endpoint({
    method: 'post', path: '/api/advertisements/:id/impression', tag: 'Advertisements', access: 'public', status: 204,
    summary: 'Counts one view of a running ad', params: z.object({ id: idParam }),
    handle: async (ctx, { params: { id } }) => {
      if (!(await advertisements.countImpression(id))) throw notFound('Advertisement not found');
      ctx.status = 204;
    },
  }),
  endpoint({
    method: 'get', path: '/api/advertisements/:id/click', tag: 'Advertisements', access: 'public',
    summary: "Counts a click, then redirects (302) to the ad's link", params: z.object({ id: idParam }), status: 302,
    handle: async (ctx, { params: { id } }) => {
      const target = await advertisements.countClick(id);
      if (!target) throw notFound('Advertisement not found');
      ctx.set('Cache-Control', 'no-store');
      ctx.redirect(target);
    },
  }),
  endpoint({
    method: 'get', path: '/api/custom-videos', tag: 'Videos', access: 'public', cached: true,
    summary: 'Active custom videos by priority, then newest', query: listQuery, response: z.array(customVideoSchema),
    handle: async (_ctx, { query }) => (await customVideos.list(query)).map((row) => toCustomVideo(row)),
  }),
  endpoint({
    method: 'get', path: '/api/custom-videos/slug/:slug', tag: 'Videos', access: 'public', cached: true,
    summary: 'One active custom video by its slug',
    params: z.object({ slug: z.string().max(120) }), response: customVideoSchema,
    handle: async (_ctx, { params: { slug } }) => {
      const row = await customVideos.bySlug(slug);
      if (!row) throw notFound('Video not found');
      return toCustomVideo(row);
    },
  }),
  endpoint({
    method: 'get', path: '/api/categories', tag: 'Categories', access: 'public', cached: true,
    summary: 'Active article categories, in display order', response: z.array(categorySchema),
    handle: async () => (await categories.active()).map((row) => toCategory(row)),
  }),
];

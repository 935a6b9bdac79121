import { episodeListQuery, episodeSchema, idParam, listQuery, seriesSchema } from '@redaktion/shared';
import { z } from 'zod';
import { endpoint } from '../http/endpoint.js';
import type { AppContext } from '../http/context.js';
import { hearsEpisode, readsPremium, seesDrafts } from '../services/content/audience.js';
import { HttpError, notAuthenticated, notFound } from '../errors.js';
import { sendStored } from '../http/send-stored.js';
import { byteAnswers } from '../http/send-file.js';
import { toEpisode, toSeries } from '../serializers/content.js';
import { episodeAudioKey } from '../services/media/episode-audio.js';
import type { Services } from '../services/index.js';
import type { PodcastRow } from '../db/rows.js';
import { ERROR_CODES } from '@redaktion/shared';

const params = z.object({ id: idParam });

export const podcastEndpoints = ({ podcasts, series, storage }: Services) => {
  const episodesOf = (ctx: AppContext, rows: PodcastRow[]) => rows.map((row) => toEpisode(row, ctx.state.audience));
  return [
    endpoint({
      method: 'get', path: '/api/podcasts', tag: 'Podcasts', access: 'public', cached: true,
      summary: 'Published episodes, newest first; with q, those whose title, description or published transcript has the words, '
        + 'each with the first spoken line that matched (transcriptMatch). A premium episode\'s spoken words match only for entitled readers',
      query: episodeListQuery, response: z.array(episodeSchema),
      handle: async (ctx, { query }) => {
        const { q } = query;
        if (!q) return episodesOf(ctx, await podcasts.list(query));
        return (await podcasts.search({ ...query, q }, readsPremium(ctx.state.audience)))
          .map(({ spoken, ...row }) => ({ ...toEpisode(row, ctx.state.audience), ...(spoken ? { transcriptMatch: spoken } : {}) }));
      },
    }),
    endpoint({
      method: 'get', path: '/api/podcasts/featured', tag: 'Podcasts', access: 'public', cached: true,
      summary: 'Featured episodes (default 4)', query: listQuery, response: z.array(episodeSchema),
      handle: async (ctx, { query }) => episodesOf(ctx, await podcasts.featured(query)),
    }),
    endpoint({
      method: 'get', path: '/api/podcasts/interviews', tag: 'Podcasts', access: 'public', cached: true,
      summary: "Interview episodes: kind 'interview', or older episodes whose words say so",
      query: listQuery, response: z.array(episodeSchema),
      handle: async (ctx, { query }) => episodesOf(ctx, await podcasts.interviews(query)),
    }),
    endpoint({
      method: 'get', path: '/api/podcasts/series/:id', tag: 'Podcasts', access: 'public', cached: true,
      summary: 'Published episodes of a series, highest episode number first',
      params, query: listQuery, response: z.array(episodeSchema),
      handle: async (ctx, { params: { id }, query }) => {
        if (!(await series.byId(id))) throw notFound('Series not found');
        return episodesOf(ctx, await podcasts.bySeries(id, query));
      },
    }),
    endpoint({
      method: 'get', path: '/api/podcasts/:id', tag: 'Podcasts', access: 'public', cached: true,
      summary: 'One episode; a premium episode has no audioUrl for readers without a subscription',
      params, response: episodeSchema,
      handle: async (ctx, { params: { id } }) => {
        const row = await podcasts.byId(id, seesDrafts(ctx.state.audience));
        if (!row) throw notFound('Podcast not found');
        return episodesOf(ctx, [row])[0];
      },
    }),
    endpoint({
      method: 'get', path: '/api/podcasts/:id/audio', tag: 'Podcasts', access: 'public',
      summary: 'The episode audio, with HTTP Range; premium episodes only for subscribers and admins',
      params, produces: 'audio/*',
      answers: {
        ...byteAnswers,
        401: { description: 'A premium episode, and no one is signed in' },
        403: { description: 'A premium episode, and the reader has no subscription (code subscription_required)' },
      },
      handle: async (ctx, { params: { id } }) => {
        const row = await podcasts.byId(id, seesDrafts(ctx.state.audience));
        if (!row?.audioFile) throw notFound('Audio not found');
        if (!hearsEpisode(ctx.state.audience, row)) {
          if (!ctx.state.user) throw notAuthenticated();
          throw new HttpError(403, 'A premium subscription is required for this episode', ERROR_CODES.subscriptionRequired);
        }
        // Premium audio only reaches signed-in readers, whose answers are private, no-store (app.ts): no shared cache keeps it.
        const sent = await sendStored(ctx, storage, episodeAudioKey(row.audioFile), { public: false, maxAgeSeconds: 3600 });
        if (!sent) throw notFound('Audio not found');
        return undefined;
      },
    }),
    endpoint({
      method: 'get', path: '/api/podcast-series', tag: 'Podcasts', access: 'public', cached: true,
      summary: 'Active podcast series, featured first', query: listQuery, response: z.array(seriesSchema),
      handle: async (_ctx, { query }) => (await series.list(query)).map((row) => toSeries(row)),
    }),
    endpoint({
      method: 'get', path: '/api/podcast-series/:id', tag: 'Podcasts', access: 'public', cached: true,
      summary: 'One podcast series', params, response: seriesSchema,
      handle: async (_ctx, { params: { id } }) => {
        const row = await series.byId(id);
        if (!row) throw notFound('Series not found');
        return toSeries(row);
      },
    }),
  ];
};

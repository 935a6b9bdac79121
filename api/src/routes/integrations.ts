import {
  aiDraftSchema, channelVideosSchema, generateArticleSchema, generatedImageSchema, generateImageSchema, pexelsSearchQuery,
  savedStockPhotoSchema, savePexelsImageSchema, stockPhotosSchema, topicSuggestionsQuery, topicSuggestionsSchema,
} from '@redaktion/shared';
import { z } from 'zod';
import { endpoint } from '../http/endpoint.js';
import type { AiGenerator } from '../integrations/ai.js';
import type { Pexels } from '../integrations/pexels.js';
import type { YouTube } from '../integrations/youtube.js';

/** The AI generator, stock photos and the channel videos (admin-area.md §7). */
export const integrationEndpoints = (ai: AiGenerator, pexels: Pexels, youtube: YouTube) => [
  endpoint({
    method: 'post', path: '/api/admin/ai/generate-article', tag: 'Admin: AI generator', access: 'admin',
    summary: 'Writes a draft article in Swedish: title, content (paragraphs split by blank lines), excerpt and the read time of its words',
    body: generateArticleSchema,
    response: aiDraftSchema,
    handle: (_ctx, { body }) => ai.generateArticle(body),
  }),
  endpoint({
    method: 'post', path: '/api/admin/ai/generate-image', tag: 'Admin: AI generator', access: 'admin',
    summary: 'Generates an image and keeps it in our uploads (with WebP variants); answers its local url',
    body: generateImageSchema,
    response: generatedImageSchema,
    handle: async (_ctx, { body }) => {
      const stored = await ai.generateImage(body as Parameters<AiGenerator['generateImage']>[0]);
      return { url: stored.url, variants: stored.variants };
    },
  }),
  endpoint({
    method: 'get', path: '/api/admin/ai/topic-suggestions', tag: 'Admin: AI generator', access: 'admin',
    summary: "Topic ideas for a category, steering clear of the category's recent headlines",
    query: topicSuggestionsQuery, response: topicSuggestionsSchema,
    handle: (_ctx, { query }) => ai.topicSuggestions(query.category),
  }),
  endpoint({
    method: 'get', path: '/api/admin/pexels/search', tag: 'Admin: stock photos', access: 'admin',
    summary: 'Searches Pexels', query: pexelsSearchQuery, response: stockPhotosSchema,
    handle: (_ctx, { query }) => pexels.search(query.query, query.page),
  }),
  endpoint({
    method: 'get', path: '/api/admin/pexels/curated', tag: 'Admin: stock photos', access: 'admin',
    summary: "Pexels' curated photos", query: z.object({ page: z.coerce.number().int().min(1).max(100).optional() }), response: stockPhotosSchema,
    handle: (_ctx, { query }) => pexels.curated(query.page),
  }),
  endpoint({
    method: 'post', path: '/api/admin/save-pexels-image', tag: 'Admin: stock photos', access: 'admin',
    summary: "Saves a Pexels photo into our uploads with the photographer's credit; only Pexels' image host is fetched",
    body: savePexelsImageSchema,
    response: savedStockPhotoSchema,
    handle: (_ctx, { body }) => pexels.save(body),
  }),
  endpoint({
    method: 'get', path: '/api/youtube/channel-videos', tag: 'Videos', access: 'public',
    summary: "The channel's latest 10 videos, cached for an hour; channelUrl is honoured for admins only",
    query: z.object({ channelUrl: z.string().max(300).optional() }),
    response: channelVideosSchema,
    handle: (ctx, { query }) => youtube.latest(query.channelUrl, ctx.state.audience === 'staff'),
  }),
];

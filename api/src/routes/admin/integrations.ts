import {
  aiDraftSchema, aiJobRequestSchema, aiJobSchema, generateArticleSchema, generatedImageSchema, generateImageSchema,
  pexelsSearchQuery, savedStockPhotoSchema, savePexelsImageSchema, stockPhotosSchema, topicSuggestionsQuery, topicSuggestionsSchema,
} from '@redaktion/shared';
import { z } from 'zod';
import { endpoint } from '../../http/endpoint.js';
import { notFound } from '../../errors.js';
import type { AiGenerator } from '../../integrations/ai.js';
import type { AiJobs } from '../../integrations/ai-jobs.js';
import type { Pexels } from '../../integrations/pexels.js';
import { providerAnswers } from '../../integrations/provider.js';

const AI = providerAnswers('The AI generator');
/** The two calls that wait for their generation, and stop waiting. */
const AI_WAITING = { ...AI, 504: { description: 'Still generating when the call stopped waiting: `id` names the job to follow (code still_running)' } };
const PEXELS = providerAnswers('Pexels');

/**
 * The AI generator and stock photos (admin-area.md §7). Generations run as jobs; the spec's two generate calls wait
 * for theirs for at most `aiWaitMs`.
 */
export const integrationAdminEndpoints = (ai: AiGenerator, aiJobs: AiJobs, aiWaitMs: number, pexels: Pexels) => [
  endpoint({
    method: 'post', path: '/api/admin/ai/generate-article', tag: 'Admin: AI generator', access: 'admin',
    summary: 'Writes a draft article in Swedish: title, content (paragraphs split by blank lines), excerpt and the read time of its words; '
      + '504 with the job id when it takes longer than the call waits',
    body: generateArticleSchema, response: aiDraftSchema, answers: AI_WAITING,
    handle: async (_ctx, { body }) => aiJobs.result(await aiJobs.start({ ...body, type: 'article' }), aiWaitMs),
  }),
  endpoint({
    method: 'post', path: '/api/admin/ai/generate-image', tag: 'Admin: AI generator', access: 'admin',
    summary: 'Generates an image and keeps it in our uploads (with WebP variants); answers its local url; '
      + '504 with the job id when it takes longer than the call waits',
    body: generateImageSchema, response: generatedImageSchema, answers: AI_WAITING,
    handle: async (_ctx, { body }) => aiJobs.result(await aiJobs.start({ ...body, type: 'image' }), aiWaitMs),
  }),
  endpoint({
    method: 'post', path: '/api/admin/ai/jobs', tag: 'Admin: AI generator', access: 'admin', status: 202,
    summary: 'Starts an article or image generation in the background; follow it at /api/admin/ai/jobs/{id}',
    body: aiJobRequestSchema, response: z.object({ id: z.string() }), answers: AI,
    handle: async (_ctx, { body }) => ({ id: await aiJobs.start(body) }),
  }),
  endpoint({
    method: 'get', path: '/api/admin/ai/jobs/:id', tag: 'Admin: AI generator', access: 'admin',
    summary: 'A generation job: queued, running, done (with its result) or failed (with its error)',
    params: z.object({ id: z.string().max(100) }), response: aiJobSchema,
    handle: async (_ctx, { params }) => {
      const job = await aiJobs.get(params.id);
      if (!job) throw notFound('No such AI job');
      return job;
    },
  }),
  endpoint({
    method: 'get', path: '/api/admin/ai/topic-suggestions', tag: 'Admin: AI generator', access: 'admin',
    summary: "Topic ideas for a category, steering clear of the category's recent headlines",
    query: topicSuggestionsQuery, response: topicSuggestionsSchema, answers: AI,
    handle: (_ctx, { query }) => ai.topicSuggestions(query.category),
  }),
  endpoint({
    method: 'get', path: '/api/admin/pexels/search', tag: 'Admin: stock photos', access: 'admin',
    summary: 'Searches Pexels', query: pexelsSearchQuery, response: stockPhotosSchema, answers: PEXELS,
    handle: (_ctx, { query }) => pexels.search(query.query, query.page),
  }),
  endpoint({
    method: 'get', path: '/api/admin/pexels/curated', tag: 'Admin: stock photos', access: 'admin',
    summary: "Pexels' curated photos", query: z.object({ page: z.coerce.number().int().min(1).max(100).optional() }), response: stockPhotosSchema,
    answers: PEXELS,
    handle: (_ctx, { query }) => pexels.curated(query.page),
  }),
  endpoint({
    method: 'post', path: '/api/admin/save-pexels-image', tag: 'Admin: stock photos', access: 'admin',
    summary: "Saves a Pexels photo into our uploads with the photographer's credit; only Pexels' image host is fetched",
    body: savePexelsImageSchema,
    response: savedStockPhotoSchema, answers: PEXELS,
    handle: (_ctx, { body }) => pexels.save(body),
  }),
];

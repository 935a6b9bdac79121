import { z } from 'zod';
import { generateArticleSchema, generateImageSchema } from './admin.js';
import { aiDraftSchema, generatedImageSchema } from './answers.js';

/** `POST /api/admin/ai/jobs`: the input of generate-article or generate-image, with which of the two it is. */
export const aiJobRequestSchema = z.discriminatedUnion('type', [
  generateArticleSchema.extend({ type: z.literal('article') }),
  generateImageSchema.extend({ type: z.literal('image') }),
], { error: 'Type must be article or image' }).meta({ id: 'AiJobRequest' });

export const AI_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

/**
 * `GET /api/admin/ai/jobs/{id}`: `result` once done; once failed, `error` (what went wrong, in words) and its `code`,
 * as the direct call would have answered them.
 */
export const aiJobSchema = z.object({
  id: z.string(),
  status: z.enum(AI_JOB_STATUSES),
  result: z.union([aiDraftSchema, generatedImageSchema]).optional(),
  error: z.string().optional(),
  code: z.string().optional(),
}).meta({ id: 'AiJob' });

export type AiJobRequest = z.infer<typeof aiJobRequestSchema>;
export type AiJob = z.infer<typeof aiJobSchema>;

import { z } from 'zod';
import { generateArticleSchema, generateImageSchema } from './admin.js';

/** What the article generator answers: the read time is counted from the words it wrote. */
export const aiArticleResultSchema = z.object({
  title: z.string(), content: z.string(), excerpt: z.string(), readTime: z.number(),
}).meta({ id: 'AiArticleResult' });

/** A generated image, already kept in our uploads with its WebP variants. */
export const aiImageResultSchema = z.object({
  url: z.string(), variants: z.array(z.object({ width: z.number(), url: z.string() })),
}).meta({ id: 'AiImageResult' });

/** `POST /api/admin/ai/jobs`: the input of generate-article or generate-image, with which of the two it is. */
export const aiJobRequestSchema = z.discriminatedUnion('type', [
  generateArticleSchema.extend({ type: z.literal('article') }),
  generateImageSchema.extend({ type: z.literal('image') }),
], { error: 'Type must be article or image' }).meta({ id: 'AiJobRequest' });

export const AI_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

/** `GET /api/admin/ai/jobs/{id}`: `result` once done, `error` (what went wrong, in words) once failed. */
export const aiJobSchema = z.object({
  id: z.string(),
  status: z.enum(AI_JOB_STATUSES),
  result: z.union([aiArticleResultSchema, aiImageResultSchema]).optional(),
  error: z.string().optional(),
}).meta({ id: 'AiJob' });

export type AiJobRequest = z.infer<typeof aiJobRequestSchema>;
export type AiJob = z.infer<typeof aiJobSchema>;

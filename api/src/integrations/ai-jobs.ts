import { randomUUID } from 'node:crypto';
import { ERROR_CODES, type AiJob, type AiJobRequest } from '@redaktion/shared';
import type { Db } from '../db/connection.js';
import { fromJson, nowIso, toJson } from '../db/values.js';
import { HttpError } from '../errors.js';
import { log } from '../log.js';
import type { JobQueue } from '../services/jobs/index.js';
import type { AiGenerator } from './ai.js';

const KIND = 'ai.generate';
/** A settled generation is kept this long for the screens that follow it; its image stays in the uploads. */
const KEEP_MS = 7 * 24 * 60 * 60 * 1000;
/** How often a caller waiting on a job looks at it. */
const WAIT_STEP_MS = 100;

interface AiJobRow {
  id: string; type: 'article' | 'image'; input: string; status: AiJob['status'];
  result: string | null; error: string | null; errorStatus: number | null; errorCode: string | null;
}

/**
 * AI generations as durable jobs: the request, state and result live in `ai_jobs`, so that any process may run the
 * job and any process may answer for it. A failure of the provider is the job's result (kept with its message), not
 * something to retry: the provider's client already tries twice.
 */
export function createAiJobs(db: Db, jobs: JobQueue, ai: AiGenerator) {
  const rows = () => db('ai_jobs');
  const find = async (id: string) => (await rows().where({ id }).first()) as AiJobRow | undefined;

  async function generate({ type, ...input }: AiJobRequest) {
    if (type === 'article') return ai.generateArticle(input as Parameters<AiGenerator['generateArticle']>[0]);
    // The download into our uploads happens here, in the job.
    const stored = await ai.generateImage(input as Parameters<AiGenerator['generateImage']>[0]);
    return { url: stored.url, variants: stored.variants };
  }

  async function run(payload: unknown): Promise<void> {
    const row = await find((payload as { id: string }).id);
    if (!row || row.status === 'done' || row.status === 'failed') return;
    await rows().where({ id: row.id }).update({ status: 'running' });
    try {
      const result = await generate({ ...fromJson<object>(row.input, {}), type: row.type } as AiJobRequest);
      await rows().where({ id: row.id }).update({ status: 'done', result: toJson(result), finishedAt: nowIso() });
    } catch (error) {
      const known = error instanceof HttpError;
      if (!known) log.error({ err: error }, 'AI generation failed on our side');
      await rows().where({ id: row.id }).update({
        status: 'failed', finishedAt: nowIso(),
        error: known ? error.message : 'The generation failed on our side',
        errorStatus: known ? error.status : 500, errorCode: known ? error.code : ERROR_CODES.internal,
      });
    }
  }

  const view = (row: AiJobRow): AiJob => ({
    id: row.id,
    status: row.status,
    ...(row.result ? { result: fromJson<AiJob['result']>(row.result, undefined) } : {}),
    ...(row.error ? { error: row.error, code: row.errorCode ?? ERROR_CODES.internal } : {}),
  });

  return {
    jobs: { [KIND]: run },

    /** Stores the request and its job together, and answers the job's id. */
    async start(request: AiJobRequest): Promise<string> {
      ai.assertConfigured();
      const id = randomUUID();
      const { type, ...input } = request;
      await db.transaction(async (trx) => {
        await trx('ai_jobs').insert({ id, type, input: toJson(input), status: 'queued', createdAt: nowIso() });
        await jobs.enqueue(KIND, { id }, trx);
      });
      return id;
    },

    /** Part of the hourly clean-up. */
    async purgeSettled(): Promise<void> {
      await rows().where('finishedAt', '<', new Date(Date.now() - KEEP_MS).toISOString()).delete();
    },

    async get(id: string): Promise<AiJob | null> {
      const row = await find(id);
      return row ? view(row) : null;
    },

    /**
     * The job's result once it is done, within `ms`: a failed job answers as the direct call did (its status and
     * message); one still under way after `ms` answers 504 with its id, to be followed at /api/admin/ai/jobs/{id}.
     */
    async result(id: string, ms: number): Promise<unknown> {
      const deadline = Date.now() + ms;
      for (;;) {
        const row = (await find(id))!;
        if (row.status === 'done') return fromJson(row.result, null);
        if (row.status === 'failed') throw new HttpError(row.errorStatus ?? 500, row.error ?? 'The generation failed', (row.errorCode ?? ERROR_CODES.internal) as never);
        if (Date.now() >= deadline) {
          throw new HttpError(504, `The AI generator is still working; follow it at /api/admin/ai/jobs/${id}`, ERROR_CODES.stillRunning, undefined, undefined, { id });
        }
        await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
      }
    },
  };
}

export type AiJobs = ReturnType<typeof createAiJobs>;

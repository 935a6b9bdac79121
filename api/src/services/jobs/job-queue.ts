import { currentLogContext, log, withLogContext } from '../../log.js';
import type { Db } from '../../db/connection.js';

/**
 * One kind of job. `stopping` is aborted when the process begins to stop: long work (a digest) ends its current step
 * and hands the rest to a new job rather than being cut off when the connections close.
 */
export type JobHandler = (payload: unknown, stopping: AbortSignal) => Promise<void>;

/** Work that runs once per period across every process (`every`): the hourly clean-up, say. */
export type RecurringWork = () => Promise<void>;

/** Tries before a failed job is kept, failed, with its last error; the waits between them double from 2 s. */
export const JOB_ATTEMPTS = 5;
export const FIRST_RETRY_SECONDS = 2;
/** How often each process looks for work that is not a job (the episode alerts) and, on SQLite, for jobs. */
export const POLL_MS = 2_000;

/**
 * Durable background jobs (contract.md §8 [ops]): `enqueue` stores one (inside `trx`, it commits or vanishes with
 * it), `work` runs them by kind in this process, `every` runs a kind once per period in the whole cluster, `stop`
 * waits for the jobs under way. The request id of the request that enqueued a job travels with it.
 */
export interface JobQueue {
  enqueue(kind: string, payload: unknown, trx?: Db): Promise<void>;
  every(kind: string, minutes: number, work: RecurringWork): void;
  work(handlers: Record<string, JobHandler>, ...ticks: (() => Promise<void>)[]): Promise<void>;
  /** Jobs not finished yet (waiting, waiting for a retry, or running), in the queue every process shares: for /metrics. */
  depth(): Promise<number>;
  stop(): Promise<void>;
}

/** What a job carries besides its payload: the id of the request that asked for it. */
export const jobOrigin = (): { reqId?: string } => {
  const { reqId } = currentLogContext();
  return reqId ? { reqId } : {};
};

/**
 * A warning for background work that fails over and over while the database is away (a poll, a tick): one line a
 * minute with the count of those left out, not one per failure.
 */
export function warnAtMostEveryMinute(message: string): (error: unknown) => void {
  let warnedAt = 0;
  let unreported = 0;
  return (error) => {
    if (Date.now() - warnedAt < 60_000) { unreported += 1; return; }
    log.warn({ err: error, alsoSince: unreported }, message);
    warnedAt = Date.now();
    unreported = 0;
  };
}

/**
 * Runs one attempt of a job with its kind, id and request id on every line it logs; a failure is logged and
 * thrown on, for the driver to retry or keep.
 */
export async function runJob(job: { kind: string; id: string; attempt: number; reqId?: string }, work: () => Promise<void>): Promise<void> {
  await withLogContext({ reqId: job.reqId, job: job.kind, jobId: job.id }, async () => {
    const started = Date.now();
    log.info({ attempt: job.attempt }, 'Job started');
    try {
      await work();
      log.info({ ms: Date.now() - started }, 'Job done');
    } catch (error) {
      log.warn({ attempt: job.attempt, final: job.attempt >= JOB_ATTEMPTS, err: error }, 'Job failed');
      throw error;
    }
  });
}

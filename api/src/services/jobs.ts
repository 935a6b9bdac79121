import type { Db } from '../db/connection.js';
import { isPostgres } from '../db/connection.js';
import { fromJson, nowIso, toJson } from '../db/values.js';

/** How long a claim holds without being renewed: a process that died gives its job up after this. */
const CLAIM_MS = 60_000;
const HEARTBEAT_MS = 20_000;
const POLL_MS = 2_000;
const MAX_ATTEMPTS = 5;

export type JobHandler = (payload: unknown) => Promise<void>;

interface JobRow { id: number; kind: string; payload: string; attempts: number }

const later = (ms: number) => new Date(Date.now() + ms).toISOString();

/**
 * Durable background jobs in the database (contract.md §8 [ops]): `enqueue` stores one, `work` runs them in this
 * process. A job is claimed for a minute and the claim renewed while it runs, so a job of a process that stopped
 * is taken up again by the next one that polls. The interface is two calls so that a job library can replace it.
 */
export function createJobQueue(db: Db) {
  const jobs = () => db('background_jobs');
  let handlers: Record<string, JobHandler> = {};
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  let again = false;
  /** Work to look for on each poll besides the jobs themselves (the episode alerts). */
  const tickers: (() => Promise<void>)[] = [];

  async function claimNext(): Promise<JobRow | null> {
    const now = nowIso();
    const candidates = (await jobs().whereNull('doneAt').where('runAt', '<=', now)
      .where((q) => q.whereNull('claimedUntil').orWhere('claimedUntil', '<', now))
      .whereIn('kind', Object.keys(handlers)).orderBy('id').limit(5)) as JobRow[];
    for (const job of candidates) {
      // The conditional update makes one process the owner when several poll at once.
      const taken = await jobs().where({ id: job.id }).whereNull('doneAt')
        .where((q) => q.whereNull('claimedUntil').orWhere('claimedUntil', '<', now))
        .update({ claimedUntil: later(CLAIM_MS), attempts: job.attempts + 1 });
      if (taken === 1) return { ...job, attempts: job.attempts + 1 };
    }
    return null;
  }

  async function runOne(job: JobRow): Promise<void> {
    const heartbeat = setInterval(() => {
      void jobs().where({ id: job.id }).update({ claimedUntil: later(CLAIM_MS) }).catch(() => undefined);
    }, HEARTBEAT_MS);
    try {
      await handlers[job.kind]!(fromJson(job.payload, null));
      await jobs().where({ id: job.id }).update({ doneAt: nowIso(), claimedUntil: null, lastError: null });
    } catch (error) {
      console.error(`Background job ${job.kind} #${job.id} failed (attempt ${job.attempts}):`, error);
      const message = String((error as Error)?.message ?? error).slice(0, 1000);
      // Retries wait longer each time; after the last one the job is kept, done, with its error.
      await jobs().where({ id: job.id }).update(job.attempts >= MAX_ATTEMPTS
        ? { doneAt: nowIso(), claimedUntil: null, lastError: message }
        : { runAt: later(2 ** job.attempts * 1000), claimedUntil: null, lastError: message });
    } finally {
      clearInterval(heartbeat);
    }
  }

  async function drain(): Promise<void> {
    do {
      again = false;
      for (const tick of tickers) await tick();
      for (let job = await claimNext(); job && !stopped; job = await claimNext()) await runOne(job);
    } while (again && !stopped);
  }

  function kick(): void {
    if (stopped) return;
    if (running) { again = true; return; }
    running = drain().catch((error: unknown) => console.error('Background jobs:', error)).finally(() => { running = null; });
  }

  return {
    /** Stores a job and wakes this process's worker; inside a transaction, the next poll finds it once committed. */
    async enqueue(kind: string, payload: unknown, trx: Db = db): Promise<void> {
      await trx('background_jobs').insert({ kind, payload: toJson(payload), runAt: nowIso(), attempts: 0, createdAt: nowIso() });
      if (trx === db) kick();
    },

    /** Starts working: the handlers by kind, and `tick` run on every poll. */
    async work(kinds: Record<string, JobHandler>, ...ticks: (() => Promise<void>)[]): Promise<void> {
      handlers = kinds;
      tickers.push(...ticks);
      // One SQLite file has one process: a claim still held at start belongs to a run that ended.
      if (!isPostgres(db)) await jobs().whereNull('doneAt').whereNotNull('claimedUntil').update({ claimedUntil: null });
      timer = setInterval(kick, POLL_MS);
      timer.unref();
      kick();
    },

    /** Stops polling and waits for the job under way. */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;

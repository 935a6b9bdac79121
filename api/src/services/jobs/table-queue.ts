import type { Db } from '../../db/connection.js';
import { fromJson, nowIso, toJson } from '../../db/values.js';
import { log } from '../../log.js';
import {
  FIRST_RETRY_SECONDS, JOB_ATTEMPTS, jobOrigin, POLL_MS, runJob, warnAtMostEveryMinute, type JobHandler, type JobQueue, type RecurringWork,
} from './job-queue.js';

/** How long a claim holds without being renewed: a run that ended gives its job up after this. */
const CLAIM_MS = 60_000;
const HEARTBEAT_MS = 20_000;
/** Finished jobs (and failed ones, with their error) are kept this long, then deleted hourly. */
const KEEP_DONE_MS = 14 * 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

interface JobRow { id: number; kind: string; payload: string; attempts: number; requestId: string | null }

const later = (ms: number) => new Date(Date.now() + ms).toISOString();

/**
 * The SQLite driver: jobs in the `background_jobs` table, worked in this process (one process per SQLite file).
 * A job is claimed for a minute and the claim renewed while it runs; claims left by an earlier run are released at
 * start, so a job under way when the process stopped runs again after the restart.
 */
export function createTableQueue(db: Db): JobQueue {
  const jobs = () => db('background_jobs');
  let handlers: Record<string, JobHandler> = {};
  const timers: NodeJS.Timeout[] = [];
  const recurring: { minutes: number; work: RecurringWork; kind: string }[] = [];
  let running: Promise<void> | null = null;
  let stopped = false;
  const stopping = new AbortController();
  let again = false;
  /** Work to look for on each poll besides the jobs themselves (the episode alerts). */
  const tickers: (() => Promise<void>)[] = [];
  const drainFailed = warnAtMostEveryMinute('Looking for background work failed; it is tried again');

  async function claimNext(): Promise<JobRow | null> {
    const now = nowIso();
    const candidates = (await jobs().whereNull('doneAt').where('runAt', '<=', now)
      .where((q) => q.whereNull('claimedUntil').orWhere('claimedUntil', '<', now))
      .whereIn('kind', Object.keys(handlers)).orderBy('id').limit(5)) as JobRow[];
    for (const job of candidates) {
      // The conditional update keeps one claim per job even if a second worker polls the same file.
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
      await runJob({ kind: job.kind, id: String(job.id), attempt: job.attempts, reqId: job.requestId ?? undefined },
        () => handlers[job.kind]!(fromJson(job.payload, null), stopping.signal));
      await jobs().where({ id: job.id }).update({ doneAt: nowIso(), claimedUntil: null, lastError: null });
    } catch (error) {
      const message = String((error as Error)?.message ?? error).slice(0, 1000);
      // Retries wait longer each time; after the last one the job is kept, done, with its error.
      await jobs().where({ id: job.id }).update(job.attempts >= JOB_ATTEMPTS
        ? { doneAt: nowIso(), claimedUntil: null, lastError: message }
        : { runAt: later(FIRST_RETRY_SECONDS * 2 ** (job.attempts - 1) * 1000), claimedUntil: null, lastError: message });
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
    running = drain().catch(drainFailed).finally(() => { running = null; });
  }

  return {
    async enqueue(kind, payload, trx = db) {
      await trx('background_jobs').insert({
        kind, payload: toJson(payload), requestId: jobOrigin().reqId ?? null, runAt: nowIso(), attempts: 0, createdAt: nowIso(),
      });
      // Inside a transaction the row is not visible yet: the next poll finds it once committed.
      if (trx === db) kick();
    },

    every(kind, minutes, work) {
      recurring.push({ kind, minutes, work });
    },

    async work(kinds, ...ticks) {
      handlers = kinds;
      tickers.push(...ticks);
      // One SQLite file has one process: a claim still held at start belongs to a run that ended.
      await jobs().whereNull('doneAt').whereNotNull('claimedUntil').update({ claimedUntil: null });
      timers.push(setInterval(kick, POLL_MS).unref());
      timers.push(setInterval(() => {
        void jobs().where('doneAt', '<', new Date(Date.now() - KEEP_DONE_MS).toISOString()).delete()
          .catch((error: unknown) => log.warn({ err: error }, 'Deleting old finished jobs failed'));
      }, HOUR_MS).unref());
      // The only process of this database: recurring work runs here, and a missed period simply comes round again.
      for (const { kind, minutes, work } of recurring) {
        const run = () => void runJob({ kind, id: `${kind}@${nowIso()}`, attempt: 1 }, work).catch(() => undefined);
        timers.push(setInterval(run, minutes * 60_000).unref());
      }
      kick();
    },

    async depth() {
      const row = (await jobs().whereNull('doneAt').count({ count: '*' }).first()) as { count: unknown } | undefined;
      return Number(row?.count ?? 0);
    },

    async stop() {
      stopped = true;
      stopping.abort();
      for (const timer of timers) clearInterval(timer);
      await running;
    },
  };
}

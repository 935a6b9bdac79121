import PgBoss from 'pg-boss';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import {
  FIRST_RETRY_SECONDS, JOB_ATTEMPTS, jobOrigin, POLL_MS, runJob, warnAtMostEveryMinute, type JobHandler, type JobQueue, type RecurringWork,
} from './job-queue.js';

/** What pg-boss keeps of a job: the payload and the request that asked for it. */
interface Envelope { payload: unknown; reqId?: string }

/** pg-boss's own connections; the API's pool stays for requests. */
const POOL_SIZE = 3;
/** Failed jobs stay in pgboss.job, with their error as output, for this long. */
const KEEP_FAILED_DAYS = 14;
/** How long the SIGTERM path waits for jobs under way before pg-boss marks them failed (to be retried elsewhere). */
const STOP_TIMEOUT_MS = 10_000;

const DEADLOCK = '40P01';
const START_RETRY_MS = 5_000;

/** A cron line for every `minutes` (a divisor of 60, or 60 for hourly). */
const cronEvery = (minutes: number) => (minutes >= 60 ? '0 * * * *' : `*/${minutes} * * * *`);

/** pg-boss runs a statement through a knex transaction's own connection, so a job sent inside it commits with it. */
const inTransaction = (trx: Db): PgBoss.Db => ({
  async executeSql(text, values) {
    const connection = (await trx.client.acquireConnection()) as { query(text: string, values: unknown[]): Promise<{ rows: unknown[] }> };
    try {
      return await connection.query(text, values);
    } finally {
      await trx.client.releaseConnection(connection);
    }
  },
});

/**
 * The PostgreSQL driver: pg-boss (its own schema `pgboss`, created at start), shared by every API process. A job of
 * a process that died (SIGKILL) counts as lost after JOB_TIMEOUT_SECONDS and is retried by whichever process
 * fetches next; recurring work goes through pg-boss's cron, which sends one job per period for the whole cluster.
 */
export function createPgBossQueue(db: Db, config: Config): JobQueue {
  const timeout = config.jobTimeoutSeconds;
  const options: PgBoss.ConstructorOptions & { connectionTimeoutMillis: number; keepAlive: boolean } = {
    connectionString: config.databaseUrl!,
    max: POOL_SIZE,
    application_name: 'redaktion-jobs',
    // pg-boss hands these to its pg pool: a database that does not answer fails an enqueue in time, as a query does.
    connectionTimeoutMillis: config.dbTimeoutMs,
    keepAlive: true,
    // A lost job is found within half its timeout (and within a minute at most).
    maintenanceIntervalSeconds: Math.max(1, Math.min(60, Math.floor(timeout / 2))),
    deleteAfterDays: KEEP_FAILED_DAYS,
  };
  const boss = new PgBoss(options);
  // While the database is away every worker's poll fails: one line a minute says so.
  boss.on('error', warnAtMostEveryMinute('Job queue (pg-boss) reported an error; it carries on'));
  const tickFailed = warnAtMostEveryMinute('Looking for background work failed; it is tried again');
  const startFailed = warnAtMostEveryMinute('The job workers could not start; they are tried again');
  const sendOptions: PgBoss.SendOptions = {
    retryLimit: JOB_ATTEMPTS - 1, retryDelay: FIRST_RETRY_SECONDS, retryBackoff: true, expireInSeconds: timeout,
  };
  const recurring: { kind: string; minutes: number; work: RecurringWork }[] = [];
  const workers = new Map<string, string>();
  const queues = new Map<string, Promise<void>>();
  let started: Promise<unknown> | null = null;
  let ticker: NodeJS.Timeout | null = null;
  let ticking: Promise<void> | null = null;
  let stopped = false;
  const stopping = new AbortController();

  // A start that failed (the database away) is tried again by the next call.
  const start = () => (started ??= boss.start().catch((error: unknown) => { started = null; throw error; }));
  // Two queues created at once deadlock in pg-boss 10 (each alters the shared queue table): here they are created
  // one after the other, and a deadlock with another process starting at the same moment is retried.
  let creating: Promise<unknown> = Promise.resolve();
  async function create(kind: string): Promise<void> {
    await start();
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await boss.createQueue(kind);
      } catch (error) {
        if ((error as { code?: string }).code !== DEADLOCK || attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  }
  const queue = (kind: string): Promise<void> => {
    let ready = queues.get(kind);
    if (!ready) {
      ready = creating.catch(() => undefined).then(() => create(kind));
      creating = ready;
      ready.catch(() => queues.delete(kind));
      queues.set(kind, ready);
    }
    return ready;
  };

  async function listen(kind: string, handler: JobHandler): Promise<void> {
    await queue(kind);
    if (stopped) return;
    const id = await boss.work<Envelope>(kind, { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: POLL_MS / 1000 }, async ([job]) => {
      if (!job) return;
      // After a job the worker looks for the next at once, not after its polling interval: a queue drains at speed.
      boss.notifyWorker(workers.get(kind)!);
      await runJob({ kind, id: job.id, attempt: job.retryCount + 1, reqId: job.data.reqId }, () => handler(job.data.payload, stopping.signal));
    });
    workers.set(kind, id);
  }

  return {
    async enqueue(kind, payload, trx = db) {
      await queue(kind);
      const envelope: Envelope = { payload, ...jobOrigin() };
      await boss.send(kind, envelope as object, trx === db ? sendOptions : { ...sendOptions, db: inTransaction(trx) });
      // This process's worker fetches now rather than at its next poll (in a transaction, the poll finds it once committed).
      const worker = workers.get(kind);
      if (worker && trx === db) boss.notifyWorker(worker);
    },

    every(kind, minutes, work) {
      recurring.push({ kind, minutes, work });
    },

    async work(handlers, ...ticks) {
      // The episode alerts are looked for by every process; each alert is claimed by one (push.ts).
      const tick = () => {
        if (ticking || stopped) return;
        ticking = ticks.reduce((chain, next) => chain.then(next), Promise.resolve())
          .catch(tickFailed)
          .finally(() => { ticking = null; });
      };
      if (ticks.length) {
        ticker = setInterval(tick, POLL_MS).unref();
        tick();
      }
      // Workers that could not start (the database away, a deadlock that outlasted its retries) are tried again until
      // they run: a process never stays without them.
      while (!stopped) {
        try {
          for (const [kind, handler] of Object.entries(handlers)) if (!workers.has(kind)) await listen(kind, handler);
          for (const { kind, minutes, work } of recurring) {
            if (!workers.has(kind)) await listen(kind, work);
            if (!stopped) await boss.schedule(kind, cronEvery(minutes), {}, sendOptions);
          }
          return;
        } catch (error) {
          if (!stopped) startFailed(error);
          await new Promise((resolve) => setTimeout(resolve, START_RETRY_MS).unref());
        }
      }
    },

    async depth() {
      if (!started) return 0;
      await started;
      const sizes = await Promise.all([...queues.keys()].map((kind) => boss.getQueueSize(kind, { before: 'completed' })));
      return sizes.reduce((sum, size) => sum + size, 0);
    },

    async stop() {
      stopped = true;
      stopping.abort();
      if (ticker) clearInterval(ticker);
      await ticking;
      if (!started) return;
      await started.catch(() => undefined);
      await boss.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS, close: true }).catch(() => undefined);
    },
  };
}

import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/connection.js';
import type { JobQueue } from '../services/jobs/index.js';
import type { ResponseCache } from './response-cache.js';

/** The pool's counts as tarn (knex's pool) keeps them. */
interface PoolCounts { numUsed(): number; numFree(): number; numPendingAcquires(): number; numPendingCreates(): number }

export interface Metrics {
  registry: Registry;
  observeRequest(labels: { method: string; route: string; status: number }, seconds: number): void;
}

/**
 * Prometheus metrics of one app (a registry of its own, so that several apps in one test process never mix):
 * request durations by route pattern, the database pool, the response cache's hit ratio, the job queue's depth, the
 * live articles' open event streams, and Node's own figures.
 */
export function createMetrics(db: Db, cache: ResponseCache, jobs: JobQueue, liveStreams: () => number): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const durations = new Histogram({
    name: 'redaktion_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'redaktion_db_pool_connections',
    help: 'Database pool connections by state (used, free, pending acquisitions and creations)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = (db.client as { pool?: PoolCounts }).pool;
      if (!pool) return;
      this.set({ state: 'used' }, pool.numUsed());
      this.set({ state: 'free' }, pool.numFree());
      this.set({ state: 'pending_acquire' }, pool.numPendingAcquires());
      this.set({ state: 'pending_create' }, pool.numPendingCreates());
    },
  });
  new Counter({
    name: 'redaktion_response_cache_lookups_total',
    help: 'Cacheable public reads and signed-out pages answered from the response cache (hit) or computed (miss)',
    labelNames: ['result'],
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ result: 'hit' }, cache.stats.hits);
      this.inc({ result: 'miss' }, cache.stats.misses);
    },
  });
  new Gauge({
    name: 'redaktion_response_cache_hit_ratio',
    help: 'Share of cacheable public reads and signed-out pages answered from the response cache since the process started',
    registers: [registry],
    collect() {
      const { hits, misses } = cache.stats;
      this.set(hits + misses === 0 ? 0 : hits / (hits + misses));
    },
  });
  new Gauge({
    name: 'redaktion_job_queue_depth',
    help: 'Background jobs not finished yet (waiting, waiting for a retry, or running) in the queue every process shares',
    registers: [registry],
    async collect() {
      // While the database is away the last figure stands: /metrics still answers.
      await jobs.depth().then((depth) => this.set(depth), () => undefined);
    },
  });
  new Gauge({
    name: 'redaktion_live_streams_open',
    help: "Live articles' event streams open in this process (a stream is counted as a request only when it closes)",
    registers: [registry],
    collect() {
      this.set(liveStreams());
    },
  });
  return {
    registry,
    observeRequest: ({ method, route, status }, seconds) => durations.observe({ method, route, status: String(status) }, seconds),
  };
}

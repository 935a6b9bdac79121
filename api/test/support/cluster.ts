import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort, startServerProcess, type ServerProcess } from './server-process.js';

/**
 * Several API processes on one PostgreSQL database behind haproxy (Debian's package), as an operator runs them:
 * each process with its own empty DATA_DIR and the one session secret, haproxy probing /readyz. Used by
 * api/test/cluster.test.ts and by `npm run bench:scale`.
 */

export interface Backend { name: string; port: number }

export interface LoadBalancer {
  url: string;
  /** haproxy's statistics on each server of the API backend by name (status: UP, DOWN, "UP 1/2", …; connect, reuse, …). */
  serverStats(): Promise<Map<string, Record<string, string>>>;
  /** Resolves once haproxy reports `server` in `status`; throws when that has not happened within `ms`. */
  waitForState(server: string, status: 'UP' | 'DOWN', ms?: number): Promise<void>;
  stop(): Promise<void>;
}

/** The name haproxy gives the n-th backend (0-based) and puts in each answer's X-Served-By header. */
export const backendName = (index: number) => `api${index + 1}`;

/**
 * haproxy in front of `backends`, configured the way an operator would run it in front of the API:
 * - round robin, with an active health check on /readyz: a process that is draining (SIGTERM) or has lost its
 *   database is taken out of the rotation before it stops answering, and put back once it answers 200 twice;
 * - `retries` with `option redispatch`: a request whose connection is refused (a process that died or stopped
 *   listening before the health check noticed) is sent to another process instead of failing;
 * - a GET or HEAD that got no answer at all (sent on a kept-alive connection just as the process closed it, or in
 *   flight on a process that died) is retried elsewhere too; any other method is retried only when it never reached a
 *   process, since a write must not run twice;
 * - X-Served-By names the process that answered, so that a client can tell where each request went.
 */
export async function startLoadBalancer(backends: Backend[], options: { maxconn?: number } = {}): Promise<LoadBalancer> {
  const [port, statsPort] = [await freePort(), await freePort()];
  const dir = await mkdtemp(path.join(os.tmpdir(), 'redaktion-haproxy-'));
  const file = path.join(dir, 'haproxy.cfg');
  await writeFile(file, `global
  maxconn ${options.maxconn ?? 4096}

defaults
  mode http
  timeout connect 1s
  timeout client 30s
  timeout server 30s
  timeout check 2s
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response

frontend web
  bind 127.0.0.1:${port}
  default_backend api

backend api
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  http-request disable-l7-retry if !METH_GET
  default-server check inter 500ms fall 2 rise 2
  http-response set-header X-Served-By %[srv_name]
${backends.map((backend) => `  server ${backend.name} 127.0.0.1:${backend.port}`).join('\n')}

listen stats
  bind 127.0.0.1:${statsPort}
  stats enable
  stats uri /stats
`);
  // -db: in the foreground, so that the process is ours to stop.
  const child = spawn('haproxy', ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const spawnError = new Promise<never>((_, reject) => child.once('error', reject));

  async function serverStats(): Promise<Map<string, Record<string, string>>> {
    const csv = await (await fetch(`http://127.0.0.1:${statsPort}/stats;csv`, { signal: AbortSignal.timeout(2_000) })).text();
    const [header, ...rows] = csv.trim().split('\n').map((line) => line.split(','));
    const names = header!.map((name) => name.replace(/^# /, ''));
    return new Map(rows.map((row) => Object.fromEntries(names.map((name, i) => [name, row[i]!])))
      .filter((row) => row.pxname === 'api' && row.svname !== 'BACKEND')
      .map((row) => [row.svname!, row]));
  }

  async function waitForState(server: string, status: 'UP' | 'DOWN', ms = 20_000): Promise<void> {
    const deadline = Date.now() + ms;
    let last: string | undefined;
    while (Date.now() < deadline) {
      last = await serverStats().then((stats) => stats.get(server)?.status, () => undefined);
      if (last === status) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`haproxy reports ${server} as ${last ?? 'nothing'}, not ${status}, after ${ms} ms:\n${output}`);
  }

  const balancer: LoadBalancer = {
    url: `http://127.0.0.1:${port}`,
    serverStats,
    waitForState,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
  try {
    await Promise.race([spawnError, Promise.all(backends.map((backend) => waitForState(backend.name, 'UP')))]);
  } catch (error) {
    await balancer.stop();
    throw error;
  }
  return balancer;
}

export interface ApiProcess extends ServerProcess { name: string; dataDir: string }

/**
 * One API process on `databaseUrl` with its own empty DATA_DIR. `port` restarts a stopped process where haproxy
 * expects it.
 */
export async function startApiProcess(options: {
  name: string; databaseUrl: string; env?: Record<string, string>; port?: number;
}): Promise<ApiProcess> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `redaktion-${options.name}-`));
  const server = await startServerProcess({
    env: {
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: dataDir,
      // One secret for every process, as an operator configures it, so a session cookie is good on any of them.
      SESSION_SECRET: 'cluster-shared-secret',
      // Request lines would fill the captured output under load; warnings and faults still show.
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    port: options.port,
  }).catch(async (error: unknown) => {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  });
  return {
    ...server,
    name: options.name,
    dataDir,
    async stop() {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Cluster {
  /** haproxy's address: where clients go. */
  url: string;
  balancer: LoadBalancer;
  /** The API processes, api1 first; `restart` replaces an entry. */
  processes: ApiProcess[];
  /** Starts process `index` again (after a kill or a stop) on its port, with a new empty DATA_DIR. */
  restart(index: number): Promise<ApiProcess>;
  stop(): Promise<void>;
}

/** `size` API processes started together on one database, behind haproxy. */
export async function startCluster(options: {
  size: number; databaseUrl: string; env?: Record<string, string>;
  /** haproxy's connection limit (4096): a benchmark that holds thousands of event streams needs more. */
  maxconn?: number;
}): Promise<Cluster> {
  const started = await Promise.allSettled(Array.from({ length: options.size }, (_, index) => startApiProcess({
    name: backendName(index), databaseUrl: options.databaseUrl, env: options.env,
  })));
  const processes = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stopProcesses = () => Promise.all(processes.map((process) => process.stop()));
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) {
    await stopProcesses();
    throw failure.reason;
  }
  const balancer = await startLoadBalancer(processes.map((process) => ({ name: process.name, port: process.port })), { maxconn: options.maxconn })
    .catch(async (error: unknown) => {
      await stopProcesses();
      throw error;
    });
  return {
    url: balancer.url,
    balancer,
    processes,
    async restart(index) {
      const old = processes[index]!;
      await old.stop();
      processes[index] = await startApiProcess({ name: old.name, databaseUrl: options.databaseUrl, env: options.env, port: old.port });
      return processes[index];
    },
    async stop() {
      await balancer.stop();
      await stopProcesses();
    },
  };
}

/** One request of a stream: when it started and ended (ms on performance.now()), what came back and from where. */
export interface StreamedRequest {
  path: string; startedAt: number; endedAt: number; status: number | 'network error'; servedBy: string | null; error?: string;
}

export interface RequestStream {
  /** Requests sent and not yet answered, right now. */
  inFlight(): number;
  /** Every request answered so far. */
  done(): readonly StreamedRequest[];
  /** Resolves once `count` more requests have been answered; throws when they have not within 30 s. */
  answered(count: number): Promise<void>;
  /** Stops sending, waits for the requests under way and returns every request. */
  stop(): Promise<StreamedRequest[]>;
}

/**
 * A steady stream of GETs to `baseUrl`, `concurrency` at a time, cycling through `paths`, until stopped. Each request
 * gives up after 10 s so that a stream always ends.
 */
export function startRequestStream(baseUrl: string, paths: string[], concurrency: number): RequestStream {
  const results: StreamedRequest[] = [];
  let inFlight = 0;
  let next = 0;
  let stopping = false;
  const worker = async () => {
    while (!stopping) {
      const requestPath = paths[next++ % paths.length]!;
      const startedAt = performance.now();
      inFlight += 1;
      let status: StreamedRequest['status'] = 'network error';
      let servedBy: string | null = null;
      let error: string | undefined;
      try {
        const response = await fetch(baseUrl + requestPath, { signal: AbortSignal.timeout(10_000) });
        await response.arrayBuffer();
        status = response.status;
        servedBy = response.headers.get('x-served-by');
      } catch (failure) {
        error = String((failure as Error).cause ?? failure);
      }
      inFlight -= 1;
      results.push({ path: requestPath, startedAt, endedAt: performance.now(), status, servedBy, ...(error ? { error } : {}) });
    }
  };
  const workers = Array.from({ length: concurrency }, worker);
  return {
    inFlight: () => inFlight,
    done: () => results,
    async answered(count) {
      const target = results.length + count;
      const deadline = Date.now() + 30_000;
      while (results.length < target) {
        if (Date.now() > deadline) throw new Error(`the stream got ${results.length - target + count} of ${count} answers in 30 s`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async stop() {
      stopping = true;
      await Promise.all(workers);
      return results;
    },
  };
}

export interface Drill {
  /** The stream's requests under way when the signal was sent (on every process: an upper bound for the target's). */
  inFlightAtSignal: number;
  exitCode: number | null;
  /** When haproxy reported the process DOWN (performance.now()). */
  takenOutAt: number;
  results: StreamedRequest[];
}

/**
 * A stream of `paths` through haproxy, 6 at a time; once it has 200 answers, `signal` to process `index`; then the
 * stream runs on until haproxy has taken the process out and 200 more answers have come.
 */
export async function signalUnderLoad(cluster: Cluster, index: number, signal: 'SIGKILL' | 'SIGTERM', paths: string[]): Promise<Drill> {
  const stream = startRequestStream(cluster.url, paths, 6);
  try {
    await stream.answered(200);
    const target = cluster.processes[index]!;
    const inFlightAtSignal = stream.inFlight();
    target.child.kill(signal);
    const exitCode = await target.exited;
    await cluster.balancer.waitForState(target.name, 'DOWN');
    const takenOutAt = performance.now();
    await stream.answered(200);
    return { inFlightAtSignal, exitCode, takenOutAt, results: await stream.stop() };
  } finally {
    await stream.stop();
  }
}

/**
 * How one URL answered around a write, in ms from the moment the write returned (negative: while it was under way):
 * the start of its first request answered fresh, and the start of its last request answered stale.
 */
export interface Propagation { url: string; firstFreshStartMs: number | null; lastStaleStartMs: number | null; answers: number }

/**
 * Polls every URL (each in its own loop, one request after another) from the moment `write` is sent until `windowMs`
 * after it returned, sorting each answer into fresh or stale by its body. Also answers how long the write took.
 */
export async function watchPropagation(options: {
  urls: string[]; write: () => Promise<void>; isFresh: (body: string) => boolean; windowMs: number;
}): Promise<{ writeMs: number; urls: Propagation[] }> {
  const sentAt = performance.now();
  let returnedAt: number | null = null;
  const polls = options.urls.map(async (url) => {
    const seen: Propagation = { url, firstFreshStartMs: null, lastStaleStartMs: null, answers: 0 };
    while (returnedAt === null || performance.now() - returnedAt < options.windowMs) {
      const startedAt = performance.now();
      const body = await (await fetch(url, { signal: AbortSignal.timeout(10_000) })).text();
      seen.answers += 1;
      // Times are kept from the send until the write has returned, then made relative to its return.
      if (options.isFresh(body)) seen.firstFreshStartMs ??= startedAt;
      else seen.lastStaleStartMs = startedAt;
    }
    return seen;
  });
  try {
    await options.write();
  } finally {
    returnedAt = performance.now();
  }
  const relative = (time: number | null) => (time === null ? null : time - returnedAt!);
  return {
    writeMs: returnedAt - sentAt,
    urls: (await Promise.all(polls)).map((seen) => ({
      ...seen, firstFreshStartMs: relative(seen.firstFreshStartMs), lastStaleStartMs: relative(seen.lastStaleStartMs),
    })),
  };
}

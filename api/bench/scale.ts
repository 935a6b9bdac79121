import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import autocannon from 'autocannon';
import { createDb } from '../src/db/connection.js';
import { signalUnderLoad, startCluster, watchPropagation, type Cluster, type Drill } from '../test/support/cluster.js';
import { articleForm } from '../test/support/fixtures.js';
import { HttpClient } from '../test/support/http-client.js';
import { createPostgresDatabase } from '../test/support/test-server.js';
import { signedInUser } from '../test/support/users.js';
import { printMachine, table } from './report.js';

/**
 * npm run bench:scale: one, then two API processes behind haproxy on one PostgreSQL database, loaded at the same
 * offered rate; the API processes' CPU time per request served tells whether a second process costs coordination.
 * Then how long an edit takes to show on the other process, and what a SIGKILL and a SIGTERM under load lose.
 * Needs haproxy and a PostgreSQL server (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local one).
 */
const RATE = Number(process.env.BENCH_SCALE_RATE ?? 300);
const DURATION = Number(process.env.BENCH_SCALE_DURATION ?? 20);
const CONNECTIONS = 20;
const PROPAGATION_SAMPLES = 15;
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK']).toString());

/** User plus system CPU seconds a process has used, from /proc/<pid>/stat (fields 14 and 15). */
async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces; the first of them is field 3.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

const totalCpu = async (cluster: Cluster) => (await Promise.all(cluster.processes.map((p) => cpuSeconds(p.child.pid!)))).reduce((a, b) => a + b, 0);

function load(url: string, paths: string[], duration: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, overallRate: RATE, requests: paths.map((path) => ({ method: 'GET', path })) },
      (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** The offered load through haproxy, after a warm-up at the same rate: served rate, latency and API CPU per request. */
async function measure(cluster: Cluster, paths: string[]) {
  await load(cluster.url, paths, 3);
  const before = await totalCpu(cluster);
  const result = await load(cluster.url, paths, DURATION);
  const cpu = (await totalCpu(cluster)) - before;
  const served = result.requests.total - result.non2xx;
  return { result, cpu, perCpuSecond: served / cpu };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const drillLine = (name: string, drill: Drill) => {
  const lost = drill.results.filter((result) => result.status !== 200).length;
  return `${name}: ${lost} lost of ${drill.results.length} requests (${drill.inFlightAtSignal} in flight through haproxy at the signal; exit code ${drill.exitCode ?? 'none'})`;
};

const database = await createPostgresDatabase(serverUrl);
let cluster: Cluster | null = null;
try {
  printMachine();
  // The demo content: its newest free article gives the article and the page of the mix.
  const env = { SEED_DEMO: '1' };
  cluster = await startCluster({ size: 1, databaseUrl: database.url, env });
  const list = await (await fetch(`${cluster.url}/api/articles?limit=15`)).json() as { id: number; premium: boolean }[];
  const id = list.find((article) => !article.premium)!.id;
  const paths = ['/api/articles?limit=15', `/api/articles/${id}`, `/article/${id}`];
  console.log(`autocannon through haproxy: ${RATE} requests/s offered (overallRate), ${CONNECTIONS} connections, ${DURATION} s after a 3 s warm-up;`);
  console.log(`the mix, in turn on each connection: ${paths.map((p) => `GET ${p}`).join(', ')} (the cached public list, an article, its signed-out page)\n`);

  const rows: string[][] = [];
  let onePerCpu = 0;
  for (const size of [1, 2]) {
    if (size > 1) {
      await cluster.stop();
      cluster = await startCluster({ size, databaseUrl: database.url, env });
    }
    const { result, cpu, perCpuSecond } = await measure(cluster, paths);
    if (size === 1) onePerCpu = perCpuSecond;
    const change = size === 1 ? '' : `${((perCpuSecond / onePerCpu - 1) * 100).toFixed(1)} %`;
    rows.push([String(size), String(RATE), result.requests.average.toFixed(0), `${result.latency.p50} ms`, `${result.latency.p99} ms`,
      String(result.non2xx + result.errors + result.timeouts), cpu.toFixed(2), perCpuSecond.toFixed(0), change]);
  }
  table(['processes', 'offered/s', 'served/s', 'p50', 'p99', 'failed', 'API CPU s', 'req per API CPU s', 'vs one (goal within 10 %)'], rows);

  // An admin edits through the first process; the second one's answers are polled directly, idle otherwise.
  const db = createDb({ databaseUrl: database.url, sqliteFile: '' });
  const admin = new HttpClient(cluster.processes[0]!.url);
  try {
    for (const [name, value] of (await signedInUser(cluster.url, db, { role: 'admin' })).client.cookies) admin.cookies.set(name, value);
  } finally {
    await db.destroy();
  }
  const created = await admin.post('/api/admin/articles', articleForm('Spridning'));
  if (created.status !== 201) throw new Error(`creating the article answered ${created.status}`);
  const edited = created.body.id as number;
  const other = cluster.processes[1]!.url;
  const samples: number[] = [];
  const staleAfterReturn: number[] = [];
  for (let sample = 1; sample <= PROPAGATION_SAMPLES; sample += 1) {
    const title = `Spridning ${sample}`;
    // Both answers in the other process's cache first, so that a stale copy is there to be served.
    for (const path of [`/api/articles/${edited}`, `/article/${edited}`]) await (await fetch(other + path)).text();
    const seen = await watchPropagation({
      urls: [`${other}/api/articles/${edited}`, `${other}/article/${edited}`],
      windowMs: 200,
      isFresh: (body) => body.includes(title),
      write: async () => {
        const { status } = await admin.request('PUT', `/api/admin/articles/${edited}`, articleForm(title));
        if (status !== 200) throw new Error(`the edit answered ${status}`);
      },
    });
    if (seen.urls.some((url) => url.firstFreshStartMs === null)) throw new Error(`the edit did not show on the other process within 200 ms: ${JSON.stringify(seen)}`);
    samples.push(seen.writeMs + Math.max(...seen.urls.map((url) => url.firstFreshStartMs!)));
    staleAfterReturn.push(Math.max(...seen.urls.map((url) => url.lastStaleStartMs ?? -Infinity)));
  }
  console.log(`\nAn edit (PUT) through process 1, its article and signed-out page polled back to back on process 2 (${PROPAGATION_SAMPLES} samples):`);
  console.log(`from sending the edit to the first request process 2 answered with it: median ${median(samples).toFixed(1)} ms, max ${Math.max(...samples).toFixed(1)} ms;`);
  console.log(`the latest stale answer after the edit returned began ${Math.max(...staleAfterReturn).toFixed(1)} ms after the return `
    + '(negative: none after it; the goal is never more than 100 ms)');

  console.log('\nDrills: a stream of the same mix through haproxy, 6 requests at a time, signal to process 2 once 200 have been answered, '
    + 'then until haproxy has taken it out and 200 more have been answered');
  console.log(drillLine('SIGKILL', await signalUnderLoad(cluster, 1, 'SIGKILL', paths)));
  await cluster.restart(1);
  await cluster.balancer.waitForState(cluster.processes[1]!.name, 'UP');
  console.log(drillLine('SIGTERM', await signalUnderLoad(cluster, 1, 'SIGTERM', paths)));
} finally {
  await cluster?.stop();
  await database.drop();
}

import autocannon from 'autocannon';
import { createDb } from '../src/db/connection.js';
import {
  signalUnderLoad, startCluster, startLoadBalancer, watchPropagation, type ApiProcess, type Cluster, type Drill, type LoadBalancer,
} from '../test/support/cluster.js';
import { articleForm } from '../test/support/fixtures.js';
import { HttpClient } from '../test/support/http-client.js';
import { createPostgresDatabase } from '../test/support/test-server.js';
import { signedInUser } from '../test/support/users.js';
import { cpuSeconds } from './processes.js';
import { printMachine, table } from './report.js';

/**
 * npm run bench:scale: one, then two API processes behind haproxy on one PostgreSQL database, loaded at the same
 * offered rate; the API processes' CPU time per request served tells whether a second process costs coordination.
 * Then how long an edit takes to show on the other process, and what a SIGKILL and a SIGTERM under load lose.
 * Needs haproxy and a PostgreSQL server (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local one).
 */
const RATE = Number(process.env.BENCH_SCALE_RATE ?? 400);
const DURATION = Number(process.env.BENCH_SCALE_DURATION ?? 10);
const ROUNDS = 3;
const CONNECTIONS = 20;
const PROPAGATION_SAMPLES = 15;
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const totalCpu = async (processes: ApiProcess[]) => (await Promise.all(processes.map((p) => cpuSeconds(p.child.pid!)))).reduce((a, b) => a + b, 0);

function load(url: string, paths: string[], rate = RATE): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION, overallRate: rate, requests: paths.map((path) => ({ method: 'GET', path })) },
      (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** The offered load through one haproxy: the answer, and the CPU seconds of the API processes behind it. */
async function measure(url: string, processes: ApiProcess[], paths: string[], rate: number) {
  const before = await totalCpu(processes);
  const result = await load(url, paths, rate);
  return { result, cpu: (await totalCpu(processes)) - before };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const drillLine = (name: string, drill: Drill) => {
  const lost = drill.results.filter((result) => result.status !== 200).length;
  return `${name}: ${lost} lost of ${drill.results.length} requests (${drill.inFlightAtSignal} in flight through haproxy at the signal; exit code ${drill.exitCode ?? 'none'})`;
};

const database = await createPostgresDatabase(serverUrl);
let cluster: Cluster | null = null;
let single: LoadBalancer | null = null;
try {
  printMachine();
  // The demo content: its newest free article gives the article and the page of the mix.
  cluster = await startCluster({ size: 2, databaseUrl: database.url, env: { SEED_DEMO: '1' } });
  const [first, second] = cluster.processes as [ApiProcess, ApiProcess];
  // The same first process alone behind a second haproxy: "one process" and "two processes" alternate on warm
  // processes, so that neither gets a fresh process's compiling and heap growth, nor a quieter moment of this shared machine.
  single = await startLoadBalancer([{ name: first.name, port: first.port }]);
  const list = await (await fetch(`${cluster.url}/api/articles?limit=15`)).json() as { id: number; premium: boolean }[];
  const id = list.find((article) => !article.premium)!.id;
  const paths = ['/api/articles?limit=15', `/api/articles/${id}`, `/article/${id}`];
  console.log(`autocannon through haproxy: ${RATE} requests/s offered (overallRate), ${CONNECTIONS} connections, ${DURATION} s a run, `
    + `one and two processes in turn, ${ROUNDS} rounds after a warm-up round;`);
  console.log(`the mix, in turn on each connection: ${paths.map((p) => `GET ${p}`).join(', ')} (the cached public list, an article, its signed-out page)\n`);

  // The third setup is the control: one process at half the rate, which is what each of two processes meets. A
  // process spends more CPU per request at a lower rate (fewer requests share each wake-up of its event loop), and its
  // idle work (timers, job polls, health checks) weighs more; set beside it, two processes show what coordination adds.
  const setups = [
    { url: single.url, processes: [first], rate: RATE },
    { url: cluster.url, processes: [first, second], rate: RATE },
    { url: single.url, processes: [first], rate: RATE / 2 },
  ];
  for (const setup of setups) await load(setup.url, paths, setup.rate);
  const rows: string[][] = [];
  const totals = setups.map(() => ({ served: 0, cpu: 0 }));
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const [index, setup] of setups.entries()) {
      const { result, cpu } = await measure(setup.url, setup.processes, paths, setup.rate);
      const served = result.requests.total - result.non2xx;
      totals[index]!.served += served;
      totals[index]!.cpu += cpu;
      rows.push([String(round), String(setup.processes.length), String(setup.rate), result.requests.average.toFixed(0), `${result.latency.p50} ms`,
        `${result.latency.p99} ms`, String(result.non2xx + result.errors + result.timeouts), cpu.toFixed(2), (served / cpu).toFixed(0)]);
    }
  }
  table(['round', 'processes', 'offered/s', 'served/s', 'p50', 'p99', 'failed', 'API CPU s', 'req per API CPU s'], rows);
  const [one, two, half] = totals.map((total) => total.served / total.cpu) as [number, number, number];
  const change = (from: number, to: number) => `${((to / from - 1) * 100).toFixed(1)} %`;
  console.log(`Over the ${ROUNDS} rounds: ${one.toFixed(0)} requests per API CPU-second with one process, ${two.toFixed(0)} with two: `
    + `${change(one, two)} (goal: within 10 %)`);
  console.log(`One process at ${RATE / 2} requests/s, the rate each of two meets: ${half.toFixed(0)}; two processes beside it: ${change(half, two)} `
    + '(what coordination adds beyond a lower rate per process)\n');

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
  await single?.stop();
  await cluster?.stop();
  await database.drop();
}

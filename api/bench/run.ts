import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/open.js';
import { seedDemoContent } from '../src/seed/demo.js';
import { createStorage } from '../src/storage/index.js';
import { growArticles } from './grow.js';
import { measureRender, RENDER_BUDGET_MS } from './render.js';
import { measureResumableUpload } from './resumable.js';
import { printMachine, table } from './report.js';
import { measureUpload } from './upload.js';
import { freePort, startProcess as start } from './processes.js';
import { hashPassword } from '../src/services/accounts/passwords.js';
import { createUserService } from '../src/services/accounts/users.js';

/**
 * npm run bench: public reads and signed-out reader pages against a bare Koa endpoint answering the same
 * bytes from memory, on the seeded SQLite database grown to 10,000 articles; then a breaking story's crowd
 * (200 connections) on the pages, and the first page after a cold start. Servers run in their own processes;
 * autocannon runs here with the same connections and duration for each.
 */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const PAGE_CONNECTIONS = Number(process.env.BENCH_PAGE_CONNECTIONS ?? 50);
const CROWD = Number(process.env.BENCH_CROWD ?? 200);
const CROWD_DURATION = Number(process.env.BENCH_CROWD_DURATION ?? 15);
const ARTICLES = 10_000;
/** The resumable upload's size (a 1 GB video unless BENCH_RESUMABLE_MB says otherwise). */
const RESUMABLE_MB = Number(process.env.BENCH_RESUMABLE_MB ?? 1024);
const here = path.dirname(new URL(import.meta.url).pathname);

function load(url: string, connections = CONNECTIONS, duration = DURATION): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function warm(url: string, connections = CONNECTIONS): Promise<void> {
  await load(url, connections, 2);
}

/** Ours against the bare server on each path: throughput, p99 and their ratio. */
async function compare(ours: string, bare: string, paths: string[], connections: number): Promise<void> {
  const rows: string[][] = [];
  for (const p of paths) {
    await warm(bare + p, connections);
    const baseline = await load(bare + p, connections);
    await warm(ours + p, connections);
    const result = await load(ours + p, connections);
    const ratio = result.requests.average / baseline.requests.average;
    const failed = result.non2xx + result.errors;
    rows.push([`GET ${p}`, result.requests.average.toFixed(0), `${result.latency.p99} ms`, String(failed),
      baseline.requests.average.toFixed(0), `${baseline.latency.p99} ms`, ratio.toFixed(2), ratio >= 0.5 && failed === 0 ? 'met' : 'MISSED']);
  }
  table(['endpoint', 'req/s', 'p99', 'failed', 'bare req/s', 'bare p99', 'ratio', 'target 0.5'], rows);
}

/** The time from starting a server process to the end of its first page (a signed-out article). */
async function coldFirstPage(env: Record<string, string>, pagePath: string): Promise<{ ms: number; status: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = fork(path.join(here, '../src/server.ts'), [], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' }, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  try {
    for (;;) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}${pagePath}`);
        await response.text();
        return { ms: performance.now() - started, status: response.status };
      } catch { /* not listening yet */ }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    child.kill('SIGTERM');
  }
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'redaktion-bench-'));
const children: ChildProcess[] = [];
try {
  console.log(`Preparing ${ARTICLES.toLocaleString('en')} articles on SQLite in ${dataDir} …`);
  const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'bench' });
  const db = await openDatabase(config);
  await seedDemoContent(db, createStorage(config));
  await growArticles(db, ARTICLES);
  const { id } = (await db('articles').where({ premium: false }).orderBy('publishedAt', 'desc').first('id')) as { id: number };
  const benchAdmin = { username: 'bench_admin', email: 'bench@example.se', password: 'bench-password-1' };
  await createUserService(db).create({ ...benchAdmin, passwordHash: await hashPassword(benchAdmin.password), role: 'admin' });
  await db.destroy();

  const paths = { list: '/api/articles?limit=15', single: `/api/articles/${id}` };
  const pages = [`/article/${id}`, '/'];
  const api = await start(path.join(here, '../src/server.ts'), { DATA_DIR: dataDir, SEED_DEMO: '0', SESSION_SECRET: 'bench' });
  children.push(api.child);
  const bodies: Record<string, string> = {};
  for (const p of [...Object.values(paths), ...pages]) bodies[p] = await (await fetch(api.url + p)).text();
  const bodiesFile = path.join(dataDir, 'bare-bodies.json');
  await writeFile(bodiesFile, JSON.stringify(bodies));
  const bare = await start(path.join(here, 'bare-server.ts'), { BARE_BODIES: bodiesFile });
  children.push(bare.child);

  printMachine();
  console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION} s per run, after a 2 s warm-up\n`);
  await compare(api.url, bare.url, Object.values(paths), CONNECTIONS);

  console.log(`\nSigned-out reader pages: ${PAGE_CONNECTIONS} connections, ${DURATION} s per run, after a 2 s warm-up\n`);
  await compare(api.url, bare.url, pages, PAGE_CONNECTIONS);

  console.log(`\nA breaking story's crowd: ${CROWD} connections for ${CROWD_DURATION} s on each page (goal: no errors, no timeouts, p99 under 1 s)\n`);
  const crowdRows: string[][] = [];
  for (const p of pages) {
    for (const [server, url] of [['ours', api.url], ['bare', bare.url]] as const) {
      const result = await load(url + p, CROWD, CROWD_DURATION);
      const met = result.errors === 0 && result.timeouts === 0 && result.non2xx === 0 && result.latency.p99 < 1000;
      crowdRows.push([`GET ${p}`, server, result.requests.average.toFixed(0), `${result.latency.p50} ms`, `${result.latency.p99} ms`,
        String(result.errors), String(result.timeouts), String(result.non2xx), server === 'ours' ? (met ? 'met' : 'MISSED') : '']);
    }
  }
  table(['page', 'server', 'req/s', 'p50', 'p99', 'errors', 'timeouts', 'non-2xx', 'goal'], crowdRows);

  const login = await fetch(`${api.url}/api/login`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: benchAdmin.username, password: benchAdmin.password }),
  });
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const upload = await measureUpload(api.url, cookie, api.child.pid!);
  if (upload.status !== 201) throw new Error(`upload answered ${upload.status}`);
  console.log(`\nPOST /api/upload of a ${upload.sizeMB.toFixed(0)} MB audio file: ${upload.throughputMBs.toFixed(0)} MB/s `
    + `(${upload.seconds.toFixed(2)} s); server resident memory grew ${upload.rssGrowthMB.toFixed(1)} MB at its peak `
    + `(from ${upload.baselineMB.toFixed(0)} MB; target under 50 MB: ${upload.rssGrowthMB < 50 ? 'met' : 'MISSED'})`);

  const minted = await fetch(`${api.url}/api/tokens`, {
    method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: cookie }, body: JSON.stringify({ name: 'bench' }),
  });
  const { token } = await minted.json() as { token: string };
  const resumable = await measureResumableUpload(api.url, token, api.child.pid!, RESUMABLE_MB * 1024 * 1024);
  if (resumable.answer?.kind !== 'video') throw new Error('the resumable upload did not end with a video');
  console.log(`\ntus upload of a ${resumable.sizeMB.toFixed(0)} MB video in ${resumable.chunkMB} MB chunks, cut at 50% and resumed: `
    + `${resumable.throughputMBs.toFixed(0)} MB/s (${resumable.seconds.toFixed(2)} s); sent twice ${resumable.sentTwiceMB.toFixed(2)} MB `
    + `(target under one chunk: ${resumable.sentTwiceMB < resumable.chunkMB ? 'met' : 'MISSED'}); server resident memory grew `
    + `${resumable.rssGrowthMB.toFixed(1)} MB at its peak (from ${resumable.baselineMB.toFixed(0)} MB; target under 64 MB: ${resumable.rssGrowthMB < 64 ? 'met' : 'MISSED'})`);
  // Last, with the other servers stopped: a fresh process, as `npm start` runs it, and its first page.
  for (const child of children.splice(0)) child.kill('SIGTERM');
  const cold = await coldFirstPage({ DATA_DIR: dataDir, SEED_DEMO: '0', SESSION_SECRET: 'bench' }, pages[0]!);
  console.log(`\nCold start: GET ${pages[0]} answered ${cold.status} ${cold.ms.toFixed(0)} ms after the server process was started `
    + `(goal 1,500 ms: ${cold.ms <= 1500 ? 'met' : 'MISSED'})`);
  const render = measureRender();
  console.log(`\nA rich article of ${render.words.toLocaleString('en')} words: parsed once when saved in ${render.parseMs.toFixed(1)} ms; `
    + `rendered from its stored body for the page in ${render.pageMs.toFixed(1)} ms and for a feed in ${render.feedMs.toFixed(1)} ms `
    + `(goal under ${RENDER_BUDGET_MS} ms: ${Math.max(render.pageMs, render.feedMs) < RENDER_BUDGET_MS ? 'met' : 'MISSED'})`);
} finally {
  for (const child of children) child.kill('SIGTERM');
  await rm(dataDir, { recursive: true, force: true });
}

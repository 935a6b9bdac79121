import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HttpClient } from './support/http-client.js';
import { jobLines, startServerProcess, until, type ServerProcess } from './support/server-process.js';
import { startSmtpStandIn, type ReceivedMail } from './support/smtp-stand-in.js';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.js';
import { createTestDatabase, engine } from './support/test-server.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/open.js';
import { createJobQueue } from '../src/services/jobs/index.js';

/** Two server processes start in these tests; on a loaded machine each start alone can take 10 s. */
const PROCESSES_TEST_MS = 120_000;

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

/** One database (and, on SQLite, one DATA_DIR holding it) that the processes of a test share in turn. */
async function sharedDatabase(): Promise<Record<string, string>> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'redaktion-jobs-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  if (engine === 'sqlite') return { DATA_DIR: dataDir };
  const database = await createTestDatabase();
  cleanups.push(() => database.drop());
  return { DATA_DIR: dataDir, DATABASE_URL: database.url! };
}

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess({ env });
  cleanups.push(() => server.stop());
  return server;
}

async function smtpBehindProxy(): Promise<{ smtp: Awaited<ReturnType<typeof startSmtpStandIn>>; proxy: TcpProxy; proxyUrl: string }> {
  const smtp = await startSmtpStandIn();
  cleanups.push(() => smtp.close());
  const { port } = new URL(smtp.url);
  const proxy = await startTcpProxy({ host: '127.0.0.1', port: Number(port) });
  cleanups.push(() => proxy.close());
  // The proxy rewrites a URL's host and port to its own; SMTP URLs have the same shape as PostgreSQL's.
  return { smtp, proxy, proxyUrl: proxy.url(smtp.url) };
}

/** Waits for the state, not the clock: the first mail to `to`, or a failure after `ms`. */
async function mailTo(messages: ReceivedMail[], to: string, ms: number): Promise<ReceivedMail> {
  const deadline = Date.now() + ms;
  for (;;) {
    const mail = messages.find((message) => message.to.includes(to));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function register(url: string): Promise<string> {
  const username = `jobs${Date.now().toString(36)}`;
  const email = `${username}@example.se`;
  const registered = await new HttpClient(url).post('/api/register', { username, email, password: 'korrekt-hast-batteri' });
  expect(registered.status).toBe(201);
  return email;
}

const resetRequest = (url: string, email: string, requestId: string) =>
  new HttpClient(url).request('POST', '/api/auth/reset-password-request', { email }, { 'X-Request-Id': requestId });

describe('a durable job', () => {
  it('that could not run before a restart is done by the process that starts next, and its log lines carry the request id', async () => {
    const database = await sharedDatabase();
    const { smtp, proxy, proxyUrl } = await smtpBehindProxy();
    // The mail server refuses connections while the first process runs: its attempt fails and the job waits for a retry.
    proxy.cut();
    const first = await start({ ...database, SMTP_URL: proxyUrl });
    const email = await register(first.url);
    const answer = await resetRequest(first.url, email, 'restart-request-1');
    expect(answer.status).toBe(200);
    await until(() => jobLines(first, 'account.password-reset').some((line) => line.msg === 'Job failed'), 20_000, 'the first attempt');
    await first.stop();
    expect(smtp.messages).toHaveLength(0);

    proxy.restore();
    const second = await start({ ...database, SMTP_URL: proxyUrl });
    const mail = await mailTo(smtp.messages, email, 20_000);
    expect(mail.subject).toBe('Återställ ditt lösenord hos Redaktion');
    expect(mail.text).toMatch(/\/reset-password\?token=[\w-]+/);
    await until(() => jobLines(second, 'account.password-reset').some((line) => line.msg === 'Job done'), 10_000, 'the job logging its end');
    for (const line of [...jobLines(first, 'account.password-reset'), ...jobLines(second, 'account.password-reset')]) {
      expect(line.reqId).toBe('restart-request-1');
    }
    expect(smtp.messages.filter((message) => message.to.includes(email))).toHaveLength(1);
  }, PROCESSES_TEST_MS);
});

if (engine === 'postgres') describe('several processes on one PostgreSQL database', () => {
  it('send the reset mail when the process that accepted the request is killed mid-job right after answering', async () => {
    const database = await sharedDatabase();
    const { smtp, proxy, proxyUrl } = await smtpBehindProxy();
    // A job counts as lost after 3 s (the default is 15 minutes).
    const env = { ...database, JOB_TIMEOUT_SECONDS: '3' };
    const doomed = await start({ ...env, SMTP_URL: proxyUrl });
    const email = await register(doomed.url);
    // The mail server hangs for the first process: its job is under way, holding the mail, when it is killed.
    proxy.pause();
    const answer = await resetRequest(doomed.url, email, 'killed-request-1');
    expect(answer.status).toBe(200);
    await until(() => jobLines(doomed, 'account.password-reset').some((line) => line.msg === 'Job started'), 10_000, 'the job starting');
    doomed.child.kill('SIGKILL');
    await doomed.exited;

    const survivor = await start({ ...env, SMTP_URL: smtp.url });
    const mail = await mailTo(smtp.messages, email, 30_000);
    expect(mail.subject).toBe('Återställ ditt lösenord hos Redaktion');
    await until(() => jobLines(survivor, 'account.password-reset').some((line) => line.msg === 'Job done'), 10_000, 'the job logging its end');
    expect(jobLines(survivor, 'account.password-reset').every((line) => line.reqId === 'killed-request-1')).toBe(true);
    expect(smtp.messages.filter((message) => message.to.includes(email))).toHaveLength(1);
  }, PROCESSES_TEST_MS);

  it('run recurring work once per period in the whole cluster, however many processes work it', async () => {
    const database = await sharedDatabase();
    const runs: number[] = [];
    const startedAt = Date.now();
    // Two pg-boss instances with pools of their own, as two API processes have.
    const workers = await Promise.all([1, 2].map(async (worker) => {
      const config = loadConfig({ ...database, SESSION_SECRET: 'test-secret' });
      const db = await openDatabase(config, { serving: true });
      const queue = createJobQueue(db, config);
      queue.every('test.minutely', 1, async () => { runs.push(worker); });
      await queue.work({});
      return { db, queue };
    }));
    try {
      // Cron works by the minute, and pg-boss looks at its schedules every 30 s and sends what is due within 5 s more:
      // the second run comes up to two minutes and 40 s after the start, later on a loaded machine.
      await until(() => runs.length >= 2, 220_000, 'two periods of recurring work');
      for (const { queue } of workers) await queue.stop();
      // A period's job may run early in the next minute, beside that minute's own, so the clock of the runs proves
      // nothing. What does: pg-boss's cron files one order per period (unique by its minute), each order made one
      // job, and each job ran once.
      const db = workers[0]!.db;
      const orders: { singletonOn: string }[] = await db('pgboss.job')
        .where({ name: '__pgboss__send-it', singleton_key: 'test.minutely', state: 'completed' }).select('singleton_on');
      const jobs: { state: string }[] = await db('pgboss.job').where({ name: 'test.minutely' }).select('state');
      expect(new Set(orders.map((order) => order.singletonOn)).size).toBe(orders.length);
      expect(orders.length).toBeLessThanOrEqual(Math.ceil((Date.now() - startedAt) / 60_000) + 1);
      expect(jobs).toHaveLength(orders.length);
      expect(runs).toHaveLength(jobs.filter((job) => job.state === 'completed').length);
    } finally {
      for (const { db, queue } of workers) {
        await queue.stop();
        await db.destroy();
      }
    }
  }, 250_000);
});

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../src/config.js';
import type { Db } from '../src/db/connection.js';
import { openDatabase } from '../src/db/open.js';
import { createJobQueue } from '../src/services/jobs/index.js';
import { articleForm } from './support/fixtures.js';
import { jobLines, startServerProcess, until, type ServerProcess } from './support/server-process.js';
import { startSmtpStandIn, type ReceivedMail } from './support/smtp-stand-in.js';
import { createTestDatabase, engine } from './support/test-server.js';
import { signedInUser } from './support/users.js';

/**
 * Fault drills of the newsletter digest (issue 19): API processes as an operator runs them, a slow mail server and a
 * job timeout of 3 s, so that one digest outlasts its jobs many times over. Whatever happens to the processes, nobody
 * gets a digest twice, and the send's history counts what the mail server received.
 */
const SUBSCRIBERS = 24;
/** With the stand-in's own 100 ms before its greeting, 24 messages take about 7 s: more than two job timeouts. */
const SMTP_DELAY_MS = 150;
const DRILL_MS = 60_000;

type Smtp = Awaited<ReturnType<typeof startSmtpStandIn>>;
interface Send { id: number; status: string; total: number; delivered: number; failed: number }

let smtp: Smtp;
/** Told of each message as the mail server takes it in, before it answers. */
let onMessage: ((mail: ReceivedMail) => void) | null = null;
let db: Db;
let config: Config;
let env: Record<string, string>;
const processes: ServerProcess[] = [];
const dataDirOf = new Map<ServerProcess, string>();
const cleanups: (() => Promise<unknown>)[] = [];

async function startProcess(dataDir: string): Promise<ServerProcess> {
  const server = await startServerProcess({ env: { ...env, DATA_DIR: dataDir } });
  cleanups.push(() => server.stop());
  processes.push(server);
  dataDirOf.set(server, dataDir);
  return server;
}

async function newDataDir(): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'redaktion-digest-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  return dataDir;
}

beforeAll(async () => {
  smtp = await startSmtpStandIn({ delayMs: SMTP_DELAY_MS, onMessage: (mail) => onMessage?.(mail) });
  cleanups.push(() => smtp.close());
  const database = await createTestDatabase();
  cleanups.push(() => database.drop());
  env = {
    ...(database.url ? { DATABASE_URL: database.url } : {}), SMTP_URL: smtp.url, JOB_TIMEOUT_SECONDS: '3',
    MAIL_FROM: 'Redaktion <nyhetsbrev@redaktion.example>', PUBLIC_ORIGIN: 'https://redaktion.example',
  };
  // Two processes on PostgreSQL, each with a DATA_DIR of its own; SQLite has one process per database file.
  const dataDirs = await Promise.all((engine === 'postgres' ? [1, 2] : [1]).map(newDataDir));
  await Promise.all(dataDirs.map(startProcess));
  config = loadConfig({ ...env, DATA_DIR: dataDirs[0]!, SESSION_SECRET: 'unused' });
  db = await openDatabase(config);
  cleanups.push(() => db.destroy());
}, DRILL_MS);
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

const alive = () => processes.filter((server) => server.child.exitCode === null && server.child.signalCode === null);
/** The processes working a digest job at the moment: their logs say started more often than ended. */
const sending = () => alive().filter((server) => {
  const lines = jobLines(server, 'newsletter.digest');
  return lines.filter((line) => line.msg === 'Job started').length > lines.filter((line) => line.msg !== 'Job started').length;
});

/** `SUBSCRIBERS` confirmed readers (the earlier drills' have left), an article, and the digest queued by an admin. */
async function queueDigest(subject: string) {
  const admin = (await signedInUser(alive()[0]!.url, db, { role: 'admin' })).client;
  await db('newsletter_subscribers').update({ status: 'unsubscribed' });
  const emails = Array.from({ length: SUBSCRIBERS }, (_, n) => `${subject.replace(/\W/g, '').toLowerCase()}${n}@example.se`);
  await db('newsletter_subscribers').insert(emails.map((email, n) => ({
    email, locale: 'sv', status: 'confirmed', token: `${email}-token-${n}`, createdAt: new Date().toISOString(),
  })));
  const article = await admin.post('/api/admin/articles', articleForm('Veckans viktigaste'));
  expect(article.status).toBe(201);
  const queued = await admin.post('/api/admin/newsletter/send', { subject, articleIds: [article.body.id] });
  expect(queued.status).toBe(202);
  expect(queued.body.total).toBe(SUBSCRIBERS);
  const history = async (): Promise<Send> => {
    // The admin's session, through whichever process is still up.
    const sends = await admin.at(alive()[0]!.url).get('/api/admin/newsletter/sends');
    return (sends.body as Send[]).find((send) => send.id === queued.body.id)!;
  };
  /** How many digests each reader received. */
  const received = () => {
    const counts = new Map(emails.map((email) => [email, 0]));
    for (const mail of smtp.messages.filter((message) => message.subject === subject)) counts.set(mail.to[0]!, counts.get(mail.to[0]!)! + 1);
    return [...counts.values()];
  };
  /** Resolves once the send is done and no process is working a digest job any more: no mail can follow. */
  const finished = async (): Promise<Send> => {
    await until(async () => (await history()).status === 'done' && !sending().length, DRILL_MS / 2, 'the end of the send');
    return history();
  };
  return { id: queued.body.id as number, received, finished };
}

describe('a digest on a slow mail server, its jobs timing out after 3 s', () => {
  it.runIf(engine === 'postgres')('reaches each subscriber exactly once from two processes working it at once, and its history counts every mail', async () => {
    const digest = await queueDigest('Veckan i två processer');
    // The send's job a second time, as when the queue counts a slow job lost and starts it again beside the first.
    const queue = createJobQueue(db, config);
    await queue.enqueue('newsletter.digest', { sendId: digest.id });
    await queue.stop();
    const send = await digest.finished();
    expect(digest.received().filter((count) => count !== 1)).toEqual([]);
    expect(send).toMatchObject({ status: 'done', total: SUBSCRIBERS, delivered: SUBSCRIBERS, failed: 0 });
    // Both processes sent part of it; it outlasted the job timeout and went out in many jobs, each ended in time.
    for (const server of processes) expect(jobLines(server, 'newsletter.digest').filter((line) => line.msg === 'Job done').length).toBeGreaterThan(1);
    expect(processes.flatMap((server) => jobLines(server, 'newsletter.digest')).filter((line) => line.msg === 'Job failed')).toEqual([]);
  }, DRILL_MS);

  it('sends nobody a second copy when the sending process is killed (kill -9) mid-send; the rest still go, counted', async () => {
    const subject = 'Veckan med ett avbrott';
    // The process is killed as the mail server takes in a message, before it answers: the sender cannot know.
    const killed = new Promise<ServerProcess>((resolve) => {
      onMessage = (mail) => {
        const senders = sending();
        if (mail.subject !== subject || smtp.messages.filter((message) => message.subject === subject).length < 5 || senders.length !== 1) return;
        onMessage = null;
        senders[0]!.child.kill('SIGKILL');
        resolve(senders[0]!);
      };
    });
    const digest = await queueDigest(subject);
    const victim = await killed;
    await victim.exited;
    // On PostgreSQL the other process takes the job up once it counts as lost; on SQLite the process starts again.
    if (engine === 'sqlite') await startProcess(dataDirOf.get(victim)!);
    const send = await digest.finished();

    const received = digest.received();
    expect(received.filter((count) => count > 1)).toEqual([]);
    expect(received.filter((count) => count === 1)).toHaveLength(SUBSCRIBERS);
    // The message in flight is in the mailbox, but its sender died before hearing so: the history counts it neither
    // delivered nor failed, and it was never sent again.
    expect(send).toMatchObject({ status: 'done', total: SUBSCRIBERS, delivered: SUBSCRIBERS - 1, failed: 0 });
  }, DRILL_MS);
});

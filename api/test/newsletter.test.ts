import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertArticle } from './support/fixtures.js';
import { HttpClient } from './support/http-client.js';
import { waitForFolderMail } from './support/mail-folder.js';
import { startSmtpStandIn, type ReceivedMail } from './support/smtp-stand-in.js';
import { createTestDatabase, engine, startTestServer, type TestServer } from './support/test-server.js';
import { signedInUser } from './support/users.js';
import { openDatabase } from '../src/db/open.js';
import { createJobQueue } from '../src/services/jobs.js';

type Smtp = Awaited<ReturnType<typeof startSmtpStandIn>>;
const ENV = { MAIL_FROM: 'Redaktion <nyhetsbrev@redaktion.example>', PUBLIC_ORIGIN: 'https://redaktion.example', TRUST_PROXY: '1' };

let smtp: Smtp;
let server: TestServer;
let ipCounter = 0;
/** Each reader signs up from an address of their own, so that the throttle counts only where a test means it to. */
const reader = () => new HttpClient(server.url, `10.16.0.${(ipCounter += 1)}`);
const fromIp = (ip: string) => ({ 'X-Forwarded-For': ip });

beforeAll(async () => {
  smtp = await startSmtpStandIn({ rejects: (address) => address.startsWith('studsar') });
  server = await startTestServer({ env: { ...ENV, SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

async function mailsTo(box: Smtp, to: string, count = 1): Promise<ReceivedMail[]> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const found = box.messages.filter((message) => message.to.includes(to));
    if (found.length >= count) return found;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`fewer than ${count} mails to ${to}`);
}

const signUp = (email: string, locale?: 'sv' | 'en', ip = `10.16.1.${(ipCounter += 1)}`) =>
  new HttpClient(server.url).request('POST', '/api/newsletter', { email, ...(locale ? { locale } : {}) }, fromIp(ip));

const confirmLink = (mail: ReceivedMail) => /https:\/\/redaktion\.example\/api\/newsletter\/confirm\?token=[\w-]+/.exec(mail.text)![0];
const pathOf = (link: string) => { const url = new URL(link); return url.pathname + url.search; };

async function confirmedSubscriber(email: string, locale: 'sv' | 'en'): Promise<void> {
  expect((await signUp(email, locale)).status).toBe(202);
  const [mail] = await mailsTo(smtp, email);
  expect((await new HttpClient(server.url).get(pathOf(confirmLink(mail!)))).status).toBe(200);
}

describe('signing up for the newsletter', () => {
  it('answers 202 with the same body for a new, a repeated and a confirmed address, and mails only the first time', async () => {
    const first = await signUp('ny.lasare@example.se', 'en');
    expect(first.status).toBe(202);
    const [mail] = await mailsTo(smtp, 'ny.lasare@example.se');
    expect(mail!.subject).toBe('Confirm your subscription to the Redaktion newsletter');
    expect(mail!.text).toContain('Yes, send me the newsletter');
    expect(mail!.html).toMatch(/<html[^>]* lang="en"/);
    expect(mail!.html).toContain(confirmLink(mail!).replace(/&/g, '&amp;'));

    const repeated = await signUp('NY.lasare@example.se', 'en');
    expect(repeated.status).toBe(202);
    expect(repeated.text).toBe(first.text);
    const confirmed = await new HttpClient(server.url).get(pathOf(confirmLink(mail!)));
    expect(confirmed.status).toBe(200);
    expect(confirmed.headers.get('content-type')).toContain('text/html');
    expect(confirmed.text).toContain('Thank you, your subscription is confirmed');
    const again = await signUp('ny.lasare@example.se');
    expect(again.text).toBe(first.text);
    // Whatever the background did with the repeats, it is done well within this wait.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.messages.filter((message) => message.to.includes('ny.lasare@example.se'))).toHaveLength(1);
  });

  it('writes in Swedish by default and confirms with a Swedish page; a made-up token answers 404', async () => {
    await signUp('svensk.lasare@example.se');
    const [mail] = await mailsTo(smtp, 'svensk.lasare@example.se');
    expect(mail!.subject).toBe('Bekräfta din prenumeration på Redaktions nyhetsbrev');
    const page = await new HttpClient(server.url).get(pathOf(confirmLink(mail!)));
    expect(page.text).toContain('Tack, prenumerationen är bekräftad');
    const unknown = await new HttpClient(server.url).get('/api/newsletter/confirm?token=inte-en-riktig-token');
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain('Länken fungerar inte');
  });

  it('refuses a malformed address with 400 and throttles a client beyond 20 sign-ups a minute', async () => {
    const bad = await signUp('inte-en-adress');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Please enter a valid email address');
    const answers = [];
    for (let n = 0; n < 21; n += 1) answers.push((await signUp(`massa${n}@example.se`, 'sv', '10.16.9.9')).status);
    expect(answers.slice(0, 20).every((status) => status === 202)).toBe(true);
    expect(answers[20]).toBe(429);
    const other = await signUp('annan@example.se', 'sv', '10.16.9.10');
    expect(other.status).toBe(202);
  });

  it('shows the real confirmed count to everyone, in the API and on the cached home page, as soon as it changes', async () => {
    const readers = (n: number) => (n === 1 ? 'Gör som läsaren som får det' : `Gör som ${n} läsare som får det`);
    await confirmedSubscriber('raknas.forst@example.se', 'sv'); // With none, the blocks show no number at all.
    const before = await reader().get('/api/newsletter');
    expect(before.status).toBe(200);
    // Both are now in the cache that signed-out readers are answered from.
    expect((await reader().get('/')).text).toContain(readers(before.body.confirmed));
    await signUp('raknas.inte.an@example.se');
    await confirmedSubscriber('raknas@example.se', 'sv');
    const counts = (await server.db('newsletter_subscribers').where({ status: 'confirmed' }).count({ count: '*' }).first()) as { count: unknown };
    const after = await reader().get('/api/newsletter');
    expect(after.body).toEqual({ confirmed: before.body.confirmed + 1 });
    expect(after.body.confirmed).toBe(Number(counts.count));
    expect((await reader().get('/')).text).toContain(readers(after.body.confirmed));

    const row = (await server.db('newsletter_subscribers').where({ email: 'raknas@example.se' }).first()) as { token: string };
    expect((await reader().request('POST', `/api/newsletter/unsubscribe?token=${row.token}`)).status).toBe(200);
    expect((await reader().get('/api/newsletter')).body).toEqual({ confirmed: before.body.confirmed });
  });
});

describe('writes from another site', () => {
  it('are refused for the sign-up and the settings: only the one-click unsubscribe is let through', async () => {
    const foreign = { Origin: 'https://mail.provider.example' };
    const signUpFromAfar = await new HttpClient(server.url).request('POST', '/api/newsletter', { email: 'fjarran@example.se' }, foreign);
    expect(signUpFromAfar.status).toBe(403);
    expect(signUpFromAfar.body.code).toBe('cross_site_request');
    const user = await signedInUser(server.url, server.db);
    expect((await user.client.request('PUT', '/api/user/newsletter', { subscribed: true }, foreign)).status).toBe(403);
    expect((await user.client.request('POST', '/api/newsletter/unsubscribe/extra?token=x', undefined, foreign)).status).toBe(403);
    expect((await user.client.request('PUT', '/api/newsletter/unsubscribe?token=x', undefined, foreign)).status).toBe(403);
    expect(await server.db('newsletter_subscribers').where({ email: 'fjarran@example.se' }).first()).toBeUndefined();
  });
});

describe('without SMTP_URL', () => {
  it('keeps the confirmation mail in DATA_DIR/mail outside production, like the reset mail', async () => {
    const site = await startTestServer({ env: { PUBLIC_ORIGIN: 'https://redaktion.example' } });
    try {
      const answer = await new HttpClient(site.url).request('POST', '/api/newsletter', { email: 'mappen@example.se', locale: 'sv' });
      expect(answer.status).toBe(202);
      const mail = await waitForFolderMail(site.config.mailDir, 'mappen@example.se');
      expect(mail.subject).toBe('Bekräfta din prenumeration på Redaktions nyhetsbrev');
      const link = /https:\/\/redaktion\.example\/api\/newsletter\/confirm\?token=[\w-]+/.exec(mail.text)![0];
      expect((await new HttpClient(site.url).get(pathOf(link))).text).toContain('Tack, prenumerationen är bekräftad');
    } finally {
      await site.close();
    }
  });

  it('refuses sign-ups and digests with 503 in production (e-mail is off) and writes no mail', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const site = await startTestServer({ env: { NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://redaktion.example', TRUST_PROXY: '1' } });
    try {
      const https = { 'X-Forwarded-Proto': 'https' };
      const refused = await new HttpClient(site.url).request('POST', '/api/newsletter', { email: 'av@example.se' }, https);
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({ error: 'E-mail is not configured', code: 'not_configured' });
      const admin = await signedInUser(site.url, site.db, { role: 'admin' });
      const article = await insertArticle(site, { title: 'Inget brev' });
      const digest = await admin.client.request('POST', '/api/admin/newsletter/send', { subject: 'Veckan', articleIds: [article] }, https);
      expect(digest.status).toBe(503);
      expect(await site.db('newsletter_sends').first()).toBeUndefined();
      expect(await readdir(site.config.mailDir).catch(() => [])).toEqual([]);
    } finally {
      await site.close();
      warn.mockRestore();
    }
  });
});

describe('a signed-in reader', () => {
  it('subscribes from the settings (confirming by e-mail), finds it in the data export, leaves, and deletion removes it', async () => {
    const user = await signedInUser(server.url, server.db);
    expect((await user.client.get('/api/user/newsletter')).body).toEqual({ email: user.email, status: 'none' });
    const on = await user.client.request('PUT', '/api/user/newsletter', { subscribed: true });
    expect(on.body).toEqual({ email: user.email, status: 'pending' });
    const [mail] = await mailsTo(smtp, user.email);
    await user.client.get(pathOf(confirmLink(mail!)));
    expect((await user.client.get('/api/user/newsletter')).body.status).toBe('confirmed');

    const exported = await user.client.get('/api/user/export');
    expect(exported.body.newsletter).toMatchObject({ email: user.email, status: 'confirmed' });

    expect((await user.client.request('PUT', '/api/user/newsletter', { subscribed: false })).body.status).toBe('unsubscribed');
    expect((await user.client.request('PUT', '/api/user/newsletter', { subscribed: 'ja' })).status).toBe(400);
    expect((await new HttpClient(server.url).get('/api/user/newsletter')).status).toBe(401);

    expect((await user.client.delete('/api/user', { password: user.password })).status).toBe(204);
    expect(await server.db('newsletter_subscribers').whereRaw('lower(email) = ?', [user.email]).first()).toBeUndefined();
  });
});

describe('the digest', () => {
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let articles: number[];
  beforeAll(async () => {
    admin = await signedInUser(server.url, server.db, { role: 'admin' });
    articles = [
      await insertArticle(server, { title: 'Riksdagen röstar om budgeten', excerpt: 'Ett avgörande dygn.' }),
      await insertArticle(server, { title: 'Vintern kommer tidigt', excerpt: 'Snö i Norrland.', imageUrl: '/uploads/images/snow.jpg' }),
    ];
  });

  it('is for admins only and takes published articles only', async () => {
    const user = await signedInUser(server.url, server.db);
    expect((await user.client.get('/api/admin/newsletter')).status).toBe(403);
    expect((await user.client.post('/api/admin/newsletter/send', { subject: 'x', articleIds: articles })).status).toBe(403);
    const draft = await insertArticle(server, { status: 'draft' });
    const refused = await admin.client.post('/api/admin/newsletter/send', { subject: 'Veckan', articleIds: [articles[0], draft] });
    expect(refused.status).toBe(400);
    expect(refused.body.issues[0]).toEqual({ path: 'articleIds', message: `Not a published article: ${draft}` });
    expect((await admin.client.post('/api/admin/newsletter/send', { subject: '', articleIds: [] })).status).toBe(400);
  });

  it('previews in both languages', async () => {
    const preview = await admin.client.post('/api/admin/newsletter/preview', { subject: 'Veckan som gick', articleIds: articles });
    expect(preview.status).toBe(200);
    expect(preview.body.sv.html).toContain('Riksdagen röstar om budgeten');
    expect(preview.body.sv.text).toContain('Läs mer');
    expect(preview.body.en.text).toContain('Read more');
    expect(preview.body.en.html).toContain('https://redaktion.example/uploads/images/snow.jpg');
  });

  it('goes to confirmed subscribers only, in their language, with one-click unsubscribe, and counts delivered and failed', async () => {
    await confirmedSubscriber('digest.en@example.se', 'en');
    await confirmedSubscriber('digest.sv@example.se', 'sv');
    // An address whose mailbox the provider refuses (confirmed before it was closed).
    await server.db('newsletter_subscribers').insert({ email: 'studsar@example.se', locale: 'sv', status: 'confirmed', token: 'token-studsar-0123456789', createdAt: new Date().toISOString() });
    await signUp('bara.anmald@example.se', 'sv');
    await mailsTo(smtp, 'bara.anmald@example.se');
    const counts = (await admin.client.get('/api/admin/newsletter')).body;
    expect(counts.pending).toBeGreaterThanOrEqual(1);

    const queued = await admin.client.post('/api/admin/newsletter/send', { subject: 'Veckan som gick', articleIds: articles });
    expect(queued.status).toBe(202);
    expect(queued.body).toMatchObject({ subject: 'Veckan som gick', status: 'queued', total: counts.confirmed, articleIds: articles });

    const [english] = await mailsTo(smtp, 'digest.en@example.se', 2);
    const digest = smtp.messages.filter((message) => message.to.includes('digest.en@example.se'))[1]!;
    expect(english).toBeDefined();
    expect(digest.subject).toBe('Veckan som gick');
    expect(digest.text).toContain('Riksdagen röstar om budgeten');
    expect(digest.text).toContain('https://redaktion.example/article/');
    expect(digest.text).toContain('Unsubscribe');
    expect(digest.html).toContain('Vintern kommer tidigt');
    const swedish = (await mailsTo(smtp, 'digest.sv@example.se', 2))[1]!;
    expect(swedish.text).toContain('Avsluta prenumerationen');

    const listUnsubscribe = digest.header('List-Unsubscribe');
    const [https, token, mailto] = /^<(https:\/\/redaktion\.example\/api\/newsletter\/unsubscribe\?token=([\w-]+))>, <mailto:nyhetsbrev@redaktion\.example\?subject=unsubscribe%20([\w-]+)>$/.exec(listUnsubscribe)!.slice(1);
    expect(mailto).toBe(token);
    expect(digest.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    // Nobody who did not confirm receives it.
    expect(smtp.messages.filter((message) => message.to.includes('bara.anmald@example.se'))).toHaveLength(1);

    let history = (await admin.client.get('/api/admin/newsletter/sends')).body;
    for (let attempt = 0; attempt < 100 && history[0].status !== 'done'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      history = (await admin.client.get('/api/admin/newsletter/sends')).body;
    }
    expect(history[0]).toMatchObject({ id: queued.body.id, status: 'done', delivered: counts.confirmed - 1, failed: 1 });
    expect(history[0].finishedAt).not.toBeNull();

    // The mail client's one-click POST (RFC 8058) unsubscribes, though it comes from the mail provider's origin.
    const oneClick = await fetch(`${server.url}${pathOf(https!)}`, {
      method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://mail.provider.example' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain('You have unsubscribed');
    expect((await admin.client.get('/api/admin/newsletter')).body.unsubscribed).toBe(counts.unsubscribed + 1);
  });

  it('asks before unsubscribing when the link is opened, and a button unsubscribes', async () => {
    await confirmedSubscriber('lamnar@example.se', 'sv');
    const row = (await server.db('newsletter_subscribers').where({ email: 'lamnar@example.se' }).first()) as { token: string };
    const page = await reader().get(`/api/newsletter/unsubscribe?token=${row.token}`);
    expect(page.text).toContain('Avsluta nyhetsbrevet?');
    expect(page.text).toContain(`action="/api/newsletter/unsubscribe?token=${row.token}"`);
    expect(((await server.db('newsletter_subscribers').where({ email: 'lamnar@example.se' }).first()) as { status: string }).status).toBe('confirmed');
    const left = await reader().request('POST', `/api/newsletter/unsubscribe?token=${row.token}`);
    expect(left.text).toContain('Prenumerationen är avslutad');
    expect((await reader().request('POST', '/api/newsletter/unsubscribe?token=okand')).status).toBe(404);
  });
});

describe('a send interrupted by a restart', () => {
  it('resumes with the recipients it had not reached, and only those', async () => {
    const box = await startSmtpStandIn();
    const database = await createTestDatabase();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'redaktion-resume-'));
    const env = { ...ENV, SMTP_URL: box.url };
    try {
      const before = await startTestServer({ env, database: { url: database.url, dataDir } });
      const article = await insertArticle(before, { title: 'Återupptaget brev' });
      const now = new Date().toISOString();
      const people = ['forsta', 'andra', 'tredje', 'fjarde'];
      for (const [n, name] of people.entries()) {
        await before.db('newsletter_subscribers').insert({ email: `${name}@example.se`, locale: 'sv', status: 'confirmed', token: `token-${name}-0123456789`, createdAt: now });
        void n;
      }
      const subscribers = (await before.db('newsletter_subscribers').orderBy('id').select('id', 'email')) as { id: number; email: string }[];
      const [send] = await before.db('newsletter_sends').insert({ subject: 'Avbrutet', articleIds: JSON.stringify([article]), status: 'sending', total: 4, delivered: 2, createdAt: now }).returning('id');
      const sendId = Number((send as { id: number }).id);
      await before.db('newsletter_deliveries').insert(subscribers.map((s, n) => ({ sendId, subscriberId: s.id, status: n < 2 ? 'sent' : 'pending' })));
      await before.close();
      const db = await openDatabase(before.config);
      if (engine === 'sqlite') {
        // The process that was sending it stopped while holding its claim.
        const claimedUntil = new Date(Date.now() + 60_000).toISOString();
        await db('background_jobs').insert({ kind: 'newsletter.digest', payload: JSON.stringify({ sendId }), runAt: now, claimedUntil, attempts: 1, createdAt: now });
      } else {
        // The job waits in pg-boss's queue, with no process left to work it.
        const queue = createJobQueue(db, before.config);
        await queue.enqueue('newsletter.digest', { sendId });
        await queue.stop();
      }
      await db.destroy();

      const after = await startTestServer({ env, database: { url: database.url, dataDir } });
      try {
        await mailsTo(box, 'tredje@example.se');
        await mailsTo(box, 'fjarde@example.se');
        let row = (await after.db('newsletter_sends').where({ id: sendId }).first()) as { status: string; delivered: number };
        for (let attempt = 0; attempt < 100 && row.status !== 'done'; attempt += 1) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          row = (await after.db('newsletter_sends').where({ id: sendId }).first()) as { status: string; delivered: number };
        }
        expect(row).toMatchObject({ status: 'done', delivered: 4 });
        expect(box.messages.map((message) => message.to[0]).sort()).toEqual(['fjarde@example.se', 'tredje@example.se']);
      } finally {
        await after.close();
      }
    } finally {
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
      await box.close();
    }
  });
});

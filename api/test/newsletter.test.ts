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
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/open.js';
import { createServices } from '../src/services/index.js';
import { createJobQueue } from '../src/services/jobs/index.js';

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

/** The mails sent to `to`, once `count` have come: the job queue may be working through a burst (the throttle test sends 20). */
async function mailsTo(box: Smtp, to: string, count = 1): Promise<ReceivedMail[]> {
  for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
    const found = box.messages.filter((message) => message.to.includes(to));
    if (found.length >= count) return found;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`fewer than ${count} mails to ${to}`);
}

const signUp = (email: string, locale?: 'sv' | 'en', ip = `10.16.1.${(ipCounter += 1)}`) =>
  new HttpClient(server.url).request('POST', '/api/newsletter', { email, ...(locale ? { locale } : {}) }, fromIp(ip));

/** An account registered and signed in from an address of its own (or `ip`), with `email` or an address of its own. */
async function accountAt(email?: string, ip = `10.16.2.${(ipCounter += 1)}`) {
  const client = new HttpClient(server.url, ip);
  const username = `konto${ipCounter}_${Date.now().toString(36)}`;
  const password = 'korrekt-hast-batteri';
  const address = email ?? `${username}@example.se`;
  expect((await client.post('/api/register', { username, email: address, password })).status).toBe(201);
  return { client, username, email: address, password };
}
const mailCount = (to: string) => smtp.messages.filter((message) => message.to.includes(to)).length;

const confirmLink = (mail: { text: string }) => /https:\/\/redaktion\.example\/api\/newsletter\/confirm\?token=[\w-]+/.exec(mail.text)![0];
const pathOf = (link: string) => { const url = new URL(link); return url.pathname + url.search; };
const statusOf = async (email: string) => ((await server.db('newsletter_subscribers').where({ email }).first()) as { status: string } | undefined)?.status;

/** What a reader does with the e-mailed link: opens the page and presses its button (the form's POST). */
async function confirmThrough(link: string, client = new HttpClient(server.url)) {
  const page = await client.get(pathOf(link));
  expect(page.status).toBe(200);
  const action = /<form action="([^"]+)" method="post">/.exec(page.text)![1]!.replaceAll('&amp;', '&');
  return client.request('POST', action);
}

async function confirmedSubscriber(email: string, locale: 'sv' | 'en'): Promise<void> {
  expect((await signUp(email, locale)).status).toBe(202);
  const [mail] = await mailsTo(smtp, email);
  expect((await confirmThrough(confirmLink(mail!))).status).toBe(200);
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
    const confirmed = await confirmThrough(confirmLink(mail!));
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
    expect((await confirmThrough(confirmLink(mail!))).text).toContain('Tack, prenumerationen är bekräftad');
    for (const method of ['GET', 'POST']) {
      const unknown = await new HttpClient(server.url).request(method, '/api/newsletter/confirm?token=inte-en-riktig-token');
      expect(unknown.status).toBe(404);
      expect(unknown.text).toContain('Länken fungerar inte');
    }
  });

  it('confirms only with the page\'s button: a mail scanner following the link confirms nobody', async () => {
    await signUp('skannad@example.se', 'en');
    const [mail] = await mailsTo(smtp, 'skannad@example.se');
    const link = confirmLink(mail!);
    for (let scan = 0; scan < 3; scan += 1) {
      const page = await new HttpClient(server.url).get(pathOf(link));
      expect(page.status).toBe(200);
      expect(page.text).toContain('Confirm your subscription?');
      expect(page.text).toContain(`<form action="${pathOf(link)}" method="post"><button type="submit"`);
    }
    expect(await statusOf('skannad@example.se')).toBe('pending');
    const confirmed = await new HttpClient(server.url).request('POST', pathOf(link));
    expect(confirmed.text).toContain('Thank you, your subscription is confirmed');
    expect(await statusOf('skannad@example.se')).toBe('confirmed');
  });

  it('sends a confirmation token that cannot unsubscribe: a forwarded confirmation mail leaves the subscriber alone', async () => {
    await confirmedSubscriber('vidarebefordrad@example.se', 'sv');
    const [mail] = await mailsTo(smtp, 'vidarebefordrad@example.se');
    const token = new URL(confirmLink(mail!)).searchParams.get('token')!;
    expect((await reader().get(`/api/newsletter/unsubscribe?token=${token}`)).status).toBe(404);
    expect((await reader().request('POST', `/api/newsletter/unsubscribe?token=${token}`)).status).toBe(404);
    expect(await statusOf('vidarebefordrad@example.se')).toBe('confirmed');
  });

  it('answers the pages of its links as private HTML5 pages with a viewport, never kept by a cache', async () => {
    await signUp('sidorna@example.se', 'sv');
    const [mail] = await mailsTo(smtp, 'sidorna@example.se');
    const row = (await server.db('newsletter_subscribers').where({ email: 'sidorna@example.se' }).first()) as { token: string };
    const pages = [
      await reader().get(pathOf(confirmLink(mail!))),
      await reader().request('POST', pathOf(confirmLink(mail!))),
      await reader().get(`/api/newsletter/unsubscribe?token=${row.token}`),
      await reader().get('/api/newsletter/unsubscribe?token=okand'),
    ];
    for (const page of pages) {
      expect(page.headers.get('cache-control')).toBe('private, no-store');
      expect(page.text).toMatch(/^<!DOCTYPE html><html lang="sv">/);
      expect(page.text).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
      expect(page.text).not.toContain('XHTML');
    }
  });

  it('lets a link work for a week: an expired one answers the 404 page, and the hourly clean-up removes used and expired links', async () => {
    const [old, used, fresh] = ['gammal.lank@example.se', 'anvand.lank@example.se', 'farsk.lank@example.se'];
    const links: string[] = [];
    for (const email of [old, used, fresh]) {
      await signUp(email, 'sv');
      links.push(confirmLink((await mailsTo(smtp, email))[0]!));
    }
    const [oldLink, usedLink, freshLink] = links as [string, string, string];
    const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
    await confirmThrough(usedLink);
    // Pressed again (a reload), a used link says it is done.
    expect((await reader().request('POST', pathOf(usedLink))).text).toContain('Tack, prenumerationen är bekräftad');
    // Eight days pass for the first.
    await server.db('newsletter_confirmations').where({ token: tokenOf(oldLink) }).update({ createdAt: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000).toISOString() });
    for (const method of ['GET', 'POST']) {
      const expired = await reader().request(method, pathOf(oldLink));
      expect(expired.status).toBe(404);
      expect(expired.headers.get('cache-control')).toBe('private, no-store');
      expect(expired.text).toContain('Länken fungerar inte');
    }
    expect(await statusOf(old)).toBe('pending');

    // The hourly clean-up, as any process runs it.
    const services = createServices(server.db, { ...server.config, sessionSecret: 'test' });
    await services.newsletter.purgeConfirmations();
    await services.jobs.stop();
    const kept = (await server.db('newsletter_confirmations').whereIn('token', links.map(tokenOf)).pluck('token')) as string[];
    expect(kept).toEqual([tokenOf(freshLink)]);
    expect((await reader().get(pathOf(usedLink))).status).toBe(404);
    expect((await confirmThrough(freshLink)).text).toContain('Tack, prenumerationen är bekräftad');
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
      expect((await confirmThrough(confirmLink(mail), new HttpClient(site.url))).text).toContain('Tack, prenumerationen är bekräftad');
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
    expect((await user.client.get('/api/user/newsletter')).body).toEqual({ email: user.email, status: 'pending' });
    // Opened elsewhere (the phone's mail app, signed out): the link itself is what ties the address to the account.
    await confirmThrough(confirmLink(mail!));
    expect((await user.client.get('/api/user/newsletter')).body).toEqual({ email: user.email, status: 'confirmed' });

    const exported = await user.client.get('/api/user/export');
    expect(exported.body.newsletter).toMatchObject({ email: user.email, status: 'confirmed' });

    expect((await user.client.request('PUT', '/api/user/newsletter', { subscribed: false })).body.status).toBe('unsubscribed');
    expect((await user.client.request('PUT', '/api/user/newsletter', { subscribed: 'ja' })).status).toBe(400);
    expect((await new HttpClient(server.url).get('/api/user/newsletter')).status).toBe(401);

    expect((await user.client.delete('/api/user', { password: user.password })).status).toBe(204);
    expect(await server.db('newsletter_subscribers').whereRaw('lower(email) = ?', [user.email]).first()).toBeUndefined();
  });

  it("who already subscribed through the form proves the address once more before the account manages it", async () => {
    const user = await signedInUser(server.url, server.db);
    await confirmedSubscriber(user.email, 'sv');
    expect((await user.client.get('/api/user/newsletter')).body).toEqual({ email: user.email, status: 'none' });
    expect((await user.client.request('PUT', '/api/user/newsletter', { subscribed: true })).body).toEqual({ email: user.email, status: 'pending' });
    const [, mail] = await mailsTo(smtp, user.email, 2);
    await confirmThrough(confirmLink(mail!));
    expect((await user.client.get('/api/user/newsletter')).body).toEqual({ email: user.email, status: 'confirmed' });
    expect((await user.client.request('PUT', '/api/user/newsletter', { subscribed: false })).body).toEqual({ email: user.email, status: 'unsubscribed' });
    expect(await statusOf(user.email)).toBe('unsubscribed');
  });

  it('changes the setting at most 10 times a minute per account and 20 per client, then answers 429 with Retry-After', async () => {
    const ip = '10.16.8.8';
    const [first, second, third] = [await accountAt(undefined, ip), await accountAt(undefined, ip), await accountAt(undefined, ip)];
    const change = (account: typeof first) => account.client.request('PUT', '/api/user/newsletter', { subscribed: false });
    for (let n = 0; n < 10; n += 1) expect((await change(first)).status).toBe(200);
    const refused = await change(first);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('Too many changes to the newsletter setting. Try again in a minute.');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    for (let n = 0; n < 10; n += 1) expect((await change(second)).status).toBe(200);
    // A third account from the same client has changed nothing yet, but the client has made its 20.
    expect((await change(third)).status).toBe(429);
    // Another client is counted apart.
    expect((await (await accountAt()).client.request('PUT', '/api/user/newsletter', { subscribed: false })).status).toBe(200);
  });
});

describe("an account given someone else's address", () => {
  it('learns nothing about that subscription and can end nothing, whether registered with it or changed to it', async () => {
    const [first, second] = ['prenumerant.ett@example.se', 'prenumerant.tva@example.se'];
    await confirmedSubscriber(first, 'en');
    await confirmedSubscriber(second, 'sv');
    const registered = new HttpClient(server.url);
    const password = 'korrekt-hast-batteri';
    expect((await registered.post('/api/register', { username: `inkraktare${Date.now().toString(36)}`, email: first, password })).status).toBe(201);
    const changed = await signedInUser(server.url, server.db);
    expect((await changed.client.request('PATCH', '/api/user/profile', { email: second, currentPassword: password })).status).toBe(200);

    for (const [client, email] of [[registered, first], [changed.client, second]] as const) {
      expect((await client.get('/api/user/newsletter')).body).toEqual({ email, status: 'none' });
      expect((await client.request('PUT', '/api/user/newsletter', { subscribed: false })).body).toEqual({ email, status: 'none' });
      expect((await client.get('/api/user/export')).body.newsletter).toBeNull();
      // Asking to subscribe answers as for any address: pending, until the address's owner confirms the link it is sent.
      expect((await client.request('PUT', '/api/user/newsletter', { subscribed: true })).body).toEqual({ email, status: 'pending' });
      expect((await client.request('PUT', '/api/user/newsletter', { subscribed: false })).body).toEqual({ email, status: 'none' });
      expect(await statusOf(email)).toBe('confirmed');
    }
    expect((await registered.delete('/api/user', { password })).status).toBe(204);
    expect(await statusOf(first)).toBe('confirmed');
  });

  it('cannot take a subscription another account holds: its owner is not even mailed', async () => {
    const owner = await accountAt();
    expect((await owner.client.request('PUT', '/api/user/newsletter', { subscribed: true })).status).toBe(200);
    await confirmThrough(confirmLink((await mailsTo(smtp, owner.email))[0]!));
    // The owner's account moves to another address; the subscription it proved stays its own.
    expect((await owner.client.patch('/api/user/profile', { email: `flyttad.${owner.email}`, currentPassword: owner.password })).status).toBe(200);
    const intruder = await accountAt(owner.email);
    const mailed = mailCount(owner.email);
    expect((await intruder.client.request('PUT', '/api/user/newsletter', { subscribed: true })).body).toEqual({ email: owner.email, status: 'pending' });
    // Whatever the background did with the request, it is done well within this wait.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailCount(owner.email)).toBe(mailed);
    expect((await intruder.client.get('/api/user/newsletter')).body).toEqual({ email: owner.email, status: 'none' });
    expect((await owner.client.get('/api/user/newsletter')).body).toEqual({ email: owner.email, status: 'confirmed' });
  });

  it("names on the confirmation page the account it would let manage the subscription, and never moves one another account came to hold", async () => {
    const address = `delad.${Date.now().toString(36)}@example.se`;
    await confirmedSubscriber(address, 'sv');
    const asker = await accountAt(address);
    expect((await asker.client.request('PUT', '/api/user/newsletter', { subscribed: true })).status).toBe(200);
    const askerLink = confirmLink((await mailsTo(smtp, address, 2))[1]!);
    const page = await reader().get(pathOf(askerLink));
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(page.text).toContain(`Kontot «${asker.username}» kommer att kunna hantera prenumerationen`);
    // The page of the form's own link names nobody.
    expect((await reader().get(pathOf(confirmLink((await mailsTo(smtp, address))[0]!)))).text).not.toContain('Kontot');

    // Before the address's owner opens it, the asker moves away and the owner's own account proves the address.
    expect((await asker.client.patch('/api/user/profile', { email: `annan.${address}`, currentPassword: asker.password })).status).toBe(200);
    const owner = await accountAt(address);
    expect((await owner.client.request('PUT', '/api/user/newsletter', { subscribed: true })).status).toBe(200);
    const ownerPage = await reader().get(pathOf(confirmLink((await mailsTo(smtp, address, 3))[2]!)));
    expect(ownerPage.text).toContain(`Kontot «${owner.username}» kommer att kunna hantera prenumerationen`);
    await confirmThrough(confirmLink((await mailsTo(smtp, address, 3))[2]!));

    // The asker's link now confirms and names nobody: the owner keeps the subscription.
    const stale = await reader().get(pathOf(askerLink));
    expect(stale.status).toBe(200);
    expect(stale.text).not.toContain(asker.username);
    expect((await confirmThrough(askerLink)).text).toContain('Tack, prenumerationen är bekräftad');
    expect((await owner.client.get('/api/user/newsletter')).body).toEqual({ email: address, status: 'confirmed' });
    expect((await asker.client.get('/api/user/export')).body.newsletter).toBeNull();
    expect((await asker.client.request('PUT', '/api/user/newsletter', { subscribed: false })).body).toEqual({ email: `annan.${address}`, status: 'none' });
    expect(await statusOf(address)).toBe('confirmed');
  });
});

describe('the digest', () => {
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let articles: number[];
  beforeAll(async () => {
    admin = await signedInUser(server.url, server.db, { role: 'admin' });
    articles = [
      await insertArticle(server, { title: 'Riksdagen röstar om budgeten', excerpt: 'Ett avgörande dygn.' }),
      await insertArticle(server, { title: 'Vintern kommer tidigt', excerpt: 'Snö i Norrland.', imageUrl: '/uploads/images/snow.svg' }),
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
    // Gmail and Outlook show no SVG: the raster copy the feeds use, in both languages.
    for (const locale of ['sv', 'en']) {
      expect(preview.body[locale].html).toContain('<img alt="" src="https://redaktion.example/media/og/images/snow.svg.jpg"');
      expect(preview.body[locale].html).not.toContain('snow.svg"');
    }
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

    const queued = await admin.client.post('/api/admin/newsletter/send', { subject: 'Veckan som gick', subjectEn: 'The week that was', articleIds: articles });
    expect(queued.status).toBe(202);
    expect(queued.body).toMatchObject({ subject: 'Veckan som gick', subjectEn: 'The week that was', status: 'queued', total: counts.confirmed, articleIds: articles });

    const [english] = await mailsTo(smtp, 'digest.en@example.se', 2);
    const digest = smtp.messages.filter((message) => message.to.includes('digest.en@example.se'))[1]!;
    expect(english).toBeDefined();
    expect(digest.subject).toBe('The week that was');
    expect(digest.text).toContain('Riksdagen röstar om budgeten');
    expect(digest.text).toMatch(/https:\/\/redaktion\.example\/article\/\d+\?ref=newsletter/);
    expect(digest.text).toContain('Unsubscribe');
    expect(digest.html).toContain('Vintern kommer tidigt');
    const swedish = (await mailsTo(smtp, 'digest.sv@example.se', 2))[1]!;
    expect(swedish.subject).toBe('Veckan som gick');
    expect(swedish.text).toContain('Avsluta prenumerationen');
    // The inbox's preview line, without the runs of invisible characters that filters call obfuscation.
    expect(swedish.html).toContain('data-skip-in-text="true">Veckans viktigaste nyheter från Redaktion.</div>');
    expect(swedish.html).not.toMatch(/[\u00A0\u200B-\u200F\uFEFF]/);

    // Without LIST_UNSUBSCRIBE_MAILTO no mailbox processes mailto: unsubscribes, so none is offered.
    const [https] = /^<(https:\/\/redaktion\.example\/api\/newsletter\/unsubscribe\?token=[\w-]+)>$/.exec(digest.header('List-Unsubscribe'))!.slice(1);
    expect(digest.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    // Nobody who did not confirm receives it.
    expect(smtp.messages.filter((message) => message.to.includes('bara.anmald@example.se'))).toHaveLength(1);

    let history = (await admin.client.get('/api/admin/newsletter/sends')).body;
    for (let attempt = 0; attempt < 100 && history[0].status !== 'done'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      history = (await admin.client.get('/api/admin/newsletter/sends')).body;
    }
    expect(history[0]).toMatchObject({ id: queued.body.id, subjectEn: 'The week that was', status: 'done', delivered: counts.confirmed - 1, failed: 1 });
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

  it('offers a mailto: unsubscribe naming the token when LIST_UNSUBSCRIBE_MAILTO names a mailbox', async () => {
    // A display name or a list would make a broken header in every newsletter: the server does not start with one.
    expect(() => loadConfig({ ...ENV, DATA_DIR: server.config.dataDir, LIST_UNSUBSCRIBE_MAILTO: 'Redaktion <avregistrering@redaktion.example>' }))
      .toThrow(/LIST_UNSUBSCRIBE_MAILTO must be a bare e-mail address/);
    const box = await startSmtpStandIn();
    const site = await startTestServer({ env: { ...ENV, SMTP_URL: box.url, LIST_UNSUBSCRIBE_MAILTO: 'avregistrering@redaktion.example' } });
    try {
      await site.db('newsletter_subscribers').insert({ email: 'brevlada@example.se', locale: 'sv', status: 'confirmed', token: 'token-brevlada-0123456789', createdAt: new Date().toISOString() });
      const editor = await signedInUser(site.url, site.db, { role: 'admin' });
      const article = await insertArticle(site, { title: 'Med brevlåda' });
      expect((await editor.client.post('/api/admin/newsletter/send', { subject: 'Veckan', articleIds: [article] })).status).toBe(202);
      const [mail] = await mailsTo(box, 'brevlada@example.se');
      expect(mail!.header('List-Unsubscribe')).toBe('<https://redaktion.example/api/newsletter/unsubscribe?token=token-brevlada-0123456789>, '
        + '<mailto:avregistrering@redaktion.example?subject=unsubscribe%20token-brevlada-0123456789>');
    } finally {
      await site.close();
      await box.close();
    }
  });

  it('takes an English subject only when it says something', async () => {
    const blank = await admin.client.post('/api/admin/newsletter/preview', { subject: 'Veckan', subjectEn: ' ', articleIds: articles });
    expect(blank.status).toBe(400);
    expect(blank.body.issues[0]).toEqual({ path: 'subjectEn', message: 'The English subject must not be empty' });
    const preview = await admin.client.post('/api/admin/newsletter/preview', { subject: 'Veckan', subjectEn: 'The week', articleIds: articles });
    expect([preview.body.sv.subject, preview.body.en.subject]).toEqual(['Veckan', 'The week']);
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

  it('stopped mid-send, hands the rest to the next process; the history counts each mail as the mail server answered it', async () => {
    // A slow mail server and a 2 s job timeout: the send goes out in several jobs, over two processes in turn.
    const box = await startSmtpStandIn({ delayMs: 100, rejects: (address) => address.startsWith('studsar') });
    const database = await createTestDatabase();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'redaktion-handover-'));
    const env = { ...ENV, SMTP_URL: box.url, JOB_TIMEOUT_SECONDS: '2' };
    try {
      const first = await startTestServer({ env, database: { url: database.url, dataDir } });
      const admin = (await signedInUser(first.url, first.db, { role: 'admin' })).client;
      const article = await insertArticle(first, { title: 'Brev i omgångar' });
      // Every third address is a mailbox the provider refuses.
      const emails = Array.from({ length: 12 }, (_, n) => `${n % 3 === 0 ? 'studsar' : 'lasare'}.${n}@example.se`);
      await first.db('newsletter_subscribers').insert(emails.map((email, n) => ({
        email, locale: 'sv', status: 'confirmed', token: `token-omgang-${n}-0123456789`, createdAt: new Date().toISOString(),
      })));
      const queued = await admin.post('/api/admin/newsletter/send', { subject: 'Veckan i omgångar', articleIds: [article] });
      expect(queued.body.total).toBe(12);
      await mailsTo(box, 'lasare.2@example.se');
      // A restart (SIGTERM) while it sends: the job ends with the mail under way and leaves the rest to a new job.
      await first.close();

      const second = await startTestServer({ env, database: { url: database.url, dataDir } });
      try {
        const history = async () => ((await admin.at(second.url).get('/api/admin/newsletter/sends')).body as { id: number; status: string }[])
          .find((send) => send.id === queued.body.id)!;
        let send = await history();
        for (let attempt = 0; attempt < 200 && send.status !== 'done'; attempt += 1) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          send = await history();
        }
        // Stopped in good order, no mail's outcome is unknown: each was delivered or failed, and counted so.
        expect(send).toMatchObject({ status: 'done', total: 12, delivered: 8, failed: 4 });
        expect(box.messages.map((message) => message.to[0]).sort()).toEqual(emails.filter((email) => email.startsWith('lasare')).sort());
      } finally {
        await second.close();
      }
    } finally {
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
      await box.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './support/http-client.js';
import { insertArticle } from './support/fixtures.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { signedInUser } from './support/users.js';
import { createMeter } from '../src/services/revenue/meter.js';

/** The metered paywall and gift links (contract §9 [revenue]), over HTTP, on the engine the run chose. */
let server: TestServer;
let anonymous: HttpClient;
beforeAll(async () => {
  server = await startTestServer();
  anonymous = new HttpClient(server.url);
});
afterAll(async () => { await server?.close(); });

const SECRET = 'Det hemliga stycket som bara läsare med rätt får se.';
const premium = (title: string) => insertArticle(server, { title, premium: true, content: SECRET, excerpt: `Ingress till ${title}` });

/** The answers a page was rendered with, as the browser finds them. */
const bootOf = (html: string) => JSON.parse(/<script type="application\/json" id="__BOOT__">(.*?)<\/script>/s.exec(html)![1]!) as {
  cache: Record<string, { data?: { content?: string; locked?: boolean; meter?: unknown; gift?: string } }>;
};

function expectPersonal(headers: Headers): void {
  expect(headers.get('cache-control')).toBe('private, no-store');
  expect(headers.get('referrer-policy')).toBe('no-referrer');
  expect(headers.get('etag')).toBeNull();
}

describe('the metered paywall', () => {
  it('opens three distinct premium articles a month to a signed-in reader, each counted once, privately, then locks', async () => {
    const ids = [await premium('Mätare ett'), await premium('Mätare två'), await premium('Mätare tre'), await premium('Mätare fyra')];
    const reader = await signedInUser(server.url, server.db);
    for (const [index, id] of ids.slice(0, 3).entries()) {
      const answer = await reader.client.get(`/api/articles/${id}`);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ locked: false, content: SECRET, meter: { limit: 3, used: index + 1, remaining: 2 - index } });
      expectPersonal(answer.headers);
    }
    // A counted article stays open and spends nothing more; a fourth stays locked, excerpt only.
    expect((await reader.client.get(`/api/articles/${ids[0]}`)).body).toMatchObject({ locked: false, content: SECRET, meter: { used: 3, remaining: 0 } });
    const fourth = await reader.client.get(`/api/articles/${ids[3]}`);
    expect(fourth.body).toMatchObject({ locked: true, excerpt: 'Ingress till Mätare fyra', meter: { limit: 3, used: 3, remaining: 0 } });
    expect(fourth.body.content).toBeUndefined();
    expect(fourth.text).not.toContain(SECRET);
    // The page spends like the API and shows the same: a counted article whole, the fourth locked.
    const page = await reader.client.get(`/article/${ids[1]}`);
    expect(page.text).toContain(SECRET);
    expectPersonal(page.headers);
    expect((await reader.client.get(`/article/${ids[3]}`)).text).not.toContain(SECRET);
    expect(Number((await server.db('meter_reads').where({ userId: reader.id }).count({ n: '*' }).first() as { n: number | string }).n)).toBe(3);
  });

  it('never lets what it opened reach a signed-out reader: the API, the page, the feeds and search', async () => {
    const id = await premium('Mätarens gräns');
    const reader = await signedInUser(server.url, server.db);
    expect((await reader.client.get(`/api/articles/${id}`)).body.content).toBe(SECRET);
    expect((await reader.client.get(`/article/${id}`)).text).toContain(SECRET);
    const api = await anonymous.get(`/api/articles/${id}`);
    expect(api.body).toMatchObject({ locked: true });
    expect(api.body.meter).toBeUndefined();
    expect(api.text).not.toContain(SECRET);
    const page = await anonymous.get(`/article/${id}`);
    expect(page.text).not.toContain(SECRET);
    expect(bootOf(page.text).cache[`/api/articles/${id}`]!.data!.locked).toBe(true);
    for (const path of ['/rss.xml', '/atom.xml', '/feed.json', `/api/articles?q=${encodeURIComponent('hemliga stycket')}`]) {
      for (const client of [anonymous, reader.client]) expect((await client.get(path)).text, path).not.toContain(SECRET);
    }
  });

  it('spends no read on a background refresh: it opens only what this month already counted', async () => {
    const [counted, fresh] = [await premium('Redan läst'), await premium('Aldrig öppnad')];
    const reader = await signedInUser(server.url, server.db);
    await reader.client.get(`/api/articles/${counted}`);
    const background = { 'X-Background-Refresh': '1' };
    expect((await reader.client.get(`/api/articles/${counted}`, background)).body).toMatchObject({ locked: false, meter: { used: 1 } });
    const refreshed = await reader.client.get(`/api/articles/${fresh}`, background);
    expect(refreshed.body).toMatchObject({ locked: true, meter: { used: 1, remaining: 2 } });
    expect((await reader.client.get(`/api/articles/${fresh}`)).body).toMatchObject({ locked: false, meter: { used: 2 } });
  });

  it('counts by the month of Stockholm time, and last month\'s reads count for nothing', async () => {
    const [a, b] = [await premium('Månadsskifte'), await premium('Förra månaden')];
    const reader = await signedInUser(server.url, server.db);
    const meter = createMeter(server.db, 3);
    // 23:30 UTC on 30 November is half past midnight on 1 December in Stockholm.
    expect(await meter.open(reader.id, a, true, new Date('2026-11-30T23:30:00Z'))).toEqual({ open: true, meter: { limit: 3, used: 1, remaining: 2 } });
    expect(await server.db('meter_reads').where({ userId: reader.id }).pluck('period')).toEqual(['2026-12']);
    expect((await meter.open(reader.id, a, false, new Date('2026-11-30T22:30:00Z'))).open).toBe(false);
    await server.db('meter_reads').insert([a, b].map((articleId) => ({ userId: reader.id, articleId, period: '2000-01', createdAt: '2000-01-15T12:00:00Z' })));
    expect((await reader.client.get(`/api/articles/${b}`)).body).toMatchObject({ locked: false, meter: { used: 1 } });
  });

  it('lets two tabs at once take the last free read only once', async () => {
    const ids = await Promise.all(['Kapplöpning 1', 'Kapplöpning 2', 'Kapplöpning 3', 'Kapplöpning 4', 'Kapplöpning 5'].map(premium));
    const reader = await signedInUser(server.url, server.db);
    await reader.client.get(`/api/articles/${ids[0]}`);
    await reader.client.get(`/api/articles/${ids[1]}`);
    const answers = await Promise.all(ids.slice(2).map((id) => reader.client.get(`/api/articles/${id}`)));
    expect(answers.filter((answer) => answer.body.locked === false)).toHaveLength(1);
    expect(Number((await server.db('meter_reads').where({ userId: reader.id }).count({ n: '*' }).first() as { n: number | string }).n)).toBe(3);
  });

  it('leaves entitled readers unmetered, and a signed-out reader the registration wall\'s excerpt', async () => {
    const id = await premium('Prenumerantens artikel');
    const subscriber = await signedInUser(server.url, server.db, { subscriptionStatus: 'active' });
    const answer = await subscriber.client.get(`/api/articles/${id}`);
    expect(answer.body).toMatchObject({ locked: false, content: SECRET });
    expect(answer.body.meter).toBeUndefined();
    // A pass that lies ahead entitles; one that has ended does not.
    const pass = await signedInUser(server.url, server.db);
    await server.db('users').where({ id: pass.id }).update({ accessUntil: new Date(Date.now() + 86_400_000).toISOString() });
    expect((await pass.client.get(`/api/articles/${id}`)).body).toMatchObject({ locked: false, content: SECRET });
    expect((await pass.client.get('/api/user')).body.accessUntil).toMatch(/^\d{4}-/);
    await server.db('users').where({ id: pass.id }).update({ accessUntil: new Date(Date.now() - 1000).toISOString() });
    expect((await pass.client.get(`/api/articles/${id}`)).body.meter).toMatchObject({ used: 1 });
    expect((await anonymous.get('/api/config')).body).toMatchObject({ meter: { freeArticles: 3 }, gifts: { perMonth: 10 } });
  });
});

describe('gift links', () => {
  it('are for entitled readers: 401 signed out, 403 without entitlement, 400 for a free article', async () => {
    const id = await premium('Ingen present');
    const free = await insertArticle(server, { title: 'Gratis att läsa' });
    expect((await anonymous.post(`/api/articles/${id}/gifts`)).status).toBe(401);
    const reader = await signedInUser(server.url, server.db);
    expect((await reader.client.post(`/api/articles/${id}/gifts`)).status).toBe(403);
    const subscriber = await signedInUser(server.url, server.db, { subscriptionStatus: 'active' });
    expect((await subscriber.client.post(`/api/articles/${free}/gifts`)).status).toBe(400);
    expect((await subscriber.client.post('/api/articles/999999/gifts')).status).toBe(404);
  });

  it('open the whole article to anyone for 14 days, privately, unindexed, with the plain address canonical', async () => {
    const id = await premium('Presenten');
    const giver = await signedInUser(server.url, server.db, { subscriptionStatus: 'active' });
    const made = await giver.client.post(`/api/articles/${id}/gifts`);
    expect(made.status).toBe(201);
    expect(made.body.url).toMatch(new RegExp(`^${server.config.linkOrigin}/article/${id}\\?gift=[\\w-]{32,}$`));
    expect(Date.parse(made.body.expiresAt) - Date.now()).toBeGreaterThan(14 * 86_400_000 - 60_000);
    expect(made.body.remainingThisMonth).toBe(9);
    const token = new URL(made.body.url).searchParams.get('gift')!;

    const api = await anonymous.get(`/api/articles/${id}?gift=${token}`);
    expect(api.body).toMatchObject({ locked: false, content: SECRET, gift: 'open' });
    expectPersonal(api.headers);
    const page = await anonymous.get(`/article/${id}?gift=${token}`);
    expect(page.text).toContain(SECRET);
    expectPersonal(page.headers);
    expect(page.headers.get('x-robots-tag')).toBe('noindex');
    expect(page.text).toMatch(new RegExp(`<link rel="canonical" href="[^"]+/article/${id}">`));
    expect(page.text).not.toMatch(/<(link|meta)[^>]*gift=/);
    // Nothing of it was kept for the next signed-out reader of the plain address.
    expect((await anonymous.get(`/api/articles/${id}`)).text).not.toContain(SECRET);
    expect((await anonymous.get(`/article/${id}`)).text).not.toContain(SECRET);
    // Nor does the token open any other article.
    const other = await premium('Annan artikel');
    expect((await anonymous.get(`/api/articles/${other}?gift=${token}`)).body).toMatchObject({ locked: true, gift: 'expired' });
  });

  it('count opens once a day per browser, list them, and stop working when revoked or expired, also for a giver who stopped paying', async () => {
    const id = await premium('Räknade öppningar');
    const giver = await signedInUser(server.url, server.db, { subscriptionStatus: 'active' });
    const token = (url: string) => new URL(url).searchParams.get('gift')!;
    const first = (await giver.client.post(`/api/articles/${id}/gifts`)).body;
    const second = (await giver.client.post(`/api/articles/${id}/gifts`)).body;
    for (const agent of ['Firefox', 'Firefox', 'Safari']) await anonymous.get(`/api/articles/${id}?gift=${token(first.url)}`, { 'User-Agent': agent });
    const listed = (await giver.client.get('/api/gifts')).body;
    expect(listed.map((gift: { id: number; opens: number }) => [gift.id, gift.opens])).toEqual([[second.id, 0], [first.id, 2]]);
    expect(listed[1]).toMatchObject({ articleId: id, articleTitle: 'Räknade öppningar', revoked: false });
    // Another reader cannot see or revoke them.
    const stranger = await signedInUser(server.url, server.db, { subscriptionStatus: 'active' });
    expect((await stranger.client.get('/api/gifts')).body).toEqual([]);
    expect((await stranger.client.delete(`/api/gifts/${first.id}`)).status).toBe(404);

    await server.db('users').where({ id: giver.id }).update({ subscriptionStatus: 'canceled' });
    expect((await anonymous.get(`/api/articles/${id}?gift=${token(first.url)}`)).body).toMatchObject({ locked: false, gift: 'open' });
    expect((await giver.client.delete(`/api/gifts/${first.id}`)).status).toBe(204);
    const revoked = await anonymous.get(`/api/articles/${id}?gift=${token(first.url)}`);
    expect(revoked.body).toMatchObject({ locked: true, gift: 'expired' });
    expect(revoked.text).not.toContain(SECRET);
    await server.db('gift_links').where({ id: second.id }).update({ expiresAt: new Date(Date.now() - 1000).toISOString() });
    expect((await anonymous.get(`/api/articles/${id}?gift=${token(second.url)}`)).body).toMatchObject({ locked: true, gift: 'expired' });
    expect((await anonymous.get(`/api/articles/${id}?gift=forged-token-forged-token-forged`)).body).toMatchObject({ locked: true, gift: 'expired' });
    expect((await giver.client.get('/api/user/export')).body.giftLinks).toHaveLength(2);
  });
});

describe('with its own limits', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ env: { METER_FREE_ARTICLES: '0', GIFT_LINKS_PER_MONTH: '2', GIFT_LINK_MAX_OPENS: '2' } });
  });
  afterAll(async () => { await limited?.close(); });

  it('METER_FREE_ARTICLES=0 keeps premium for entitled readers; the gift allowance and the opens run out', async () => {
    const id = await insertArticle(limited, { title: 'Begränsad', premium: true, content: SECRET });
    const reader = await signedInUser(limited.url, limited.db);
    const locked = await reader.client.get(`/api/articles/${id}`);
    expect(locked.body).toMatchObject({ locked: true });
    expect(locked.body.meter).toBeUndefined();
    expect((await new HttpClient(limited.url).get('/api/config')).body).toMatchObject({ meter: { freeArticles: 0 }, gifts: { perMonth: 2 } });

    const giver = await signedInUser(limited.url, limited.db, { subscriptionStatus: 'trialing' });
    const made = (await giver.client.post(`/api/articles/${id}/gifts`)).body;
    expect((await giver.client.post(`/api/articles/${id}/gifts`)).body.remainingThisMonth).toBe(0);
    const refused = await giver.client.post(`/api/articles/${id}/gifts`);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('gift_allowance_used');
    const visitor = new HttpClient(limited.url);
    const path = `/api/articles/${id}?gift=${new URL(made.url).searchParams.get('gift')}`;
    expect((await visitor.get(path, { 'User-Agent': 'A' })).body.gift).toBe('open');
    expect((await visitor.get(path, { 'User-Agent': 'B' })).body.gift).toBe('open');
    // Used up for a third browser; the two that opened it keep it for the day.
    expect((await visitor.get(path, { 'User-Agent': 'C' })).body).toMatchObject({ gift: 'expired', locked: true });
    expect((await visitor.get(path, { 'User-Agent': 'A' })).body.gift).toBe('open');
  });
});

describe("the newsroom's week", () => {
  it('counts registrations, metered reads, gift opens and paid conversions on the Overview', async () => {
    const admin = await signedInUser(server.url, server.db, { role: 'admin' });
    const before = (await admin.client.get('/api/admin/stats')).body;
    const id = await premium('Veckans siffror');
    const reader = await signedInUser(server.url, server.db);
    await reader.client.get(`/api/articles/${id}`);
    const giver = await signedInUser(server.url, server.db, { subscriptionStatus: 'active' });
    const gift = (await giver.client.post(`/api/articles/${id}/gifts`)).body;
    await anonymous.get(`/api/articles/${id}?gift=${new URL(gift.url).searchParams.get('gift')}`);
    // Two checkouts this week: a paid pass converts; a subscription still incomplete does not.
    const now = new Date().toISOString();
    await server.db('checkouts').insert([
      { stripeId: 'pi_veckan', userId: reader.id, kind: 'pass', product: 'month', createdAt: now },
      { stripeId: 'sub_veckan', userId: reader.id, kind: 'subscription', product: 'monthly', createdAt: now },
    ]);
    await server.db('passes').insert({ paymentIntentId: 'pi_veckan', userId: reader.id, pass: 'month', amountSek: 149, paidAt: now, createdAt: now });
    const after = (await admin.client.get('/api/admin/stats')).body;
    expect(after.users.thisWeek - before.users.thisWeek).toBe(2);
    expect(after.revenue.meteredReads.thisWeek - before.revenue.meteredReads.thisWeek).toBe(1);
    expect(after.revenue.giftOpens.thisWeek - before.revenue.giftOpens.thisWeek).toBe(1);
    expect(after.revenue.conversions.thisWeek - before.revenue.conversions.thisWeek).toBe(1);
  });
});

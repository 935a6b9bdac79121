import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpClient } from './support/http-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { signedInUser } from './support/users.js';
import { createSalts } from '../src/services/insight/salt.js';
import { createInsight, type Beacon } from '../src/services/insight/collect.js';

/** Collection of the newsroom's figures (contract §9 [insight]): what is kept of a beacon, and what never is. */

const PATH = '/api/collect';
const ADDRESS = '203.0.113.77';
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
const DAY = 86_400_000;
let server: TestServer;

type Row = Record<string, unknown>;
/** A beacon as the reader app's page sends it: sendBeacon's text/plain JSON, from the site's own origin. */
const beacon = (body: unknown, headers: Record<string, string> = {}, client = new HttpClient(server.url, ADDRESS)) =>
  client.request('POST', PATH, typeof body === 'string' ? body : JSON.stringify(body), {
    'Content-Type': 'text/plain;charset=UTF-8', Origin: server.url, 'Sec-Fetch-Site': 'same-origin', 'User-Agent': UA, ...headers,
  });
/** The events written once the waiting ones are flushed. */
const stored = async (): Promise<Row[]> => {
  await server.services.insight.flush();
  return server.db('insight_events').select().orderBy('id');
};

const count = async () => Number((await server.db('insight_events').count({ n: '*' }).first())?.n);

beforeAll(async () => { server = await startTestServer({ env: { TRUST_PROXY: '1' } }); });
afterAll(async () => { await server?.close(); });
beforeEach(async () => { await server.db('insight_events').delete(); });

describe('POST /api/collect', () => {
  it('answers 202 at once with no cookie, and keeps a view, a read and a listen: the path without query but ref, the referrer\'s host', async () => {
    const view = await beacon({ type: 'view', path: '/article/12?utm_source=mail&ref=digest#comments', referrer: 'https://www.google.com/search?q=private+words', articleId: 12 });
    expect(view.status).toBe(202);
    expect(view.headers.get('set-cookie')).toBeNull();
    await beacon({ type: 'read', path: '/article/12?x=1', articleId: 12, depth: 0.6, seconds: 95 });
    await beacon({ type: 'listen', path: '/podcast/3', episodeId: 3, depth: 0.9, seconds: 300, referrer: 'not a url' });
    await beacon({ type: 'subscribe_start', path: '/subscribe?ref=push-17' });

    // Events are hashed concurrently: the order they are written in is not the order they came in.
    const rows = await stored();
    expect(rows.map(({ type, path, referrerHost, articleId, episodeId, depth, seconds }) => ({ type, path, referrerHost, articleId, episodeId, depth, seconds }))).toEqual(expect.arrayContaining([
      { type: 'view', path: '/article/12?ref=digest', referrerHost: 'www.google.com', articleId: 12, episodeId: null, depth: null, seconds: null },
      { type: 'read', path: '/article/12', referrerHost: null, articleId: 12, episodeId: null, depth: 0.6, seconds: 95 },
      { type: 'listen', path: '/podcast/3', referrerHost: null, articleId: null, episodeId: 3, depth: 0.9, seconds: 300 },
      { type: 'subscribe_start', path: '/subscribe?ref=push-17', referrerHost: null, articleId: null, episodeId: null, depth: null, seconds: null },
    ]));
    expect(rows).toHaveLength(4);
  });

  it('never keeps a page that holds a token; a gift link is kept without its token', async () => {
    for (const path of ['/reset-password?token=reset-secret', '/preview/preview-secret', '/article/1?gift=gift-secret', '/feeds/private/feed-secret/podcast-series/1.xml',
      '/sign-in/code?code=123456', '/api/newsletter/confirm?token=confirm-secret']) {
      expect((await beacon({ type: 'view', path })).status).toBe(202);
    }
    // A path that encoding makes longer than any page's is no page of ours: not kept (nor failing the others' batch).
    expect((await beacon({ type: 'view', path: `/${'é'.repeat(1000)}` })).status).toBe(202);
    const rows = await stored();
    expect(rows.map((row) => row.path)).toEqual(['/article/1']);
    expect(JSON.stringify(rows)).not.toMatch(/secret|123456/);
  });

  it('counts no one who asks not to be (Sec-GPC, DNT), no bot, nothing from another site or not from the site\'s page', async () => {
    const event = { type: 'view', path: '/news' };
    expect((await beacon(event, { 'Sec-GPC': '1' })).status).toBe(202);
    expect((await beacon(event, { DNT: '1' })).status).toBe(202);
    expect((await beacon(event, { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' })).status).toBe(202);
    expect((await beacon(event, { Origin: 'https://elsewhere.example', 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    // Without Origin, Referer and Sec-Fetch-Site (a script, curl): answered, not counted.
    const bare = await new HttpClient(server.url, ADDRESS).request('POST', PATH, JSON.stringify(event), { 'Content-Type': 'application/json', 'User-Agent': UA });
    expect(bare.status).toBe(202);
    expect(await stored()).toEqual([]);
    // The same beacon without any of those is counted.
    await beacon(event);
    expect(await stored()).toHaveLength(1);
  });

  it('does not tie a signed-in reader to the event: no session read or renewed, no cookie set, nothing of the address kept', async () => {
    const reader = await signedInUser(server.url, server.db);
    const answer = await beacon({ type: 'view', path: '/home' }, {}, new HttpClient(server.url, ADDRESS).at(server.url));
    expect(answer.headers.get('set-cookie')).toBeNull();
    const signedIn = new HttpClient(server.url, ADDRESS);
    for (const [name, value] of reader.client.cookies) signedIn.cookies.set(name, value);
    const asReader = await beacon({ type: 'view', path: '/home' }, {}, signedIn);
    expect(asReader.status).toBe(202);
    expect(asReader.headers.get('set-cookie')).toBeNull();

    const rows = await stored();
    expect(rows).toHaveLength(2);
    expect(Object.keys(rows[0]!).sort()).toEqual(['articleId', 'at', 'day', 'depth', 'episodeId', 'id', 'path', 'reader', 'referrerHost', 'seconds', 'source', 'type']);
    const kept = JSON.stringify([rows, await server.db('insight_salts').select(), await server.db('rate_limits').select()]);
    expect(kept).not.toContain(ADDRESS);
    expect(kept).not.toContain('Chrome/142');
  });

  it('drops a reader\'s events past 60 a minute: the throttle knows the day\'s hash, not the address', async () => {
    let at = new Date();
    const insight = createInsight(server.db, () => at);
    const reader: Beacon = { address: ADDRESS, userAgent: UA, fromTheSite: true, siteHost: 'redaktion.example', optedOut: false };
    for (let n = 0; n < 65; n += 1) insight.collect({ type: 'read', path: '/article/5', depth: 0.5 }, reader);
    insight.collect({ type: 'read', path: '/article/5', depth: 0.5 }, { ...reader, userAgent: UA.replace('142', '141') });
    await insight.flush();
    expect(await count()).toBe(61);
    at = new Date(at.getTime() + 60_000);
    insight.collect({ type: 'read', path: '/article/5', depth: 0.6 }, reader);
    await insight.flush();
    expect(await count()).toBe(62);
  });

  it('answers an invalid body 400 with what is wrong, never 500', async () => {
    const wrongType = await beacon({ type: 'click', path: '/' });
    expect(wrongType.status).toBe(400);
    expect(JSON.stringify(wrongType.body)).toContain('type must be view, read, listen or subscribe_start');
    const fullUrl = await beacon({ type: 'view', path: 'https://elsewhere.example/x' });
    expect(fullUrl.status).toBe(400);
    expect(JSON.stringify(fullUrl.body)).toContain('path must be the page');
    expect((await beacon({ type: 'read', path: '/', depth: 2 })).status).toBe(400);
    expect((await beacon('not json at all')).status).toBe(400);
    expect(await stored()).toEqual([]);
  });

  it('deletes raw events past their 30 days', async () => {
    const now = Date.now();
    const row = (ago: number) => ({ at: new Date(now - ago).toISOString(), day: '2026-01-01', type: 'view', path: '/', reader: 'x'.repeat(64) });
    await server.db('insight_events').insert([row(31 * DAY), row(30 * DAY + 60_000), row(29 * DAY), row(0)]);
    await server.services.insight.purge();
    const left = await server.db('insight_events').select('at').orderBy('at');
    expect(left.map(({ at }: Row) => new Date(at as string).getTime())).toEqual([now - 29 * DAY, now]);
  });

  it('knows one reader by one hash a day, by another the next day, when the ended day\'s salt is gone', async () => {
    await beacon({ type: 'view', path: '/news' });
    await beacon({ type: 'view', path: '/opinion' });
    await beacon({ type: 'view', path: '/podcasts' }, { 'User-Agent': UA.replace('142', '141') });
    const readerOf = new Map((await stored()).map(({ path, reader }) => [path, reader]));
    expect(readerOf.get('/news')).toBe(readerOf.get('/opinion'));
    expect(readerOf.get('/podcasts')).not.toBe(readerOf.get('/news'));
    const reader = readerOf.get('/news');
    expect(reader).toBe((await server.services.insight.salts.readerHash(ADDRESS, UA)).reader);

    const today = await server.db('insight_salts').select('day');
    expect(today).toHaveLength(1);
    // The next day, in another process's view of the clock: a new salt, and the ended day's deleted.
    const tomorrow = createSalts(server.db, () => new Date(Date.now() + DAY));
    expect((await tomorrow.readerHash(ADDRESS, UA)).reader).not.toBe(reader);
    const days = (await server.db('insight_salts').select('day')).map(({ day }: Row) => day);
    expect(days).toHaveLength(1);
    expect(days).not.toContain(today[0]!.day);
  });
});

import { stockholmDay, type InsightReport } from '@redaktion/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertArticle, insertEpisode } from './support/fixtures.js';
import { HttpClient } from './support/http-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { signedInUser } from './support/users.js';
import { createInsight } from '../src/services/insight/collect.js';
import { createInsightFigures } from '../src/services/insight/figures.js';

/** The newsroom's figures (contract §9 [insight]): made from the raw events, read by staff only, and as CSV. */

const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
const DAY = 86_400_000;
let server: TestServer;
let staff: HttpClient;
let article: number;
let other: number;
let episode: number;

/** A beacon from the reader app on the page, by a reader known only by their address and browser. */
const beacon = (address: string, body: Record<string, unknown>) =>
  new HttpClient(server.url, address).request('POST', '/api/collect', JSON.stringify(body), {
    'Content-Type': 'text/plain;charset=UTF-8', Origin: server.url, 'Sec-Fetch-Site': 'same-origin', 'User-Agent': UA,
  });
const site = () => server.url;

const report = async (query = '') => {
  const answer = await staff.get(`/api/admin/insights${query}`);
  expect(answer.status).toBe(200);
  return answer.body as InsightReport;
};

beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: '1' } });
  staff = (await signedInUser(server.url, server.db, { role: 'admin' })).client;
  article = await insertArticle(server, { title: 'Färjan, "stormen" och natten' });
  other = await insertArticle(server, { title: 'Ett annat ämne' });
  episode = await insertEpisode(server, { title: 'Veckans samtal' });
});
afterAll(async () => { await server?.close(); });
beforeEach(async () => {
  for (const table of ['insight_events', 'insight_conversions', 'insight_days', 'insight_hours', 'insight_day_articles', 'insight_day_episodes']) {
    await server.db(table).delete();
  }
});

describe('the figures staff read', () => {
  it('counts views, readers, read depth, listen-through, sources and conversions per day, per article and per episode', async () => {
    const path = `/article/${article}`;
    // Three readers come to the article: from a search, from the digest, and from another page of the site.
    await beacon('198.51.100.1', { type: 'view', path, articleId: article, referrer: 'https://www.google.se/search?q=f%C3%A4rjan' });
    await beacon('198.51.100.2', { type: 'view', path: `${path}?ref=newsletter`, articleId: article, referrer: 'https://mail.example/inbox/42' });
    await beacon('198.51.100.3', { type: 'view', path, articleId: article, referrer: `${site()}/news` });
    // Reader 1 reads to the end, reader 2 half way, reader 3 not at all; reader 1 sends the 25% twice (a reload).
    for (const depth of [0.25, 0.25, 0.5, 0.75, 1]) await beacon('198.51.100.1', { type: 'read', path, articleId: article, depth });
    for (const depth of [0.25, 0.5]) await beacon('198.51.100.2', { type: 'read', path, articleId: article, depth });
    // Reader 1 also listens to the article's read-aloud to its half.
    for (const depth of [0, 0.25, 0.5]) await beacon('198.51.100.1', { type: 'listen', path, articleId: article, depth });
    // Another article, from social media and by push; reader 4 also comes directly to the home page.
    await beacon('198.51.100.4', { type: 'view', path: `/article/${other}`, articleId: other, referrer: 'https://lm.facebook.com/l.php?u=x' });
    await beacon('198.51.100.5', { type: 'view', path: `/article/${other}?ref=push`, articleId: other });
    await beacon('198.51.100.4', { type: 'view', path: '/' });
    await beacon('198.51.100.6', { type: 'view', path: '/', referrer: 'https://blogg.example/inlagg' });
    // An episode: two begin it, one hears it through.
    await beacon('198.51.100.1', { type: 'view', path: `/podcast/${episode}`, episodeId: episode });
    for (const depth of [0, 0.25, 0.5, 0.75, 1]) await beacon('198.51.100.1', { type: 'listen', path: `/podcast/${episode}`, episodeId: episode, depth });
    for (const depth of [0, 0.25]) await beacon('198.51.100.5', { type: 'listen', path: `/podcast/${episode}`, episodeId: episode, depth });
    // Two subscriptions begun from the article, one completed; one begun with no article.
    const day = stockholmDay();
    const at = new Date().toISOString();
    await server.db('insight_conversions').insert([
      { at, day, kind: 'subscription', stage: 'started', articleId: article }, { at, day, kind: 'pass', stage: 'started', articleId: article },
      { at, day, kind: 'subscription', stage: 'completed', articleId: article }, { at, day, kind: 'subscription', stage: 'started', articleId: null },
    ]);
    await server.services.insight.flush();

    expect(await server.services.insightFigures.rollUp()).toEqual([day]);
    const figures = await report();
    expect(figures.to).toBe(day);
    expect(figures.days).toHaveLength(30);
    expect(figures.days.at(-1)).toEqual({ day, views: 8, readers: 6, listeners: 2, subscriptionsStarted: 3, subscriptionsCompleted: 1 });
    expect(figures.days[0]).toEqual({ day: figures.from, views: 0, readers: 0, listeners: 0, subscriptionsStarted: 0, subscriptionsCompleted: 0 });
    expect(figures.rolledAt).not.toBeNull();
    // The episode page and the home page were opened directly; the view from the site's own page is no way in.
    expect(figures.totals.sources).toEqual({ search: 1, social: 1, newsletter: 1, push: 1, other: 1, direct: 2 });
    expect(figures.totals.read).toEqual({ 25: 2, 50: 2, 75: 1, 100: 1 });
    // Hour by hour for a short period only.
    expect(figures.hours).toEqual([]);
    const hours = (await report(`?from=${day}&to=${day}`)).hours;
    expect(hours.reduce((all, hour) => all + hour.views, 0)).toBe(8);
    expect(hours.every((hour) => /^\d{4}-\d{2}-\d{2}T\d{2}:00:00\.000Z$/.test(hour.hour))).toBe(true);

    expect(figures.articles.map((row) => row.articleId)).toEqual([article, other]);
    expect(figures.articles[0]).toEqual({
      articleId: article, title: 'Färjan, "stormen" och natten', views: 3, readers: 3,
      read: { 25: 2, 50: 2, 75: 1, 100: 1 }, listen: { began: 1, 25: 1, 50: 1, 75: 0, 100: 0 },
      sources: { search: 1, social: 0, newsletter: 1, push: 0, other: 0, direct: 0 },
      subscriptionsStarted: 2, subscriptionsCompleted: 1,
    });
    expect(figures.episodes).toEqual([{ episodeId: episode, title: 'Veckans samtal', views: 1, listen: { began: 2, 25: 2, 50: 1, 75: 1, 100: 1 } }]);

    // The article's own figures, for its editor's panel.
    const own = await report(`?articleId=${article}`);
    expect(own.articleId).toBe(article);
    expect(own.articles).toHaveLength(1);
    expect(own.days.at(-1)).toEqual({ day, views: 3, readers: 3, listeners: 1, subscriptionsStarted: 2, subscriptionsCompleted: 1 });
    expect(own.totals.sources).toEqual({ search: 1, social: 0, newsletter: 1, push: 0, other: 0, direct: 0 });
    expect(own.episodes).toEqual([]);
    expect(own.hours).toEqual([]);
  });

  it('makes a day again until it has ended, keeps its figures after its raw events are gone, and counts a reader anew the next day', async () => {
    // A clock that the test moves: yesterday evening, then today.
    let now = new Date(Date.now() - DAY);
    const clock = () => now;
    const insight = createInsight(server.db, clock);
    const figures = createInsightFigures(server.db, clock);
    const reader = { address: '198.51.100.9', userAgent: UA, fromTheSite: true, siteHost: 'redaktion.example', optedOut: false };
    const yesterday = stockholmDay(now);
    insight.collect({ type: 'view', path: '/news' }, reader);
    await insight.flush();
    expect(await figures.rollUp()).toEqual([yesterday]);

    now = new Date();
    const today = stockholmDay(now);
    insight.collect({ type: 'view', path: '/news' }, reader);
    insight.collect({ type: 'view', path: '/opinion' }, reader);
    await insight.flush();
    // Yesterday was last made before it ended: made once more, then closed.
    expect(await figures.rollUp()).toEqual([yesterday, today]);
    expect(await figures.rollUp()).toEqual([today]);
    const days = await figures.report({ from: yesterday, to: today });
    expect(days.days).toEqual([
      expect.objectContaining({ day: yesterday, views: 1, readers: 1 }),
      expect.objectContaining({ day: today, views: 2, readers: 1 }),
    ]);
    const hashes = await server.db('insight_events').distinct('reader').pluck('reader');
    expect(hashes).toHaveLength(2);

    // Thirty-one days on, the raw events are deleted and the daily figures stay.
    now = new Date(Date.now() + 31 * DAY);
    await insight.purge();
    expect(Number((await server.db('insight_events').count({ n: '*' }).first())?.n)).toBe(0);
    await figures.rollUp();
    expect((await figures.report({ from: yesterday, to: today })).days.map((row) => row.views)).toEqual([1, 2]);
  });

  it('shows who is reading now: readers of the last 5 minutes and their pages, with titles', async () => {
    await beacon('198.51.100.21', { type: 'view', path: `/article/${article}`, articleId: article });
    await beacon('198.51.100.22', { type: 'view', path: `/article/${article}`, articleId: article });
    await beacon('198.51.100.22', { type: 'read', path: `/article/${article}`, articleId: article, depth: 0.25 });
    await beacon('198.51.100.23', { type: 'view', path: '/podcasts' });
    await server.db('insight_events').insert({ at: new Date(Date.now() - 6 * 60_000).toISOString(), day: stockholmDay(), type: 'view', path: '/old', reader: 'f'.repeat(64) });
    await server.services.insight.flush();
    const answer = await staff.get('/api/admin/insights/now');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ minutes: 5, readers: 3 });
    expect(answer.body.pages).toEqual([
      { path: `/article/${article}`, readers: 2, articleId: article, episodeId: null, title: 'Färjan, "stormen" och natten' },
      { path: '/podcasts', readers: 1, articleId: null, episodeId: null, title: null },
    ]);
  });

  it('gives the same figures as a CSV download, the title quoted as CSV quotes it', async () => {
    await beacon('198.51.100.31', { type: 'view', path: `/article/${article}`, articleId: article });
    await server.services.insight.flush();
    await server.services.insightFigures.rollUp();
    const day = stockholmDay();
    const answer = await staff.get(`/api/admin/insights.csv?from=${day}&to=${day}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="redaktion-insights-${day}-${day}.csv"`);
    const lines = answer.text.replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines[0]).toMatch(/^row,day,id,title,views,readers,listeners,read 25%/);
    expect(lines[1]).toBe(`day,${day},,,1,1,0${','.repeat(16)}0,0`);
    expect(lines[2]).toBe(`article,,${article},"Färjan, ""stormen"" och natten",1,1,,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0`);
  });

  it('is for staff only, and answers a period it cannot read with 400 and the reason', async () => {
    expect((await new HttpClient(server.url).get('/api/admin/insights')).status).toBe(401);
    const reader = await signedInUser(server.url, server.db);
    for (const path of ['/api/admin/insights', '/api/admin/insights/now', '/api/admin/insights.csv']) {
      expect((await reader.client.get(path)).status).toBe(403);
    }
    const backwards = await staff.get('/api/admin/insights?from=2026-05-02&to=2026-05-01');
    expect(backwards.status).toBe(400);
    expect(backwards.body.error).toBe('from must be on or before to');
    const tooLong = await staff.get('/api/admin/insights?from=2024-01-01&to=2026-01-01');
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toBe('A period is at most 367 days');
    for (const bad of ['from=2026-02-30', 'to=yesterday', 'articleId=abc']) expect((await staff.get(`/api/admin/insights?${bad}`)).status).toBe(400);
    // A whole year reads.
    expect((await report('?from=2025-11-27&to=2026-11-27')).days).toHaveLength(366);
  });
});

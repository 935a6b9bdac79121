import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../api/test/support/test-server.js';
import { signedInUser } from '../api/test/support/users.js';
import { paidServerFor } from './support/payments.js';
import { createAdminWithCli, signedInContext, until } from './support/admin.js';
import { PHONE, openPage, seededServerAndBrowser } from './support/browser.js';

const env = seededServerAndBrowser();

/**
 * A reader's browser as the server counts it: a headless Chromium names itself HeadlessChrome, which the collection
 * takes for a bot and leaves out (contract §9 [insight]).
 */
const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

type Kept = { type: string; path: string; referrerHost: string | null; articleId: number | null; episodeId: number | null; depth: number | null };

/** What the server kept, once the events waiting in its memory are written. */
async function kept(server: TestServer): Promise<Kept[]> {
  await server.services.insight.flush();
  return (await server.db('insight_events').orderBy('id').select('type', 'path', 'referrerHost', 'articleId', 'episodeId', 'depth')) as Kept[];
}

/** The free article with the longest text: on a phone, several screens of it. */
async function longArticle(server: TestServer): Promise<number> {
  const { id } = (await server.db('articles').where({ status: 'published', premium: false, kind: 'article' })
    .orderByRaw('length(content) desc').first('id')) as { id: number };
  return id;
}

/** Scrolls until the screen's bottom edge is `share` of the way down the article's text. */
const scrollTextTo = (page: Page, share: number) => page.evaluate((to) => {
  const body = document.querySelector('.article-body')!.getBoundingClientRect();
  window.scrollTo(0, window.scrollY + body.top + body.height * to - window.innerHeight);
}, share);

/** The reader moves past the first screen (a little scroll), which is when the figures' chunk loads (from the cache, too). */
async function pastFirstScreen(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollBy(0, 40));
  await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((entry) => /\/assets\/Insight-[\w-]+\.js$/.test(entry.name))), { timeout: 10_000 })
    .toBe(true);
}

/**
 * Reads down an article's text a quarter at a time, to its end, and then up and down once more. Images loading as they
 * come into view may push the end down: the reader scrolls on until the text's end is on screen.
 */
async function readToTheEnd(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.querySelector('.article-body')!.getBoundingClientRect().height / window.innerHeight)).toBeGreaterThan(2);
  for (const share of [0.3, 0.55, 0.8, 1, 0.2]) {
    await scrollTextTo(page, share);
    await page.waitForTimeout(150);
  }
  await expect.poll(async () => {
    await scrollTextTo(page, 1);
    return page.evaluate(() => document.querySelector('.article-body')!.getBoundingClientRect().bottom <= window.innerHeight + 1);
  }).toBe(true);
}

/** Opens an article on a phone, moves past the first screen and reads it to the end. */
async function openAndRead(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('.article-body').waitFor();
  await pastFirstScreen(page);
  await readToTheEnd(page);
}

const readerContext = (options: Parameters<typeof env.browser.newContext>[0] = {}): Promise<BrowserContext> =>
  env.browser.newContext({ ...PHONE, locale: 'en-GB', userAgent: USER_AGENT, baseURL: env.server.url, ...options });

describe('the reader app\'s figures (contract §9 [insight])', () => {
  it('counts a view, each quarter of an article read once, and a view after a link inside the app; Insights shows the reading', async () => {
    const id = await longArticle(env.server);
    const context = await readerContext();
    const { page, errors } = await openPage(context);
    await openAndRead(page, `/article/${id}`);

    const ofArticle = async () => (await kept(env.server)).filter((event) => event.articleId === id && event.path === `/article/${id}`);
    await expect.poll(async () => (await ofArticle()).filter((event) => event.type === 'read').map((event) => event.depth), { timeout: 10_000 })
      .toEqual([0.25, 0.5, 0.75, 1]);
    expect((await ofArticle()).filter((event) => event.type === 'view')).toEqual([
      { type: 'view', path: `/article/${id}`, referrerHost: null, articleId: id, episodeId: null, depth: null },
    ]);

    // The article's category: a link inside the app, whose view names the article's page as its referrer. The server
    // keeps the path without its query.
    await page.locator('.article-header .eyebrow a').click();
    await page.waitForURL(/\/news\?category=/);
    await expect.poll(async () => (await kept(env.server)).filter((event) => event.path === '/news'), { timeout: 10_000 }).toEqual([
      { type: 'view', path: '/news', referrerHost: '127.0.0.1', articleId: null, episodeId: null, depth: null },
    ]);
    expect(errors).toEqual([]);
    await context.close();

    // The job that makes the figures runs (every 5 minutes in the product): an editor sees the reading in Insights.
    await env.server.services.insightFigures.rollUp();
    const editor = { username: 'lasdjup', email: 'lasdjup@redaktion.se', password: 'lasdjupets-losen-2026' };
    await createAdminWithCli(env.server, editor);
    const staff = await signedInContext(env.browser, env.server, editor);
    const admin = await staff.newPage();
    await admin.goto('/admin?tab=insights');
    const { title } = (await env.server.db('articles').where({ id }).first('title')) as { title: string };
    const row = admin.getByRole('region', { name: 'Top articles' }).getByRole('row', { name: new RegExp(title) });
    await until(row);
    // Views, readers, and the one reader at each quarter of the text: 100% each.
    expect((await row.getByRole('cell').allTextContents()).slice(0, 6)).toEqual(['1', '1', '100%', '100%', '100%', '100%']);
    await staff.close();
  });

  it('counts an episode begun and each quarter heard', async () => {
    const episode = (await env.server.db('podcasts').where({ premium: false, status: 'published' }).whereNotNull('audioFile').orderBy('id').first('id')) as { id: number };
    const context = await readerContext();
    const { page, errors } = await openPage(context);
    await page.goto(`/podcast/${episode.id}`);
    await pastFirstScreen(page);
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    // The demo's episodes last 35 s: heard at four times the speed, the test waits less.
    await expect.poll(() => page.locator('audio').evaluate((audio: HTMLAudioElement) => !audio.paused)).toBe(true);
    await page.locator('audio').evaluate((audio: HTMLAudioElement) => { audio.playbackRate = 4; });

    const listened = async () => (await kept(env.server)).filter((event) => event.episodeId === episode.id);
    await expect.poll(async () => (await listened()).filter((event) => event.type === 'listen').map((event) => event.depth), { timeout: 30_000 })
      .toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect((await listened()).filter((event) => event.type === 'view').map((event) => event.path)).toEqual([`/podcast/${episode.id}`]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends nothing at all from a browser with Global Privacy Control', async () => {
    const id = await longArticle(env.server);
    const before = (await kept(env.server)).length;
    const context = await readerContext();
    await context.addInitScript(() => Object.defineProperty(navigator, 'globalPrivacyControl', { value: true }));
    const { page, errors } = await openPage(context);
    const beacons: string[] = [];
    page.on('request', (request) => { if (request.url().endsWith('/api/collect')) beacons.push(request.postData() ?? ''); });

    await openAndRead(page, `/article/${id}`);
    await page.locator('.article-header .eyebrow a').click();
    await page.waitForURL(/\/news\?category=/);
    await page.waitForTimeout(1000);
    expect(beacons).toEqual([]);
    expect(await kept(env.server)).toHaveLength(before);
    expect(errors).toEqual([]);
    await context.close();
  });

  describe('with payments (a local stand-in for Stripe\'s API)', () => {
    let paid: TestServer;
    paidServerFor((server) => { paid = server; });

    it('counts a subscription begun on /subscribe, from the article the reader came from', async () => {
      const id = await longArticle(paid);
      const reader = await signedInUser(paid.url, paid.db);
      const context = await readerContext({ baseURL: paid.url });
      await context.addCookies([...reader.client.cookies].map(([name, value]) => ({ name, value, url: paid.url })));
      const { page, errors } = await openPage(context);
      await page.goto(`/subscribe?returnTo=${encodeURIComponent(`/article/${id}`)}`);
      await page.getByRole('checkbox', { name: /access at once/ }).check();
      await page.getByRole('button', { name: /Choose Yearly/ }).click();
      await expect.poll(() => page.locator('[data-client-secret]').getAttribute('data-client-secret')).toMatch(/^pi_\w+_secret_/);
      await expect.poll(async () => (await kept(paid)).filter((event) => event.type === 'subscribe_start'), { timeout: 10_000 }).toEqual([
        { type: 'subscribe_start', path: '/subscribe', referrerHost: null, articleId: id, episodeId: null, depth: null },
      ]);
      expect(errors).toEqual([]);
      await context.close();
    });
  });

  describe('where the publisher asks first (INSIGHT_CONSENT=1)', () => {
    let server: TestServer;
    beforeAll(async () => { server = await startTestServer({ seed: true, env: { INSIGHT_CONSENT: '1' } }); });
    afterAll(async () => { await server?.close(); });

    it('asks once, counts nothing after a no, and counts from the page the reader is on after a yes', async () => {
      const id = await longArticle(server);
      const declining = await readerContext({ baseURL: server.url });
      const { page, errors } = await openPage(declining);
      await page.goto(`/article/${id}`);
      await pastFirstScreen(page);
      const notice = page.getByRole('region', { name: 'Count my visits anonymously?' });
      await notice.waitFor();
      // The privacy page says what is counted; the question waits there.
      await notice.getByRole('link', { name: 'How we do it (privacy policy)' }).click();
      await page.getByRole('heading', { name: 'Visit figures without tracking' }).waitFor();
      await notice.getByRole('button', { name: 'No' }).click();
      await expect.poll(() => notice.count()).toBe(0);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
      await openAndRead(page, `/article/${id}`);
      await page.waitForTimeout(1000);
      expect(await kept(server)).toEqual([]);
      // Asked once: the answer is remembered on the device.
      await page.reload();
      await pastFirstScreen(page);
      await page.waitForTimeout(500);
      expect(await notice.count()).toBe(0);
      expect(await kept(server)).toEqual([]);
      expect(errors).toEqual([]);
      await declining.close();

      const agreeing = await readerContext({ baseURL: server.url, locale: 'sv-SE' });
      const reader = await openPage(agreeing);
      await reader.page.goto(`/article/${id}`);
      await pastFirstScreen(reader.page);
      await reader.page.getByRole('region', { name: 'Får vi räkna dina besök anonymt?' }).getByRole('button', { name: 'Ja' }).click();
      await expect.poll(async () => (await kept(server)).filter((event) => event.type === 'view'), { timeout: 10_000 }).toEqual([
        { type: 'view', path: `/article/${id}`, referrerHost: null, articleId: id, episodeId: null, depth: null },
      ]);
      await readToTheEnd(reader.page);
      await expect.poll(async () => (await kept(server)).filter((event) => event.type === 'read').map((event) => event.depth), { timeout: 10_000 })
        .toEqual([0.25, 0.5, 0.75, 1]);
      expect(reader.errors).toEqual([]);
      await agreeing.close();
    });
  });
});

import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, openPage, seededServerAndBrowser } from './support/browser.js';

const env = seededServerAndBrowser();
let ids: { article: number; premium: number; episode: number; series: number; person: number; video: string };

beforeAll(async () => {
  const first = async (table: string, where: Record<string, unknown> = {}) => (await env.server.db(table).where(where).orderBy('id').first()) as Record<string, unknown>;
  ids = {
    article: Number((await first('articles', { premium: false })).id),
    premium: Number((await first('articles', { premium: true })).id),
    episode: Number((await first('podcasts', { premium: false, kind: 'episode' })).id),
    series: Number((await first('podcast_series')).id),
    person: Number((await first('people_profiles')).id),
    video: String((await first('custom_videos')).slug),
  };
});

/** Every reader route (a path from the seeded ids) and what shows once it is on screen. */
const ROUTES: [name: string, path: () => string, selector: string][] = [
  ['home', () => '/', 'h1'], ['home with the lead article', () => '/?hero=article', 'article'], ['news', () => '/news', 'h1'],
  ['a news category', () => '/news?category=politics', 'h1'], ['opinion', () => '/opinion', 'h1'],
  ['an article', () => `/article/${ids.article}`, 'h1'], ['a video', () => `/watch/${ids.video}`, 'h1'], ['podcasts', () => '/podcasts', 'h1'],
  ['an episode', () => `/podcast/${ids.episode}`, 'h1'], ['a series', () => `/podcast-series/${ids.series}`, 'h1'], ['people', () => '/people', 'h1'],
  ['a person', () => `/people/${ids.person}`, 'h1'], ['search', () => '/search?q=klimat', 'h1'], ['subscribe', () => '/subscribe', 'h1'],
  ['sign-in', () => '/auth', 'h1, [role=tablist]'], ['forgot password', () => '/forgot-password', 'h1'], ['reset password', () => '/reset-password', 'h1'],
  ['privacy', () => '/privacy', 'h1'], ['terms', () => '/terms', 'h1'], ['cookies', () => '/cookies', 'h1'],
  ['the reading list', () => '/dashboard/reading-list', 'h1'], ['downloaded podcasts', () => '/dashboard/podcasts', 'h1'],
];

// One test per route and device, so that a slow machine spends each test's time limit on one page, not on forty-four.
describe.each([['phone', PHONE], ['desktop', DESKTOP]] as const)('every reader route on a %s', (_name, device) => {
  let context: BrowserContext;
  let opened: { page: Page; errors: string[] };
  beforeAll(async () => {
    context = await env.browser.newContext({ ...device, locale: 'sv-SE' });
    opened = await openPage(context);
  });
  afterAll(async () => { await context?.close(); });

  it.each(ROUTES)('%s: server-rendered with status 200, hydrated without errors, passes axe', async (_route, path, selector) => {
    const { page, errors } = opened;
    const before = errors.length;
    const response = await page.goto(env.server.url + path(), { waitUntil: 'load' });
    expect(response?.status(), path()).toBe(200);
    await expect.poll(() => page.locator(selector).first().isVisible(), { timeout: 10_000 }).toBe(true);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${path()}: ${v.id} ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
    expect(errors.slice(before)).toEqual([]);
  });
});

describe('unknown routes and page heads', () => {
  it('answers unknown paths and unknown subjects with status 404 and a not-found page', async () => {
    const context = await env.browser.newContext(DESKTOP);
    const { page } = await openPage(context);
    for (const path of ['/finns-inte', '/article/999999', '/podcast/999999', '/podcast-series/999999', '/people/999999']) {
      const response = await page.goto(env.server.url + path);
      expect(response?.status(), path).toBe(404);
      await expect.poll(() => page.locator('h1').first().textContent()).toBeTruthy();
    }
    await context.close();
  });

  it('carries the title, description, canonical URL and Open Graph image of an article in its HTML', async () => {
    const html = await (await fetch(`${env.server.url}/article/${ids.article}`)).text();
    const title = String((await env.server.db('articles').where({ id: ids.article }).first()).title);
    expect(html).toContain(`<title>${title.replace(/&/g, '&amp;')} – Redaktion</title>`);
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/uploads\//);
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/article\/\d+">/);
  });

  it('locks a premium article for readers, in the HTML too', async () => {
    const html = await (await fetch(`${env.server.url}/article/${ids.premium}`)).text();
    const content = String((await env.server.db('articles').where({ id: ids.premium }).first()).content);
    expect(html).not.toContain(content.split('\n\n')[1]!.slice(0, 60));
    expect(html).toMatch(/paywall/);
  });
});

describe('reading in two languages and two themes', () => {
  it('follows the browser language first, and the reader can switch language and dark mode in settings', async () => {
    const context = await env.browser.newContext({ ...DESKTOP, locale: 'en-GB' });
    const { page, errors } = await openPage(context);
    await page.goto(`${env.server.url}/`);
    await expect.poll(() => page.locator('.main-nav').textContent()).toContain('Podcasts');
    // Settings are a signed-in page (contract.md §6): register first, through the form.
    await page.goto(`${env.server.url}/auth?returnTo=/dashboard/settings`);
    await page.getByRole('tab', { name: 'Register' }).click();
    const form = page.locator('[role=tabpanel]:visible');
    await form.getByLabel('Username', { exact: true }).fill('sprakbyte');
    await form.getByLabel('E-mail', { exact: true }).fill('sprakbyte@example.se');
    await form.getByLabel('Password', { exact: true }).fill('lösenord123');
    await form.getByLabel('Confirm password').fill('lösenord123');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/dashboard/settings');
    await page.getByLabel('Language').selectOption('sv');
    await expect.poll(() => page.locator('.main-nav').textContent()).toContain('Poddar');
    await page.getByRole('switch', { name: /Mörkt läge/ }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    // The choice survives a reload, rendered by the server the same way.
    await page.reload();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dataset.theme])).toEqual(['sv', 'dark']);
    expect(errors).toEqual([]);
    await context.close();
  });
});

import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, focused, openBeforeHydration, openPage, seededServerAndBrowser } from './support/browser.js';

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
  ['the accessibility statement', () => '/tillganglighet', 'h1'],
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

/** Waits until the app has taken over the server's HTML (React's props are on its elements): keys reach it from then on. */
const hydrated = (page: Page) => page.waitForFunction(() => Object.keys(document.querySelector('.site-header') ?? {}).some((key) => key.startsWith('__reactProps')));

describe('finding one’s way by keyboard', () => {
  it('skips past the ads above an article to its heading', async () => {
    const context = await env.browser.newContext({ ...DESKTOP, locale: 'sv-SE' });
    const { page, errors } = await openPage(context);
    await page.goto(`${env.server.url}/article/${ids.article}`);
    await hydrated(page);
    const title = String((await env.server.db('articles').where({ id: ids.article }).first()).title);
    // The seeded banner and article-top ads stand between the top of <main> and the article.
    await expect.poll(() => page.locator('main .ad-article-top a').count()).toBe(1);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('a: Hoppa till innehållet');
    await page.keyboard.press('Enter');
    expect(await focused(page)).toBe(`h1: ${title}`);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('.ad') ?? null)).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('announces a page reached in the app and starts the keyboard at its heading, but leaves the first page alone', async () => {
    const context = await env.browser.newContext({ ...DESKTOP, locale: 'sv-SE' });
    const { page, errors } = await openPage(context);
    await page.goto(`${env.server.url}/`);
    await hydrated(page);
    const announcer = page.locator('#root > p[aria-live=polite]');
    expect(await focused(page)).toBe('body');
    expect(await announcer.textContent()).toBe('');

    await page.locator('.main-nav').getByRole('link', { name: 'Nyheter' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('h1: Nyheter');
    // The live region is React's to render: it says the title in the render after focus moved, not in the same task.
    await expect.poll(() => announcer.textContent()).toBe('Nyheter – Redaktion');

    // A page whose data is not read yet: focus waits for its heading.
    await page.locator('.main-nav').getByRole('link', { name: 'Människor' }).click();
    await expect.poll(() => focused(page)).toBe('h1: Ledande röster');
    await expect.poll(() => announcer.textContent()).toBe('Ledande röster – Redaktion');
    expect(await page.title()).toBe('Ledande röster – Redaktion');
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('stops waiting for a page\'s heading after ten seconds: one that comes later does not take the reader\'s focus', async () => {
    const context = await env.browser.newContext({ ...DESKTOP, locale: 'sv-SE', serviceWorkers: 'block' });
    const { page, errors } = await openPage(context);
    let release!: () => void;
    const chunk = new Promise<void>((resolve) => { release = resolve; });
    await page.route(/\/assets\/People-[^/]+\.js$/, async (route) => {
      await chunk;
      await route.continue();
    });
    await page.goto(`${env.server.url}/`);
    await hydrated(page);
    await page.locator('.main-nav').getByRole('link', { name: 'Människor' }).click();
    await page.waitForTimeout(11_000);
    release();
    await page.getByRole('heading', { level: 1, name: 'Ledande röster' }).waitFor();
    await page.waitForTimeout(500);
    expect(await focused(page)).toBe('a: Människor');
    expect(await page.locator('#root > p[aria-live=polite]').textContent()).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps Tab inside the open phone menu, and Escape closes it and returns to its button', async () => {
    const context = await env.browser.newContext({ ...PHONE, locale: 'sv-SE' });
    const { page, errors } = await openPage(context);
    await page.goto(`${env.server.url}/`);
    await hydrated(page);
    const button = page.getByRole('button', { name: 'Meny' });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#mobile-menu').isVisible()).toBe(true);
    const links = await page.locator('#mobile-menu a').count();
    for (let press = 0; press < links + 2; press += 1) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('main, footer, .footer-ad') ?? null), `Tab ${press + 1}`).toBeNull();
    }
    expect(await page.locator('main').getAttribute('inert')).toBe('');

    await page.locator('#mobile-menu a').first().focus();
    await page.keyboard.press('Escape');
    expect(await page.locator('#mobile-menu').count()).toBe(0);
    expect(await focused(page)).toBe('button: Meny');
    expect(await page.locator('main').getAttribute('inert')).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a tap before the page is interactive', () => {
  it('saves the article and opens the menu pressed before hydration, each once, and shows them waiting till then', async () => {
    const { title } = (await env.server.db('articles').where({ id: ids.article }).first()) as { title: string };
    const context = await env.browser.newContext({ ...PHONE, locale: 'en-GB' });
    const { page, errors, hydrate } = await openBeforeHydration(context, `${env.server.url}/article/${ids.article}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const save = page.getByRole('button', { name: `Save for offline: ${title}` });
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    await save.click();
    // Pressed twice because nothing seemed to happen: the menu opens, not opens and closes again.
    await menu.click();
    await menu.click();
    expect([await save.getAttribute('aria-busy'), await menu.getAttribute('aria-busy')]).toEqual(['true', 'true']);

    hydrate();
    const saved = page.getByRole('button', { name: `Remove from saved: ${title}` });
    await expect.poll(() => saved.getAttribute('aria-pressed'), { timeout: 20_000 }).toBe('true');
    expect(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    expect(await saved.getAttribute('aria-busy')).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signs up for the newsletter with the address typed and Subscribe pressed before hydration', async () => {
    const context = await env.browser.newContext({ ...PHONE, locale: 'en-GB' });
    const { page, errors, hydrate } = await openBeforeHydration(context, `${env.server.url}/opinion`);
    const form = page.getByRole('contentinfo').locator('form');
    await form.getByLabel('Your e-mail address').fill('tidig@example.se');
    await form.getByRole('button', { name: 'Subscribe' }).click();

    hydrate();
    await expect.poll(() => form.getByRole('status').textContent(), { timeout: 20_000 })
      .toBe('Almost done: open the link we just e-mailed to confirm your address.');
    expect(await form.getByLabel('Your e-mail address').inputValue()).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });

  // The page's inline script lets go after 15 s without the app, or at once when the app's script fails to load.
  it.each([
    ['fail to load', (failScripts: () => void) => failScripts(), 5_000],
    ['never arrive', () => undefined, 20_000],
  ] as const)('stops holding a pressed button when the app\'s scripts %s, and holds no later press', async (_case, scripts, bound) => {
    const context = await env.browser.newContext({ ...PHONE, locale: 'en-GB' });
    const { page, failScripts } = await openBeforeHydration(context, `${env.server.url}/article/${ids.article}`);
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    await menu.click();
    expect(await menu.getAttribute('aria-busy')).toBe('true');

    scripts(failScripts);
    await expect.poll(() => menu.getAttribute('aria-busy'), { timeout: bound }).toBeNull();
    await menu.click();
    expect(await menu.getAttribute('aria-busy')).toBeNull();
    await context.close();
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
    // Link previews get the upload's raster copy (ADR 17): crawlers do not take the demo's SVG.
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/media\/og\/[^"]+\.jpg"/);
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

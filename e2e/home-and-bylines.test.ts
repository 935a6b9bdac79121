import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestServer, type TestServer } from '../api/test/support/test-server.js';
import { createAdminWithCli, signedInContext } from './support/admin.js';
import { DESKTOP, PHONE, launchBrowser, openPage, seededServerAndBrowser } from './support/browser.js';

const env = seededServerAndBrowser();

describe('the home pages', () => {
  it("leads the alternative home with today's article and Read Full Story", async () => {
    const context = await env.browser.newContext({ ...DESKTOP, locale: 'en-GB' });
    const { page, errors } = await openPage(context);
    await page.goto(`${env.server.url}/?hero=article`);
    const lead = page.locator('.lead-story');
    // The file's first page on a cold server: wait for what the reader waits for, however long a busy machine takes.
    await lead.getByRole('heading', { level: 1 }).waitFor({ timeout: 0 });
    const title = (await lead.getByRole('heading', { level: 1 }).textContent())!;
    expect(await lead.getByText("Today's lead", { exact: false }).count()).toBe(1);
    await lead.getByRole('link', { name: 'Read Full Story' }).click();
    await page.waitForURL(/\/article\/\d+$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers staff the floating add button, which opens the channel-video dialog over the home page', async () => {
    await createAdminWithCli(env.server, { username: 'hemredaktor', email: 'hem@redaktion.se', password: 'ett långt lösenord' });
    const context = await signedInContext(env.browser, env.server, { username: 'hemredaktor', password: 'ett långt lösenord' });
    const { page, errors } = await openPage(context);
    await page.goto('/');
    await page.getByRole('button', { name: 'Fetch channel videos' }).click();
    const dialog = page.getByRole('dialog', { name: 'YouTube Channel Integration' });
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: /fetch/i }).first().isDisabled()).toBe(true);
    expect(page.url()).toBe(`${env.server.url}/`);
    expect(errors).toEqual([]);
    await context.close();

    const reader = await env.browser.newContext({ ...DESKTOP, locale: 'en-GB' });
    const { page: readerPage } = await openPage(reader);
    await readerPage.goto(env.server.url);
    expect(await readerPage.getByRole('button', { name: 'Fetch channel videos' }).count()).toBe(0);
    await reader.close();
  });
});

describe('bylines', () => {
  it("link to the journalist of that name, whose bio fills the author box and whose page lists their articles", async () => {
    const journalist = (await env.server.db('journalists').whereNot('status', 'inactive').whereNotNull('bio').first('id', 'name', 'bio')) as { id: number; name: string; bio: string };
    const article = (await env.server.db('articles').where({ author: journalist.name, status: 'published', premium: false }).first('id')) as { id: number };
    const context = await env.browser.newContext({ ...DESKTOP, locale: 'en-GB' });
    const { page, errors } = await openPage(context);
    await page.goto(`${env.server.url}/article/${article.id}`);
    const box = page.getByRole('complementary', { name: 'About the author' });
    await expect.poll(() => box.textContent()).toContain(journalist.bio.slice(0, 40));
    await page.locator('.article-header').getByRole('link', { name: `By ${journalist.name}` }).click();
    await page.waitForURL(new RegExp(`/journalists/${journalist.id}$`));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(journalist.name);
    await expect.poll(() => page.getByRole('heading', { name: `Articles by ${journalist.name}` }).count()).toBe(1);
    await expect.poll(() => page.locator('main .article-card').count()).toBeGreaterThan(0);
    expect((await page.request.get(`${env.server.url}/journalists/99999`)).status()).toBe(404);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the watch page', () => {
  it('answers an unknown slug with 404, and a YouTube id on a site without YouTube with Video Not Available', async () => {
    const context = await env.browser.newContext({ ...DESKTOP, locale: 'en-GB' });
    const { page } = await openPage(context);
    expect((await page.goto(`${env.server.url}/watch/finns-inte`))!.status()).toBe(404);
    expect(await page.getByRole('heading', { name: 'Video Not Found' }).count()).toBe(1);
    expect((await page.goto(`${env.server.url}/watch/dQw4w9WgXcQ`))!.status()).toBe(200);
    await expect.poll(() => page.getByText('Video Not Available').count()).toBe(1);
    expect(await page.locator('iframe').count()).toBe(0);
    await context.close();
  });
});

describe('a site without videos', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => { [server, browser] = await Promise.all([startTestServer(), launchBrowser()]); });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('leads the home page with the two built-in videos', async () => {
    const context = await browser.newContext({ ...DESKTOP, locale: 'en-GB' });
    const { page, errors } = await openPage(context);
    await page.goto(server.url);
    const hero = page.getByRole('region', { name: 'Featured videos' });
    expect(await hero.getByRole('heading', { level: 1 }).textContent()).toBe('Behind the newsroom');
    expect(await hero.locator('video').getAttribute('src')).toBe('/media/hero/bakom-redaktionen.webm');
    await expect.poll(() => hero.locator('video').evaluate((video: HTMLVideoElement) => video.readyState)).toBeGreaterThanOrEqual(1);
    await hero.getByRole('button', { name: 'Show video 2' }).click();
    expect(await hero.getByRole('heading', { level: 1 }).textContent()).toBe('The climate in numbers');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a phone that saves data the poster, never the video', async () => {
    const context = await browser.newContext({ ...PHONE, locale: 'en-GB' });
    await context.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }));
    const { page, errors } = await openPage(context);
    const videos: string[] = [];
    page.on('request', (request) => request.url().endsWith('.webm') && videos.push(request.url()));
    await page.goto(server.url);
    const hero = page.getByRole('region', { name: 'Featured videos' });
    await hero.locator('img[src="/media/hero/bakom-redaktionen.jpg"]').waitFor();
    // Hydrated and past the first screen: still no video element, and no video fetched.
    await page.getByRole('button', { name: 'Show video 2' }).click();
    await hero.locator('img[src="/media/hero/klimatet-i-siffror.jpg"]').waitFor();
    expect(await hero.locator('video').count()).toBe(0);
    expect(videos).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { Library } from '@redaktion/shared';
import { DESKTOP, openPage, seededServerAndBrowser } from './support/browser.js';

const env = seededServerAndBrowser();

type Row = { id: number; title: string };
type EpisodeRow = Row & { seriesId: number; publishedAt: string | Date };

/** A reader's device: a browser context with its own storage, signed in to the account (registered on the first). */
async function device(username: string, { register = false, locale = 'en-GB', serviceWorkers = 'allow' as 'allow' | 'block' } = {}): Promise<BrowserContext> {
  const login = { username, password: `${username}-losenord-2026` };
  const context = await env.browser.newContext({ ...DESKTOP, locale, baseURL: env.server.url, serviceWorkers });
  const response = register
    ? await context.request.post('/api/register', { data: { ...login, email: `${username}@example.se` } })
    : await context.request.post('/api/login', { data: login });
  expect(response.ok()).toBe(true);
  return context;
}

const library = async (context: BrowserContext) => (await (await context.request.get('/api/me/library')).json()) as Library;

/**
 * The reader presses a key once the page is on screen: past the first screen, the app syncs its library now (a reader
 * who does nothing waits ten seconds for it).
 */
async function pastFirstScreen(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.keyboard.press('Shift');
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} ${v.nodes[0]?.target.join(' ')}`);
}

describe("the reader's library on the dashboard", () => {
  it('shows a followed series with its new episode, a download with its size, and how far an episode was heard', async () => {
    const episodes = (await env.server.db('podcasts').where({ status: 'published', premium: false }).whereNotNull('seriesId')
      .whereNotNull('audioFile').orderBy('publishedAt', 'desc').select('id', 'title', 'seriesId', 'publishedAt')) as EpisodeRow[];
    const time = (episode: EpisodeRow) => new Date(episode.publishedAt).getTime();
    // Two episodes of a series, one after the other: followed in between, the later is new and the earlier is not.
    const bySeries = new Map<number, EpisodeRow[]>();
    for (const episode of episodes) bySeries.set(episode.seriesId, [...(bySeries.get(episode.seriesId) ?? []), episode]);
    const [latest, earlier] = [...bySeries.values()].find((list) => list.length >= 2 && time(list[0]!) > time(list[1]!))!;
    const series = (await env.server.db('podcastSeries').where({ id: latest!.seriesId }).first('id', 'title')) as Row;
    const [downloaded, played] = episodes.filter((episode) => episode.seriesId !== series.id);

    const phone = await device('lyssnaren', { register: true });
    // Followed on another device, in between the two episodes.
    const laptop = await device('lyssnaren');
    const followedAt = new Date((time(latest!) + time(earlier!)) / 2).toISOString();
    const followed = await laptop.request.patch('/api/me/library', {
      data: { now: new Date().toISOString(), changes: [{ type: 'follow', seriesId: series.id, at: followedAt }] },
    });
    expect(followed.status()).toBe(200);

    const { page, errors } = await openPage(phone);
    await page.goto(`/podcast/${downloaded!.id}`);
    await page.getByRole('button', { name: `Save episode for offline listening: ${downloaded!.title}` }).click();
    await page.getByRole('button', { name: `Delete download: ${downloaded!.title}` }).waitFor();

    await page.goto(`/podcast/${played!.id}`);
    const audio = page.locator('audio');
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.readyState)).toBeGreaterThanOrEqual(1);
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime)).toBeGreaterThan(0.5);
    await page.getByRole('slider', { name: 'Seek' }).fill('50');
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    // Written down on the phone and sent to the account.
    await expect.poll(async () => (await library(phone)).positions.find((item) => item.episodeId === played!.id)?.seconds ?? 0, { timeout: 15_000 })
      .toBeGreaterThan(0);

    await page.goto('/dashboard/podcasts');
    await pastFirstScreen(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('My podcasts');
    expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual(expect.arrayContaining(['Up Next', 'Series you follow', 'Downloads', 'Listening history']));

    const following = page.getByRole('region', { name: 'Series you follow' });
    await following.getByRole('link', { name: series.title, exact: true }).waitFor({ timeout: 15_000 });
    expect(await following.getByRole('link', { name: series.title, exact: true }).getAttribute('href')).toBe(`/podcast-series/${series.id}`);
    const fresh = following.getByRole('list', { name: `New episodes of ${series.title}` });
    await fresh.getByRole('link', { name: latest!.title, exact: true }).waitFor();
    expect(await fresh.getByRole('link', { name: earlier!.title, exact: true }).count()).toBe(0);

    const downloads = page.getByRole('region', { name: 'Downloads' });
    const item = downloads.getByRole('listitem').filter({ has: page.getByRole('link', { name: downloaded!.title, exact: true }) });
    await expect.poll(() => item.textContent()).toMatch(/ · [\d.,]+ (B|KB|MB) · /);
    await expect.poll(() => downloads.textContent()).toMatch(/used of .* available on this device/);

    const history = page.getByRole('region', { name: 'Listening history' });
    const heard = history.getByRole('listitem').filter({ has: page.getByRole('link', { name: played!.title, exact: true }) });
    const progress = heard.getByRole('progressbar');
    await progress.waitFor();
    expect(await progress.getAttribute('aria-label')).toMatch(/: \d+ of \d+ min$/);
    expect((await progress.getAttribute('aria-label'))!.startsWith(`${played!.title}: `)).toBe(true);
    expect(await progress.evaluate((element: HTMLProgressElement) => element.value)).toBeGreaterThan(0);
    // The downloaded episode was never played: not in the history.
    expect(await history.getByRole('link', { name: downloaded!.title, exact: true }).count()).toBe(0);

    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await phone.close();
    await laptop.close();
  });

  it("shows a second device's reading list with the article the first saved, not kept there until the sync brings it", async () => {
    const article = (await env.server.db('articles').where({ status: 'published', premium: false }).orderBy('id').first('id', 'title')) as Row;
    const phone = await device('bokmarkaren', { register: true });
    const { page, errors } = await openPage(phone);
    await page.goto(`/article/${article.id}`);
    await page.getByRole('button', { name: `Save for offline: ${article.title}` }).click();
    await page.getByRole('button', { name: `Remove from saved: ${article.title}` }).waitFor();
    await expect.poll(async () => (await library(phone)).readingList.map((item) => item.articleId), { timeout: 15_000 }).toContain(article.id);

    await page.goto('/dashboard/reading-list');
    const kept = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: article.title, exact: true }) });
    await expect.poll(() => kept.textContent()).toContain('Kept on this device');

    // The laptop (in Swedish; its requests seen by the test, not a service worker) cannot fetch the article the first
    // time its library syncs: the account lists it, the device does not keep it yet.
    const laptop = await device('bokmarkaren', { locale: 'sv-SE', serviceWorkers: 'block' });
    const other = await openPage(laptop);
    await other.page.route(`**/api/articles/${article.id}`, (route) => route.abort(), { times: 1 });
    await other.page.goto('/dashboard/reading-list');
    await pastFirstScreen(other.page);
    const listed = other.page.getByRole('listitem').filter({ has: other.page.getByRole('link', { name: article.title, exact: true }) });
    await expect.poll(() => listed.textContent(), { timeout: 15_000 }).toContain('Inte på den här enheten än');
    expect(await listed.getByRole('link', { name: article.title, exact: true }).getAttribute('href')).toBe(`/article/${article.id}`);
    expect(await seriousViolations(other.page)).toEqual([]);

    // Opened again, the sync keeps it.
    await other.page.reload();
    await pastFirstScreen(other.page);
    await expect.poll(() => listed.textContent(), { timeout: 15_000 }).toContain('Finns på den här enheten');
    expect(await other.page.getByRole('link', { name: article.title, exact: true }).count()).toBe(1);
    expect(errors).toEqual([]);
    expect(other.errors.filter((error) => !/ERR_FAILED|Failed to fetch/.test(error))).toEqual([]);
    await phone.close();
    await laptop.close();
  });
});

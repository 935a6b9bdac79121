import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import type { Library } from '@redaktion/shared';
import { signedInContext } from './support/admin.js';
import { DESKTOP, openPage, seededServerAndBrowser, serviceWorkerActivated } from './support/browser.js';
import type { TestServer } from '../api/test/support/test-server.js';

const env = seededServerAndBrowser();

type Row = { id: number; title: string };

/** One reader on two devices: each browser context is a device with its own storage and its own session. */
async function twoDevices(browser: Browser, server: TestServer, username: string): Promise<[BrowserContext, BrowserContext]> {
  const login = { username, password: `${username}-losenord-2026` };
  const phone = await browser.newContext({ ...DESKTOP, locale: 'en-GB', baseURL: server.url });
  const registered = await phone.request.post('/api/register', { data: { ...login, email: `${username}@example.se` } });
  expect(registered.status()).toBe(201);
  return [phone, await signedInContext(browser, server, login)];
}

const library = async (context: BrowserContext) => (await (await context.request.get('/api/me/library')).json()) as Library;
const listed = async (context: BrowserContext) => (await library(context)).readingList.map((item) => item.articleId);

describe('the library across devices', () => {
  it('resumes an episode on the laptop where the phone left it', async () => {
    const episode = (await env.server.db('podcasts').where({ status: 'published', premium: false }).whereNotNull('audio_file')
      .orderBy('id').first('id', 'title')) as Row;
    const [phone, laptop] = await twoDevices(env.browser, env.server, 'pendlaren');

    const { page, errors } = await openPage(phone);
    await page.goto(`/podcast/${episode.id}`);
    const audio = page.locator('audio');
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.readyState)).toBeGreaterThanOrEqual(1);
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime)).toBeGreaterThan(0.5);
    await page.getByRole('slider', { name: 'Seek' }).fill('50');
    const duration = await audio.evaluate((element: HTMLAudioElement) => element.duration);
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime)).toBeGreaterThanOrEqual(duration / 2 - 1);
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    const leftAt = await audio.evaluate((element: HTMLAudioElement) => element.currentTime);
    // The phone sends it on its own, a moment after the pause.
    await expect.poll(async () => (await library(phone)).positions.find((item) => item.episodeId === episode.id)?.seconds, { timeout: 15_000 })
      .toBeCloseTo(leftAt, 0);

    const other = await openPage(laptop);
    await other.page.goto(`/podcast/${episode.id}`);
    await expect.poll(() => other.page.getByText('Continuing where you left off').count()).toBe(1);
    expect(await other.page.locator('audio').evaluate((element: HTMLAudioElement) => element.currentTime)).toBeCloseTo(leftAt, 0);
    expect([...errors, ...other.errors]).toEqual([]);
    await phone.close();
    await laptop.close();
  });

  it('brings a save made offline to the other device once back online, and never lets it undo a newer removal', async () => {
    const [kept, contested] = (await env.server.db('articles').where({ status: 'published', premium: false })
      .orderBy('id').limit(2).select('id', 'title')) as Row[];
    const [phone, laptop] = await twoDevices(env.browser, env.server, 'tunnelbanan');

    const { page, errors } = await openPage(phone);
    await page.goto('/');
    await serviceWorkerActivated(page);
    await page.reload();
    await page.goto(`/article/${contested!.id}`);
    await page.getByRole('button', { name: `Save for offline: ${contested!.title}` }).waitFor();
    await page.goto(`/article/${kept!.id}`);
    const saveKept = page.getByRole('button', { name: `Save for offline: ${kept!.title}` });
    await saveKept.waitFor();

    // In the tunnel: both saves wait on the phone.
    await phone.setOffline(true);
    await saveKept.click();
    await page.getByRole('button', { name: `Remove from saved: ${kept!.title}` }).waitFor();
    await page.goto(`/article/${contested!.id}`);
    await page.getByRole('button', { name: `Save for offline: ${contested!.title}` }).click();
    await page.getByRole('button', { name: `Remove from saved: ${contested!.title}` }).waitFor();

    // Later, on the laptop, the reader saves the contested article and then removes it.
    const other = await openPage(laptop);
    await other.page.goto(`/article/${contested!.id}`);
    await other.page.getByRole('button', { name: `Save for offline: ${contested!.title}` }).click();
    await expect.poll(() => listed(laptop), { timeout: 15_000 }).toContain(contested!.id);
    await other.page.getByRole('button', { name: `Remove from saved: ${contested!.title}` }).click();
    await expect.poll(() => listed(laptop), { timeout: 15_000 }).not.toContain(contested!.id);

    // Out of the tunnel: the phone's save of `kept` lands; its older save of `contested` loses to the removal.
    await phone.setOffline(false);
    await expect.poll(() => listed(laptop), { timeout: 15_000 }).toContain(kept!.id);
    expect(await listed(laptop)).not.toContain(contested!.id);
    // The phone takes the account's word: the contested article is no longer saved there.
    await page.getByRole('button', { name: `Save for offline: ${contested!.title}` }).waitFor({ timeout: 15_000 });
    await page.goto('/dashboard/reading-list');
    await expect.poll(() => page.getByRole('link', { name: kept!.title, exact: true }).count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => page.getByRole('link', { name: contested!.title, exact: true }).count(), { timeout: 15_000 }).toBe(0);

    // The laptop's reading list has it too (applied when the app opens there), kept to read offline.
    await other.page.goto('/dashboard/reading-list');
    await expect.poll(() => other.page.getByRole('link', { name: kept!.title, exact: true }).count(), { timeout: 20_000 }).toBe(1);
    expect(await other.page.getByRole('link', { name: contested!.title, exact: true }).count()).toBe(0);
    expect(errors.filter((error) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|NetworkError/.test(error))).toEqual([]);
    expect(other.errors).toEqual([]);
    await phone.close();
    await laptop.close();
  });
});

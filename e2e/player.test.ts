import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, openBeforeHydration, openPage, seededServerAndBrowser } from './support/browser.js';

const env = seededServerAndBrowser();

describe('the episode player', () => {
  it('plays a real episode, skips 15 s, seeks, and shows the time as m:ss', async () => {
    const episode = (await env.server.db('podcasts').where({ premium: false }).orderBy('id').first()) as { id: number };
    const context = await env.browser.newContext({ ...DESKTOP, locale: 'en-GB' });
    const { page, errors } = await openPage(context);
    await page.goto(`${env.server.url}/podcast/${episode.id}`);
    const audio = page.locator('audio');
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.readyState)).toBeGreaterThanOrEqual(1);
    expect(await audio.evaluate((element: HTMLAudioElement) => element.volume)).toBeCloseTo(0.75);

    await page.getByRole('button', { name: 'Play' }).click();
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.paused)).toBe(false);
    await page.getByRole('button', { name: 'Forward 15 seconds' }).click();
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime)).toBeGreaterThanOrEqual(15);
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByRole('button', { name: 'Back 15 seconds' }).click();
    expect(await audio.evaluate((element: HTMLAudioElement) => element.currentTime)).toBeLessThan(15);

    const seek = page.getByRole('slider', { name: 'Seek' });
    await seek.fill('50');
    const duration = await audio.evaluate((element: HTMLAudioElement) => element.duration);
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime)).toBeCloseTo(duration / 2, 0);
    await expect.poll(() => seek.getAttribute('aria-valuetext')).toMatch(/^0:1\d/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('plays on in the mini-player across pages, at the chosen speed, and resumes where the listener left off', async () => {
    const episode = (await env.server.db('podcasts').where({ premium: false }).orderBy('id').first()) as { id: number; title: string };
    const context = await env.browser.newContext({ ...DESKTOP, locale: 'en-GB' });
    const { page, errors } = await openPage(context);
    await page.goto(`${env.server.url}/podcast/${episode.id}`);
    const audio = page.locator('audio');
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.readyState)).toBeGreaterThanOrEqual(1);
    await page.getByRole('combobox', { name: 'Playback speed' }).selectOption('1.5');
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.playbackRate)).toBe(1.5);

    // A link inside the app: the page changes, the episode does not stop.
    await page.getByRole('link', { name: 'News', exact: true }).first().click();
    await page.waitForURL(/\/news$/);
    const mini = page.getByRole('region', { name: 'Now playing' });
    await expect.poll(() => mini.getByRole('link').textContent()).toBe(episode.title);
    expect(await audio.evaluate((element: HTMLAudioElement) => element.paused)).toBe(false);
    await mini.getByRole('button', { name: 'Forward 15 seconds' }).click();
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime)).toBeGreaterThanOrEqual(15);
    await mini.getByRole('button', { name: 'Pause' }).click();
    const leftAt = await audio.evaluate((element: HTMLAudioElement) => element.currentTime);

    // A new visit continues there.
    await page.goto(`${env.server.url}/podcast/${episode.id}`);
    await expect.poll(() => page.getByText('Continuing where you left off').count()).toBe(1);
    expect(await audio.evaluate((element: HTMLAudioElement) => element.currentTime)).toBeCloseTo(leftAt, 0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('plays an episode whose Play was pressed before the page was interactive, and shows the press waiting till then', async () => {
    const episode = (await env.server.db('podcasts').where({ premium: false }).orderBy('id').first()) as { id: number; title: string };
    const context = await env.browser.newContext({ ...PHONE, locale: 'en-GB' });
    const { page, errors, hydrate } = await openBeforeHydration(context, `${env.server.url}/podcast/${episode.id}`);
    await page.getByRole('heading', { level: 1, name: episode.title }).waitFor();
    const play = page.getByRole('button', { name: 'Play', exact: true });
    await play.click();
    expect(await play.getAttribute('aria-busy')).toBe('true');

    hydrate();
    await expect.poll(() => page.evaluate(() => document.querySelector('audio')?.paused), { timeout: 20_000 }).toBe(false);
    await expect.poll(() => page.getByRole('button', { name: 'Pause', exact: true }).getAttribute('aria-busy')).not.toBe('true');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the lock and a Subscribe call to action on a premium episode', async () => {
    const premium = (await env.server.db('podcasts').where({ premium: true }).first()) as { id: number };
    const context = await env.browser.newContext({ ...DESKTOP, locale: 'en-GB' });
    const { page } = await openPage(context);
    await page.goto(`${env.server.url}/podcast/${premium.id}`);
    await expect.poll(() => page.locator('body').textContent()).toContain('This episode is for subscribers');
    expect(await page.locator('audio').count()).toBe(0);
    // Subscribing brings the reader back to the episode (contract.md §7).
    expect(await page.locator('main').getByRole('link', { name: 'Subscribe', exact: true }).getAttribute('href')).toBe(`/subscribe?returnTo=%2Fpodcast%2F${premium.id}`);
    await context.close();
  });
});

describe('the home hero', () => {
  it('shows two videos, moves with the dots, and offers mute and pause', async () => {
    const context = await env.browser.newContext({ ...DESKTOP, locale: 'en-GB' });
    const { page, errors } = await openPage(context);
    await page.goto(`${env.server.url}/`);
    const hero = page.getByRole('region', { name: 'Featured videos' });
    const title = hero.locator('h1');
    const first = await title.textContent();
    await hero.getByRole('button', { name: 'Show video 2' }).click();
    await expect.poll(() => title.textContent()).not.toBe(first);
    expect(await hero.getByRole('button', { name: /Show video/ }).count()).toBe(2);
    await hero.hover();
    const mute = hero.getByRole('button', { name: 'Unmute' });
    await mute.click();
    expect(await hero.getByRole('button', { name: 'Mute' }).getAttribute('aria-pressed')).toBe('true');
    expect(await hero.getByRole('link', { name: 'Watch Now' }).getAttribute('href')).toMatch(/^\/watch\//);
    expect(errors).toEqual([]);
    await context.close();
  });
});

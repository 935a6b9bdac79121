import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Library } from '@redaktion/shared';
import { axeFindings } from './support/accessibility.js';
import { DESKTOP, focused, openPage, seededServerAndBrowser } from './support/browser.js';

const env = seededServerAndBrowser();

type Row = { id: number; title: string };

/** Three episodes anyone may play, newest first: the podcasts page shows them as cards. */
const episodes = async () => (await env.server.db('podcasts').where({ status: 'published', premium: false }).whereNotNull('audio_file')
  .orderBy('published_at', 'desc').limit(3).select('id', 'title')) as Row[];

const audio = (page: Page) => page.locator('audio');
const playingSrc = (page: Page) => audio(page).evaluate((element: HTMLAudioElement) => (element.paused ? null : new URL(element.currentSrc).pathname));

/** Opens an episode's page and waits until its audio is in the player. */
async function openEpisode(page: Page, { id }: Row) {
  await page.goto(`/podcast/${id}`);
  await expect.poll(() => audio(page).evaluate((element: HTMLAudioElement) => element.readyState)).toBeGreaterThanOrEqual(1);
}

describe('Up Next', () => {
  it('queues episodes from a card and a page, reorders by keyboard, removes, and plays the next when one ends', async () => {
    const [played, fromCard, fromPage] = await episodes();
    const context = await env.browser.newContext({ ...DESKTOP, locale: 'en-GB', baseURL: env.server.url });
    const login = { username: 'koande', password: 'koande-losenord-2026' };
    expect((await context.request.post('/api/register', { data: { ...login, email: 'koande@example.se' } })).status()).toBe(201);
    const { page, errors } = await openPage(context);

    await page.goto('/podcasts');
    // The cards' buttons come once the reader is past the first screen: here, as they scroll.
    await page.mouse.wheel(0, 300);
    await page.getByRole('button', { name: `Add to Up Next: ${fromCard!.title}` }).first().click();
    await page.getByRole('button', { name: `Remove from Up Next: ${fromCard!.title}` }).first().waitFor();
    await page.goto(`/podcast/${fromPage!.id}`);
    await page.getByRole('button', { name: `Add to Up Next: ${fromPage!.title}` }).click();
    expect(await page.getByRole('button', { name: `Remove from Up Next: ${fromPage!.title}` }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.locator('.media-actions').getByText('In Up Next').count()).toBe(1);

    // The player of the episode to be played opens Up Next: the two, in the order they were added.
    await openEpisode(page, played!);
    await page.getByRole('button', { name: 'Up Next (2)' }).click();
    const list = page.getByRole('list', { name: 'Up Next' });
    const titles = () => list.getByRole('link').allTextContents();
    await expect.poll(titles).toEqual([fromCard!.title, fromPage!.title]);
    expect(await axeFindings(page, 'Up Next under the player')).toEqual([]);

    // By keyboard: Space lifts, the arrow moves, Space drops; a screen reader hears where it went.
    await list.getByRole('button', { name: `Move ${fromPage!.title}` }).focus();
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByText(`Picked up ${fromPage!.title}, position 2 of 2.`).count()).toBe(1);
    // The list is measured once the episode is lifted: an arrow pressed before that has nowhere to go yet (at the top, more do nothing).
    await expect.poll(async () => {
      await page.keyboard.press('ArrowUp');
      return page.getByText(`${fromPage!.title} moved to position 1 of 2.`).count();
    }).toBe(1);
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByText(`${fromPage!.title} dropped at position 1 of 2.`).count()).toBe(1);
    await expect.poll(titles).toEqual([fromPage!.title, fromCard!.title]);
    expect(await focused(page)).toBe(`button: Move ${fromPage!.title}`);

    await list.getByRole('button', { name: `Remove from Up Next: ${fromCard!.title}` }).click();
    await expect.poll(titles).toEqual([fromPage!.title]);
    await page.getByRole('button', { name: 'Up Next (1)' }).waitFor();
    // The queue reaches the account, for the reader's other devices.
    const library = async () => (await (await context.request.get('/api/me/library')).json()) as Library;
    await expect.poll(async () => (await library()).queue, { timeout: 15_000 }).toEqual([fromPage!.id]);

    // Played to its end, the episode gives way to the next in Up Next, which leaves the queue as it starts.
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await expect.poll(() => playingSrc(page)).toBe(`/api/podcasts/${played!.id}/audio`);
    await page.getByRole('slider', { name: 'Seek' }).fill('97');
    await expect.poll(() => playingSrc(page), { timeout: 15_000 }).toBe(`/api/podcasts/${fromPage!.id}/audio`);
    const mini = page.getByRole('region', { name: 'Now playing' });
    expect(await mini.getByRole('link', { name: `Open episode: ${fromPage!.title}` }).count()).toBe(1);
    await mini.getByRole('button', { name: 'Up Next (0)' }).click();
    await mini.getByText('Up Next is empty.', { exact: false }).waitFor();
    expect(await axeFindings(page, 'Up Next in the mini-player')).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('stops playback with the sleep timer, fading out, and stops at the end of the episode without going on', async () => {
    const [episode, next] = await episodes();
    const context = await env.browser.newContext({ ...DESKTOP, locale: 'en-GB', baseURL: env.server.url });
    const { page, errors } = await openPage(context);
    await page.clock.install();
    await page.goto(`/podcast/${next!.id}`);
    await page.getByRole('button', { name: `Add to Up Next: ${next!.title}` }).click();
    await page.getByRole('button', { name: `Remove from Up Next: ${next!.title}` }).waitFor();

    await openEpisode(page, episode!);
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await expect.poll(() => playingSrc(page)).toBe(`/api/podcasts/${episode!.id}/audio`);
    const timer = page.getByRole('combobox', { name: 'Sleep timer' });
    await timer.selectOption('15');
    const left = page.getByRole('timer');
    expect(await left.textContent()).toMatch(/^Stops in 1[45]:\d\d$/);
    expect(await axeFindings(page, 'the sleep timer running')).toEqual([]);

    // Fifteen minutes on the page's clock: the last seconds fade out, then it pauses and the volume is the reader's again.
    await page.clock.fastForward('14:55');
    await expect.poll(() => left.textContent()).toMatch(/^Stops in 0:0\d$/);
    expect(await audio(page).evaluate((element: HTMLAudioElement) => element.volume)).toBeLessThan(0.75);
    expect(await audio(page).evaluate((element: HTMLAudioElement) => element.paused)).toBe(false);
    await page.clock.runFor(6000);
    await expect.poll(() => audio(page).evaluate((element: HTMLAudioElement) => element.paused)).toBe(true);
    expect(await audio(page).evaluate((element: HTMLAudioElement) => [element.ended, element.volume])).toEqual([false, 0.75]);
    await expect.poll(() => left.count()).toBe(0);
    await expect.poll(() => timer.inputValue()).toBe('');
    expect(await page.getByRole('slider', { name: 'Volume' }).inputValue()).toBe('75');

    // "End of episode": playback stops there, and what waits in Up Next stays waiting.
    await timer.selectOption('episode');
    expect(await left.textContent()).toBe('Stops at the end of the episode');
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.getByRole('slider', { name: 'Seek' }).fill('97');
    await expect.poll(() => audio(page).evaluate((element: HTMLAudioElement) => element.ended), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => left.count()).toBe(0);
    expect(await audio(page).evaluate((element: HTMLAudioElement) => [element.paused, new URL(element.currentSrc).pathname]))
      .toEqual([true, `/api/podcasts/${episode!.id}/audio`]);
    expect(await page.getByRole('button', { name: 'Up Next (1)' }).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeFindings } from './support/accessibility.js';
import { adminPageFor, until } from './support/admin.js';
import { focused, seededServerAndBrowser } from './support/browser.js';

/**
 * An editor marks an episode's chapters in the admin (contract §9 [voice]): typed, or taken from the form's audio
 * preview while listening; saved, they are what the episode answers and what podcast apps read.
 */
const env = seededServerAndBrowser();
const ADMIN = { username: 'kapitelredaktor', email: 'kapitel@redaktion.se', password: 'kapitel-lösen-1' };
/** A seeded episode of 35 seconds that has no chapters yet. */
const EPISODE = 'Valspecial: Så går väljarna till val';

let page: Page;
adminPageFor(env, ADMIN, (opened) => { page = opened; });


describe('an editor marks the chapters of an episode', () => {
  it('types one, takes one from the preview player, saves them, and the episode and its chapters document carry them', async () => {
    await page.goto(`${env.server.url}/admin?tab=podcasts`);
    const link = page.locator('.admin-row').filter({ hasText: EPISODE }).getByRole('link', { name: EPISODE });
    await until(link);
    const id = (await link.getAttribute('href'))!.match(/\/podcast\/(\d+)$/)![1];
    await page.getByRole('button', { name: `Edit “${EPISODE}”` }).click();
    const form = page.getByRole('dialog', { name: 'Edit Episode' });
    const chapters = form.getByRole('group', { name: 'Chapters' });
    await until(chapters.getByText('No chapters.'));

    // The first by keyboard alone: the new row's start takes the focus, and Tab goes on through the row.
    await chapters.getByRole('button', { name: 'Add chapter' }).focus();
    await page.keyboard.press('Enter');
    expect(await chapters.getByLabel('Chapter 1 start (m:ss)').evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.type('0:00');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('button: Set to current time: chapter 1');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Inledning');
    expect(await chapters.getByLabel('Chapter 1 title').inputValue()).toBe('Inledning');

    // The second where the editor stopped listening: the preview played (muted, as a page may without a tap) and moved to 0:20.
    await form.locator('audio').evaluate(async (audio: HTMLAudioElement) => {
      audio.muted = true;
      await audio.play();
      audio.pause();
      audio.currentTime = 20;
      await new Promise((seeked) => audio.addEventListener('seeked', seeked, { once: true }));
    });
    await chapters.getByRole('button', { name: 'Add chapter' }).click();
    await chapters.getByRole('button', { name: 'Set to current time: chapter 2' }).click();
    expect(await chapters.getByLabel('Chapter 2 start (m:ss)').inputValue()).toBe('0:20');
    await chapters.getByLabel('Chapter 2 title').fill('Valfrågorna');
    await chapters.getByLabel('Chapter 2 link (optional)').fill(`/podcast/${id}`);

    // An empty title is refused next to it, before anything is sent.
    await chapters.getByRole('button', { name: 'Add chapter' }).click();
    await chapters.getByLabel('Chapter 3 start (m:ss)').fill('0:30');
    await form.getByRole('button', { name: 'Update Episode' }).click();
    await until(chapters.getByText('A chapter needs a title'));
    expect(await axeFindings(page, 'the episode form with chapters and a message')).toEqual([]);
    await chapters.getByRole('button', { name: 'Remove chapter 3' }).click();

    await form.getByRole('button', { name: 'Update Episode' }).click();
    await until(page.locator('.toast').filter({ hasText: 'Podcast updated successfully' }));

    const saved = [{ startTime: 0, title: 'Inledning' }, { startTime: 20, title: 'Valfrågorna', url: `/podcast/${id}` }];
    const episode = await (await page.request.get(`${env.server.url}/api/podcasts/${id}`)).json() as { chapters: unknown };
    expect(episode.chapters).toEqual(saved);
    const served = await page.request.get(`${env.server.url}/feeds/chapters/${id}.json`);
    expect(served.status()).toBe(200);
    expect((await served.json() as { chapters: unknown }).chapters)
      .toEqual([saved[0], { ...saved[1], url: `${env.server.url}/podcast/${id}` }]);

    // Opened again, the form shows them as saved.
    await page.getByRole('button', { name: `Edit “${EPISODE}”` }).click();
    await until(form.getByLabel('Chapter 2 start (m:ss)'));
    expect(await form.getByLabel('Chapter 2 start (m:ss)').inputValue()).toBe('0:20');
    expect(await axeFindings(page, 'the episode form with saved chapters')).toEqual([]);
  });
});

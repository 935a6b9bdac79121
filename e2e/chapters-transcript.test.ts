import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeFindings } from './support/accessibility.js';
import { createAdminWithCli, signedInContext } from './support/admin.js';
import { DESKTOP, openPage, seededServerAndBrowser } from './support/browser.js';

/**
 * A listener's chapters and transcript (contract §9 [voice]): the demo's first episode has three chapters (0:00, 0:12,
 * 0:24 of its 35 seconds); the newsroom publishes a transcript for it, which the episode page shows under the player.
 */
const env = seededServerAndBrowser();
const ADMIN = { username: 'transkriberare', email: 'transkript@redaktion.se', password: 'transkript-lösen-1' };
const EPISODE = 'Elpriset, vårbudgeten och en rekordvinter i fjällen';
const VTT = [
  'WEBVTT',
  '00:00:01.000 --> 00:00:06.000\nVälkomna till <b>Morgonekot</b>.',
  '00:00:06.000 --> 00:00:12.000\nElpriset skiljer sig mellan norr och söder.',
  '00:00:12.000 --> 00:00:24.000\nVårbudgeten ger hushållen mer att röra sig med.',
  '00:00:24.000 --> 00:00:35.000\nI fjällen slogs rekord i snödjup.',
].join('\n\n');

const time = (page: Page) => page.locator('audio').evaluate((element: HTMLAudioElement) => element.currentTime);
const paused = (page: Page) => page.locator('audio').evaluate((element: HTMLAudioElement) => element.paused);

async function publishTranscript(id: number) {
  await createAdminWithCli(env.server, ADMIN);
  const admin = await signedInContext(env.browser, env.server, ADMIN);
  const uploaded = await admin.request.post(`/api/admin/podcasts/${id}/transcript/upload`, { data: { format: 'vtt', text: VTT } });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  const { version } = (await uploaded.json()) as { version: number };
  const published = await admin.request.post(`/api/admin/podcasts/${id}/transcript/publish`, { data: { version, reviewed: true } });
  expect(published.status(), await published.text()).toBe(200);
  await admin.close();
}

describe('chapters and the transcript of an episode', () => {
  it('seeks by chapter and by cue, follows the spoken line, searches it, and finds the episode by what is said', async () => {
    const { id } = (await env.server.db('podcasts').where({ title: EPISODE }).first('id')) as { id: number };
    await publishTranscript(id);
    const context = await env.browser.newContext({ ...DESKTOP, locale: 'en-GB', baseURL: env.server.url });
    const { page, errors } = await openPage(context);
    await page.goto(`/podcast/${id}`);
    await expect.poll(() => page.locator('audio').evaluate((element: HTMLAudioElement) => element.readyState)).toBeGreaterThanOrEqual(1);

    // The second chapter plays from its start and is the one marked.
    const chapters = page.getByRole('region', { name: 'Chapters' });
    expect(await chapters.getByRole('listitem').allTextContents()).toEqual(['0:00 Elpriset i norr och söder', '0:12 Vårbudgeten och hushållen', '0:24 Rekordvintern i fjällen']);
    const second = chapters.getByRole('button', { name: '0:12 Vårbudgeten och hushållen' });
    await second.click();
    await expect.poll(() => paused(page)).toBe(false);
    expect(await time(page)).toBeGreaterThanOrEqual(12);
    await expect.poll(() => second.getAttribute('aria-current')).toBe('true');
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    expect(await time(page)).toBeLessThan(24);

    // Elsewhere, the mini-player names the chapter and goes on to the next.
    await page.getByRole('link', { name: 'Back to podcasts' }).click();
    const mini = page.getByRole('region', { name: 'Now playing' });
    await mini.getByText('Chapter: Vårbudgeten och hushållen').waitFor();
    await mini.getByRole('button', { name: 'Next chapter' }).click();
    await expect.poll(() => time(page)).toBeGreaterThanOrEqual(24);
    await mini.getByText('Chapter: Rekordvintern i fjällen').waitFor();
    expect(await mini.getByRole('button', { name: 'Next chapter' }).isDisabled()).toBe(true);

    // Back on the episode's page: the transcript under the player, its markup as text; a cue plays from its start.
    await mini.getByRole('link', { name: `Open episode: ${EPISODE}` }).click();
    const transcript = page.getByRole('region', { name: 'Transcript' });
    await transcript.getByText('Välkomna till <b>Morgonekot</b>.').waitFor();
    const cue = (text: string) => transcript.getByRole('button', { name: text, exact: false });
    await cue('Elpriset skiljer sig').click();
    await expect.poll(() => paused(page)).toBe(false);
    expect(await time(page)).toBeGreaterThanOrEqual(6);
    await expect.poll(() => cue('Elpriset skiljer sig').getAttribute('aria-current')).toBe('true');
    // Playing on, the next line is marked as it is spoken (six seconds on).
    await expect.poll(() => cue('Vårbudgeten ger hushållen').getAttribute('aria-current'), { timeout: 15_000 }).toBe('true');
    expect(await cue('Elpriset skiljer sig').getAttribute('aria-current')).toBeNull();
    expect(await axeFindings(page, 'the episode page with chapters and a transcript')).toEqual([]);
    await page.getByRole('button', { name: 'Pause', exact: true }).click();

    // The search field keeps the lines with the words, the words marked.
    await transcript.getByRole('searchbox', { name: 'Search the transcript' }).fill('rekord');
    await transcript.getByText('1 match').waitFor();
    expect(await transcript.getByRole('listitem').allTextContents()).toEqual(['Play from 0:24 I fjällen slogs rekord i snödjup.']);
    expect(await transcript.locator('mark').allTextContents()).toEqual(['rekord']);
    expect(await axeFindings(page, 'the transcript searched')).toEqual([]);

    // Episode search finds it by what is said; the line's time opens the episode there.
    await page.goto('/search?q=sn%C3%B6djup');
    const found = page.getByRole('region', { name: 'Episodes' });
    await found.getByText('I fjällen slogs rekord i snödjup.').waitFor();
    await found.getByRole('link', { name: 'Said at 0:24' }).click();
    await expect.poll(() => page.locator('audio').evaluate((element: HTMLAudioElement) => element.readyState)).toBeGreaterThanOrEqual(1);
    await expect.poll(() => time(page)).toBeGreaterThanOrEqual(24);
    expect(errors).toEqual([]);
    await context.close();
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, openPage, seededServerAndBrowser, serviceWorkerActivated } from './support/browser.js';

const env = seededServerAndBrowser();

type Row = { id: number; title: string };

/**
 * Gives an article a published read-aloud as publishing leaves it (ReadAloud.publish: the file stored as episode audio
 * is, named on the article's row): a demo episode's MP3 stands in for the synthetic speech, which
 * api/test/read-aloud.test.ts makes and publishes through the admin API.
 */
async function withAudio(premium: boolean): Promise<Row> {
  const source = await env.server.db('podcasts').whereNotNull('audioFile').orderBy('id').first('audioFile', 'audioSize', 'duration') as
    { audioFile: string; audioSize: number; duration: number };
  const article = await env.server.db('articles').where({ status: 'published', premium, kind: 'article' }).whereNull('audioFile')
    .orderBy('id').first('id', 'title') as Row;
  await env.server.db('articles').where({ id: article.id })
    .update({ audioFile: source.audioFile, audioSize: source.audioSize, audioDuration: source.duration });
  return article;
}

/** What the device keeps in one of its database's stores (device/db.ts). */
const stored = (page: Page, store: string) => page.evaluate((name) => new Promise<unknown[]>((resolve, reject) => {
  const request = indexedDB.open('redaktion');
  request.onerror = () => reject(request.error);
  request.onsuccess = () => {
    const all = request.result.transaction(name).objectStore(name).getAll();
    all.onsuccess = () => {
      request.result.close();
      resolve(all.result as unknown[]);
    };
  };
}), store);

const audioState = (page: Page) => page.locator('audio').evaluate((element: HTMLAudioElement) => ({
  paused: element.paused, time: element.currentTime, rate: element.playbackRate, src: element.src,
}));

describe('listening to an article', () => {
  it('plays its read-aloud in the mini-player, says the voice is synthetic, changes speed, and resumes on this device', async () => {
    const article = await withAudio(false);
    const context = await env.browser.newContext({ ...DESKTOP, locale: 'en-GB', baseURL: env.server.url });
    const { page, errors } = await openPage(context);
    await page.goto(`/article/${article.id}`);
    await expect.poll(() => page.getByText('Read by a synthetic voice').count()).toBe(1);

    await page.getByRole('button', { name: 'Listen', exact: true }).click();
    await expect.poll(async () => (await audioState(page)).paused).toBe(false);
    const mini = page.getByRole('region', { name: 'Now playing' });
    await expect.poll(() => mini.getByRole('link').textContent()).toBe(article.title);
    expect(await mini.getByRole('link').getAttribute('href')).toBe(`/article/${article.id}`);
    expect(await page.evaluate(() => navigator.mediaSession.metadata?.artist)).toBe('Redaktion · synthetic voice');

    await page.getByRole('combobox', { name: 'Playback speed' }).selectOption('1.5');
    await expect.poll(async () => (await audioState(page)).rate).toBe(1.5);
    await mini.getByRole('button', { name: 'Forward 15 seconds' }).click();
    await expect.poll(async () => (await audioState(page)).time).toBeGreaterThanOrEqual(15);
    await mini.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(async () => (await audioState(page)).paused).toBe(true);
    const leftAt = (await audioState(page)).time;
    // Where it was left stays on this device: not among the episode positions the library is sent (contract §9).
    await expect.poll(async () => (await stored(page, 'articlePositions') as { id: number; time: number }[])
      .find((position) => position.id === article.id)?.time).toBeCloseTo(leftAt, 0);
    expect((await stored(page, 'changes') as { key: string }[]).map((change) => change.key)).not.toContain(`position:${article.id}`);

    // Another page, then back in a new visit: Listen continues where it was left.
    await page.goto('/news');
    await page.goto(`/article/${article.id}`);
    await page.getByRole('button', { name: 'Listen', exact: true }).click();
    await expect.poll(() => page.getByText('Continuing where you left off').count()).toBe(1);
    expect((await audioState(page)).time).toBeCloseTo(leftAt, 0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is offered in Swedish on a free article, and not to a signed-out reader of a premium one', async () => {
    const free = await withAudio(false);
    const premium = await withAudio(true);
    const context = await env.browser.newContext({ ...DESKTOP, locale: 'sv-SE', baseURL: env.server.url });
    const { page, errors } = await openPage(context);
    await page.goto(`/article/${free.id}`);
    await page.getByRole('button', { name: 'Lyssna', exact: true }).waitFor();
    expect(await page.getByText('Uppläst av en syntetisk röst').count()).toBe(1);

    const answer = await (await context.request.get(`/api/articles/${premium.id}`)).json() as { audioUrl: string | null };
    expect(answer.audioUrl).toBeNull();
    await page.goto(`/article/${premium.id}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(premium.title);
    expect(await page.getByRole('button', { name: 'Lyssna', exact: true }).count()).toBe(0);
    expect(await page.getByText('Uppläst av en syntetisk röst').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the read-aloud with an article saved for offline reading, and plays it with no network', async () => {
    const article = await withAudio(false);
    const context = await env.browser.newContext({ ...DESKTOP, locale: 'en-GB', baseURL: env.server.url });
    const { page, errors } = await openPage(context);
    await page.goto('/');
    await serviceWorkerActivated(page);
    await page.goto(`/article/${article.id}`);
    await page.getByRole('button', { name: `Save for offline: ${article.title}` }).click();
    await expect.poll(() => page.getByText('Saved for offline reading').count()).toBeGreaterThan(0);

    await context.setOffline(true);
    await page.goto(`/article/${article.id}`);
    await page.getByRole('button', { name: 'Listen', exact: true }).click();
    await expect.poll(async () => (await audioState(page)).paused).toBe(false);
    expect((await audioState(page)).src).toMatch(/^blob:/);
    await expect.poll(() => page.getByRole('region', { name: 'Now playing' }).getByRole('link').textContent()).toBe(article.title);
    await context.setOffline(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});

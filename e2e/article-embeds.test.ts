import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyColumns } from '../api/src/services/content/article-body.js';
import { THUMBNAIL_VIDEO, startYouTubeThumbnailStandIn } from '../api/test/stand-ins/youtube-thumbnails.js';
import { startTestServer, type TestServer } from '../api/test/support/test-server.js';
import { DESKTOP, launchBrowser, openPage } from './support/browser.js';

/** A YouTube video in an article, in Chromium against the whole server, with YouTube's thumbnail host played by a stand-in. */
const YOUTUBE_HOST = /(^|\.)(youtube\.com|youtube-nocookie\.com|ytimg\.com|youtu\.be|googlevideo\.com)$/;
const PLAYER_SRC = `https://www.youtube-nocookie.com/embed/${THUMBNAIL_VIDEO}?autoplay=1`;

let thumbnails: Awaited<ReturnType<typeof startYouTubeThumbnailStandIn>>;
let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let ids: { video: number; linking: number };

async function insertArticle(title: string, content: string): Promise<number> {
  const now = new Date().toISOString();
  const [row] = await server.db('articles').insert({
    title, excerpt: 'Ingress', content, ...bodyColumns(content), category: 'news', author: 'A', readTime: 2,
    status: 'published', publishedAt: now, featured: false, categoryFeatured: false, premium: false, createdAt: now, updatedAt: now,
  }, ['id']);
  return typeof row === 'number' ? row : (row as { id: number }).id;
}

beforeAll(async () => {
  thumbnails = await startYouTubeThumbnailStandIn();
  [server, browser] = await Promise.all([startTestServer({ seed: false, env: { YOUTUBE_THUMB_BASE: thumbnails.origin } }), launchBrowser()]);
  const video = await insertArticle('Debatten i klipp', `Se klippet från debatten:\n\nhttps://www.youtube.com/watch?v=${THUMBNAIL_VIDEO}\n\nMer text efter.`);
  ids = { video, linking: await insertArticle('Om debatten', `Läs mer och [se klippet](/article/${video}).`) };
  await server.contentChanged();
  context = await browser.newContext({ ...DESKTOP, locale: 'sv-SE', baseURL: server.url });
}, 60_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
  await thumbnails?.close();
});

/** A page that records every request to a YouTube host, and what the console said. */
async function watchedPage(): Promise<{ page: Page; errors: string[]; toYouTube: string[] }> {
  const { page, errors } = await openPage(context);
  const toYouTube: string[] = [];
  page.on('request', (request) => {
    if (YOUTUBE_HOST.test(new URL(request.url()).hostname)) toYouTube.push(request.url());
  });
  return { page, errors, toYouTube };
}

const playButton = (page: Page) => page.getByRole('button', { name: 'Spela videon från YouTube: Video' });
const player = (page: Page) => page.locator('.video-embed iframe');

describe('a YouTube video in an article', () => {
  it('asks nothing of YouTube until the reader presses play, shows the thumbnail the server fetched, then plays in the privacy-enhanced player', async () => {
    const { page, errors, toYouTube } = await watchedPage();
    await page.goto(`/article/${ids.video}`);
    await playButton(page).waitFor();
    await expect.poll(() => page.locator('.video-facade img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(480);
    await page.waitForLoadState('networkidle');
    expect(toYouTube).toEqual([]);

    await playButton(page).click();
    await expect.poll(() => player(page).getAttribute('src')).toBe(PLAYER_SRC);
    // The page's policy lets the frame load (it cannot reach YouTube from here, which is another matter).
    expect(errors.filter((error) => /Content Security Policy|Refused to frame/i.test(error))).toEqual([]);
    await page.close();
  });

  it('reached inside the app from a page without the allowance, plays after loading the article afresh', async () => {
    const { page, errors, toYouTube } = await watchedPage();
    const sameDocument = () => page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument);
    await page.goto(`/article/${ids.linking}`);
    await page.getByRole('link', { name: 'se klippet' }).waitFor();
    await page.evaluate(() => { (window as { sameDocument?: boolean }).sameDocument = true; });
    await page.getByRole('link', { name: 'se klippet' }).click();
    await playButton(page).waitFor();
    expect(await sameDocument()).toBe(true);
    expect(toYouTube).toEqual([]);

    await playButton(page).click();
    await expect.poll(() => player(page).getAttribute('src')).toBe(PLAYER_SRC);
    expect(await sameDocument()).toBeUndefined();
    expect(new URL(page.url()).pathname + new URL(page.url()).hash).toBe(`/article/${ids.video}`);
    expect(errors.filter((error) => /Content Security Policy|Refused to frame/i.test(error))).toEqual([]);

    // The request to play went with that one load: loading the page again shows the video unplayed.
    await page.reload();
    await playButton(page).waitFor();
    expect(await player(page).count()).toBe(0);
    await page.close();
  });
});

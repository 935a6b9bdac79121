import { describe, expect, it } from 'vitest';
import { bodyColumns } from '../api/src/services/content/article-body.js';
import { DESKTOP, openPage, seededServerAndBrowser } from './support/browser.js';

const env = seededServerAndBrowser({ seed: false });
const VIDEO = 'dQw4w9WgXcQ';

describe('a YouTube video in an article', () => {
  it('asks nothing of YouTube until the reader presses play, then plays in the site\'s own frame', async () => {
    const now = new Date().toISOString();
    const content = `Se klippet från debatten:\n\nhttps://www.youtube.com/watch?v=${VIDEO}\n\nMer text efter.`;
    const [row] = await env.server.db('articles').insert({
      title: 'Debatten i klipp', excerpt: 'Ingress', content, ...bodyColumns(content), category: 'news', author: 'A', readTime: 2,
      status: 'published', publishedAt: now, featured: false, categoryFeatured: false, premium: false, createdAt: now, updatedAt: now,
    }, ['id']);
    const id = typeof row === 'number' ? row : (row as { id: number }).id;
    await env.server.contentChanged();

    const context = await env.browser.newContext({ ...DESKTOP, locale: 'sv-SE', baseURL: env.server.url });
    const { page } = await openPage(context);
    const outside: string[] = [];
    page.on('request', (request) => {
      if (/youtube\.com|youtube-nocookie\.com|ytimg\.com|youtu\.be/.test(new URL(request.url()).hostname)) outside.push(request.url());
    });
    await page.goto(`/article/${id}`);
    const play = page.getByRole('button', { name: 'Spela videon från YouTube: Video' });
    await play.waitFor();
    await page.waitForLoadState('networkidle');
    expect(outside).toEqual([]);

    await play.click();
    const frame = page.locator('.video-embed iframe');
    await expect.poll(() => frame.getAttribute('src')).toBe(`/embed/youtube/${VIDEO}`);
    // The site's frame holds the privacy-enhanced player (which cannot load here, with no way out to YouTube).
    const inner = page.frameLocator('.video-embed iframe').locator('iframe');
    await expect.poll(() => inner.getAttribute('src')).toBe(`https://www.youtube-nocookie.com/embed/${VIDEO}?autoplay=1`);
    await context.close();
  });
});

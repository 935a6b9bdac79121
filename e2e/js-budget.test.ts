import { describe, expect, it } from 'vitest';
import { PHONE, scriptsFetched, seededServerAndBrowser } from './support/browser.js';

const env = seededServerAndBrowser();

/** The reader routes' JavaScript budget: what a phone's browser fetches, gzip-compressed. */
const BUDGET_BYTES = 120 * 1024;
const WINDOW_MS = 5000;

describe('the reader routes\' JavaScript budget', () => {
  const routes: [string, () => Promise<string>][] = [
    ['Home route', async () => '/'],
    // The demo's rich article: a figure, a fact box, a table, links and an embedded episode (contract §9).
    ['Article route', async () => {
      const { id } = (await env.server.db('articles').where('content', 'like', '%:::factbox%').first('id')) as { id: number };
      return `/article/${id}`;
    }],
  ];
  it.each(routes)(`%s stays within ${BUDGET_BYTES / 1024} KB gzip counting every script the browser fetches in the first ${WINDOW_MS / 1000} s`, async (name, path) => {
    const context = await env.browser.newContext({ ...PHONE, locale: 'sv-SE' });
    const { files, total } = await scriptsFetched(await context.newPage(), `${env.server.url}${await path()}`, WINDOW_MS);
    const listing = files.map(([file, size]) => `${file} ${(size / 1024).toFixed(1)} KB`).join(', ');
    console.log(`${name}: ${files.length} scripts, ${(total / 1024).toFixed(1)} KB gzip in the first ${WINDOW_MS / 1000} s (${listing})`);
    expect(files.length).toBeGreaterThan(0);
    // The reader never downloads the editor or a Markdown parser: the server sends the body parsed.
    expect(files.map(([file]) => file).join(' ')).not.toMatch(/micromark|mdast|tiptap|prosemirror/i);
    expect(total, listing).toBeLessThanOrEqual(BUDGET_BYTES);
    await context.close();
  });
});

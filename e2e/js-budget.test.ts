import { describe, expect, it } from 'vitest';
import { PHONE, scriptsFetched, seededServerAndBrowser } from './support/browser.js';

const env = seededServerAndBrowser();

/** The reader routes' JavaScript budget: what a phone's browser fetches, gzip-compressed. */
const BUDGET_BYTES = 120 * 1024;
/**
 * A live article's page adds its coverage (the entries' state, the event stream, following with push alerts) in chunks
 * of its own: within this much more, while an ordinary article's route carries none of it (contract §9 [live]).
 */
const LIVE_COVERAGE_BYTES = 5 * 1024;
const WINDOW_MS = 5000;

describe('the reader routes\' JavaScript budget', () => {
  const routes: [string, number, () => Promise<string>][] = [
    ['Home route', BUDGET_BYTES, async () => '/'],
    // The demo's rich article: a figure, a fact box, a table, links and an embedded episode (contract §9).
    ['Article route', BUDGET_BYTES, async () => {
      const { id } = (await env.server.db('articles').where('content', 'like', '%:::factbox%').first('id')) as { id: number };
      return `/article/${id}`;
    }],
    ['Live article route', BUDGET_BYTES + LIVE_COVERAGE_BYTES, async () => {
      const { id } = (await env.server.db('articles').where('kind', 'live').first('id')) as { id: number };
      return `/article/${id}`;
    }],
  ];
  it.each(routes)(`%s stays within %d bytes gzip counting every script the browser fetches in the first ${WINDOW_MS / 1000} s`, async (name, budget, path) => {
    const context = await env.browser.newContext({ ...PHONE, locale: 'sv-SE' });
    const { files, total } = await scriptsFetched(await context.newPage(), `${env.server.url}${await path()}`, WINDOW_MS);
    const listing = files.map(([file, size]) => `${file} ${(size / 1024).toFixed(1)} KB`).join(', ');
    console.log(`${name}: ${files.length} scripts, ${(total / 1024).toFixed(1)} KB gzip in the first ${WINDOW_MS / 1000} s (${listing})`);
    expect(files.length).toBeGreaterThan(0);
    // The reader never downloads the editor or a Markdown parser: the server sends the body parsed.
    expect(files.map(([file]) => file).join(' ')).not.toMatch(/micromark|mdast|tiptap|prosemirror/i);
    expect(total, listing).toBeLessThanOrEqual(budget);
    await context.close();
  });
});

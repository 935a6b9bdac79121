import { describe, expect, it } from 'vitest';
import { PHONE, scriptsFetched, seededServerAndBrowser } from './support/browser.js';

const env = seededServerAndBrowser();

/** The home route's JavaScript budget (the goal): what a phone's browser fetches, gzip-compressed. */
const BUDGET_BYTES = 120 * 1024;
const WINDOW_MS = 5000;

describe('the home route\'s JavaScript budget', () => {
  it(`stays within ${BUDGET_BYTES / 1024} KB gzip counting every script the browser fetches in the first ${WINDOW_MS / 1000} s`, async () => {
    const context = await env.browser.newContext({ ...PHONE, locale: 'sv-SE' });
    const { files, total } = await scriptsFetched(await context.newPage(), `${env.server.url}/`, WINDOW_MS);
    const listing = files.map(([file, size]) => `${file} ${(size / 1024).toFixed(1)} KB`).join(', ');
    console.log(`Home route: ${files.length} scripts, ${(total / 1024).toFixed(1)} KB gzip in the first ${WINDOW_MS / 1000} s (${listing})`);
    expect(files.length).toBeGreaterThan(0);
    expect(total, listing).toBeLessThanOrEqual(BUDGET_BYTES);
    await context.close();
  });
});

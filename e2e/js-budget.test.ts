import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PHONE, seededServerAndBrowser } from './support/browser.js';

const env = seededServerAndBrowser();

/** The home route's JavaScript budget (the goal): what a phone's browser fetches, gzip-compressed. */
const BUDGET_BYTES = 120 * 1024;
const WINDOW_MS = 5000;

describe('the home route\'s JavaScript budget', () => {
  it(`stays within ${BUDGET_BYTES / 1024} KB gzip counting every script the browser fetches in the first ${WINDOW_MS / 1000} s`, async () => {
    const context = await env.browser.newContext({ ...PHONE, locale: 'sv-SE' });
    const page = await context.newPage();
    const fetched = new Map<string, Promise<number>>();
    // Every script the page loads, whether the HTML names it or the app asks for it later (chunks, workers' glue).
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script' || fetched.has(response.url())) return;
      fetched.set(response.url(), response.body().then((body) => gzipSync(body, { level: 9 }).length, () => 0));
    });
    await page.goto(`${env.server.url}/`, { waitUntil: 'load' });
    await page.waitForTimeout(WINDOW_MS);
    const sizes = await Promise.all([...fetched].map(async ([url, size]) => [new URL(url).pathname, await size] as const));
    const total = sizes.reduce((sum, [, size]) => sum + size, 0);
    const listing = sizes.map(([file, size]) => `${file} ${(size / 1024).toFixed(1)} KB`).join(', ');
    console.log(`Home route: ${sizes.length} scripts, ${(total / 1024).toFixed(1)} KB gzip in the first ${WINDOW_MS / 1000} s (${listing})`);
    expect(sizes.length).toBeGreaterThan(0);
    expect(total, listing).toBeLessThanOrEqual(BUDGET_BYTES);
    await context.close();
  });
});

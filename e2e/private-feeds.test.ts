import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { signedInUser } from '../api/test/support/users.js';
import { DESKTOP, openPage, seededServerAndBrowser } from './support/browser.js';

const env = seededServerAndBrowser();

async function contextFor(cookies: Map<string, string>, locale: string): Promise<BrowserContext> {
  const context = await env.browser.newContext({ ...DESKTOP, locale });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.url });
  await context.addCookies([...cookies].map(([name, value]) => ({ name, value, url: env.server.url })));
  return context;
}

describe("a subscriber's private podcast feeds on /dashboard/podcasts", () => {
  it('shows each series with its own address, copies it, opens it in the podcast apps and makes new addresses', async () => {
    const subscriber = await signedInUser(env.server.url, env.server.db, { subscriptionStatus: 'active' });
    const context = await contextFor(subscriber.client.cookies, 'en-GB');
    const { page, errors } = await openPage(context);
    await page.goto(`${env.server.url}/dashboard/podcasts`);
    const section = page.getByRole('region', { name: 'Private podcast feeds' });
    const address = section.getByRole('textbox', { name: 'Feed address of Morgonekot' });
    await expect.poll(() => address.count(), { timeout: 10_000 }).toBe(1);
    const series = (await env.server.db('podcastSeries').where({ active: true }).count('* as n').first()) as { n: number | string };
    expect(await section.getByRole('listitem').count()).toBe(Number(series.n));

    const axe = await new AxeBuilder({ page }).include('.private-feeds').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

    const url = await address.inputValue();
    expect(url).toMatch(new RegExp(`^${env.server.url}/feeds/private/[\\w-]{32}/podcast-series/\\d+\\.xml$`));
    const item = section.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Morgonekot' }) });
    const bare = url.replace(/^http:\/\//, '');
    expect(await item.getByRole('link', { name: 'Open in Apple Podcasts' }).getAttribute('href')).toBe(`podcast://${bare}`);
    expect(await item.getByRole('link', { name: 'Open in Pocket Casts' }).getAttribute('href')).toBe(`pktc://subscribe/${bare}`);
    expect(await item.getByRole('link', { name: 'Open in Overcast' }).getAttribute('href')).toBe(`overcast://x-callback-url/add?url=${encodeURIComponent(url)}`);

    await item.getByRole('button', { name: 'Copy the feed address of Morgonekot' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    // A podcast app reading the copied address gets the feed, with no cookie.
    expect((await fetch(url)).status).toBe(200);

    page.once('dialog', (dialog) => void dialog.accept());
    await section.getByRole('button', { name: 'Make new feed addresses' }).click();
    await expect.poll(() => address.inputValue(), { timeout: 10_000 }).not.toBe(url);
    expect((await fetch(url)).status).toBe(404);
    expect((await fetch(await address.inputValue())).status).toBe(200);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('speaks Swedish, and tells a reader without a subscription how to get the feeds', async () => {
    const reader = await signedInUser(env.server.url, env.server.db);
    const context = await contextFor(reader.client.cookies, 'sv-SE');
    const { page, errors } = await openPage(context);
    await page.goto(`${env.server.url}/dashboard/podcasts`);
    const section = page.getByRole('region', { name: 'Privata poddflöden' });
    await expect.poll(() => section.getByRole('link').count(), { timeout: 10_000 }).toBe(1);
    expect(await section.textContent()).toContain('Prenumeranter får privata flöden');
    expect(await section.getByRole('link', { name: 'Prenumerera' }).getAttribute('href')).toBe('/subscribe');
    expect(await section.getByRole('textbox').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

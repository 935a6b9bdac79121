import https from 'node:https';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Episode, PodcastSeries } from '@redaktion/shared';
import { HttpClient } from '../api/test/support/http-client.js';
import { startTestServer, type TestServer } from '../api/test/support/test-server.js';
import { signedInUser } from '../api/test/support/users.js';
import { startPushService } from '../api/test/stand-ins/push-service.js';
import { signedInContext } from './support/admin.js';
import { axeFindings } from './support/accessibility.js';
import { launchBrowser, openPage, settingsSwitch } from './support/browser.js';
import { deliverPush, shownNotifications, pushingDevice } from './support/push.js';

let pushService: Awaited<ReturnType<typeof startPushService>>;
let server: TestServer;
let browser: Browser;
const defaultCa = https.globalAgent.options.ca;

beforeAll(async () => {
  [pushService, browser] = await Promise.all([startPushService(), launchBrowser()]);
  https.globalAgent.options.ca = pushService.ca;
  server = await startTestServer({ seed: true, env: { PUSH_ALLOWED_ORIGINS: pushService.origin } });
});
afterAll(async () => {
  https.globalAgent.options.ca = defaultCa;
  await browser?.close();
  await server?.close();
  await pushService?.close();
});

/** The episodes on the device (its IndexedDB), by id, and whether auto-download took them. */
const onDevice = (page: Page) => page.evaluate(() => new Promise<[number, boolean][]>((resolve, reject) => {
  const opening = indexedDB.open('redaktion');
  opening.onerror = () => reject(opening.error);
  opening.onsuccess = () => {
    const all = opening.result.transaction('downloads', 'readonly').objectStore('downloads').getAll();
    all.onerror = () => reject(all.error);
    all.onsuccess = () => {
      resolve((all.result as { id: number; auto?: boolean }[]).map((item) => [item.id, Boolean(item.auto)]));
      opening.result.close();
    };
  };
}));

/** A series with at least two episodes anyone may download, and those episodes' ids, newest first. */
async function seriesToFollow(): Promise<{ series: PodcastSeries; newest: number[] }> {
  const client = new HttpClient(server.url);
  for (const series of (await client.get('/api/podcast-series')).body as PodcastSeries[]) {
    const episodes = ((await client.get(`/api/podcasts/series/${series.id}`)).body as Episode[])
      .filter((episode) => episode.audioUrl && !episode.locked)
      .sort((a, b) => (Date.parse(b.publishedAt ?? '') - Date.parse(a.publishedAt ?? '')) || (b.episodeNumber - a.episodeNumber));
    if (episodes.length >= 2) return { series, newest: episodes.map((episode) => episode.id) };
  }
  throw new Error('The seed has no series with two free episodes');
}

describe('auto-download', () => {
  it('brings a followed series\' new episode to the device when its push arrives, without a tap, and keeps the newest two', async () => {
    const reader = await signedInUser(server.url, server.db);
    const admin = await signedInUser(server.url, server.db, { role: 'admin' });
    const context = await signedInContext(browser, server, reader, 'en-GB');
    const device = await pushingDevice(context, pushService, server.url);
    const { page, errors } = await openPage(context);

    const auto = await settingsSwitch(page, server.url, 'Download new episodes automatically');
    expect(await auto.getAttribute('aria-checked')).toBe('false');
    await auto.click();
    await expect.poll(() => auto.getAttribute('aria-checked')).toBe('true');
    await page.getByLabel('Episodes to keep per series').selectOption('2');
    // Desktop Chromium does not say whether it is on Wi-Fi: the reader is told what that means.
    expect(await page.getByText('This browser cannot tell Wi-Fi from mobile data, so it downloads on any connection.').count()).toBe(1);
    expect(await axeFindings(page, 'settings')).toEqual([]);

    // Following is one act: the library, this device's alerts, and the series' newest two on the device.
    const { series, newest } = await seriesToFollow();
    await page.goto(`${server.url}/podcast-series/${series.id}`);
    const follow = page.getByRole('button', { name: 'Follow series' });
    await expect.poll(() => follow.isEnabled(), { timeout: 15_000 }).toBe(true);
    await follow.click();
    await expect.poll(() => follow.getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');
    await expect.poll(async () => (await server.db('push_subscription_topics').where({ topic: `series:${series.id}` })).length, { timeout: 15_000 }).toBe(1);
    expect(await page.locator('.follow-series [role=status]').textContent()).toBe('');
    expect(await axeFindings(page, 'series')).toEqual([]);
    await expect.poll(() => onDevice(page), { timeout: 15_000 }).toEqual(newest.slice(0, 2).sort((a, b) => a - b).map((id) => [id, true]));
    await expect.poll(async () => (await (await context.request.get('/api/me/library')).json() as { following: { seriesId: number }[] }).following
      .map((item) => item.seriesId), { timeout: 15_000 }).toEqual([series.id]);

    // The app is closed (a file of the site stays open, for the DevTools to reach its service worker): whatever comes
    // now, the service worker brings.
    await page.goto(`${server.url}/favicon.svg`);

    // The newsroom publishes the next episode.
    const now = new Date().toISOString();
    const { audioFile } = await server.db('podcasts').where({ id: newest[0] }).first('audioFile') as { audioFile: string };
    const [row] = await server.db('podcasts').insert({
      seriesId: series.id, kind: 'episode', title: 'Avsnittet efter valet', description: 'Ny', duration: 60, episodeNumber: 99, audioFile,
      status: 'draft', featured: false, premium: false, createdAt: now, updatedAt: now,
    }).returning('id');
    const episodeId = Number((row as { id: number }).id);
    expect((await admin.client.request('PUT', `/api/admin/podcasts/${episodeId}`, { status: 'published' })).status).toBe(200);
    await expect.poll(() => pushService.received.filter((push) => push.subscriptionId === device.id).length, { timeout: 15_000 }).toBe(1);
    const push = pushService.received.find((sent) => sent.subscriptionId === device.id)!;
    expect(push.message).toMatchObject({ url: `/podcast/${episodeId}?ref=push`, tag: `episode-${episodeId}` });

    // The push reaches the service worker: the alert shows and the episode comes along; the older of the two goes.
    await deliverPush(page, push.message);
    await expect.poll(() => shownNotifications(page), { timeout: 10_000 }).toMatchObject([{ body: 'Avsnittet efter valet', data: { url: `/podcast/${episodeId}?ref=push` } }]);
    await expect.poll(() => onDevice(page), { timeout: 15_000 }).toEqual([newest[0]!, episodeId].sort((a, b) => a - b).map((id) => [id, true]));

    await page.goto(`${server.url}/podcast/${episodeId}`);
    await expect.poll(() => page.getByText('Playing from this device').count(), { timeout: 10_000 }).toBe(1);
    expect(await page.getByRole('button', { name: 'Follow series' }).getAttribute('aria-pressed')).toBe('true');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('gives a follow made on another device its alerts here without asking, and lets them go with the unfollow', async () => {
    const reader = await signedInUser(server.url, server.db);
    const laptop = await signedInContext(browser, server, reader, 'en-GB');
    const device = await pushingDevice(laptop, pushService, server.url);
    const topics = async () => {
      const subscription = await server.db('push_subscriptions').where({ endpoint: device.json.endpoint }).first('id') as { id: number } | undefined;
      if (!subscription) return [];
      return ((await server.db('push_subscription_topics').where({ subscriptionId: subscription.id }).orderBy('topic').select('topic')) as { topic: string }[])
        .map((row) => row.topic);
    };

    // The laptop already alerts about breaking news.
    const { page, errors } = await openPage(laptop);
    const breaking = await settingsSwitch(page, server.url, 'Breaking news alerts');
    await breaking.click();
    await expect.poll(topics, { timeout: 15_000 }).toEqual(['breaking']);

    // On the phone, the reader follows a series (its app sends the library's change).
    const { series } = await seriesToFollow();
    const phone = await signedInContext(browser, server, reader);
    const change = async (type: 'follow' | 'unfollow') => {
      const now = new Date().toISOString();
      expect((await phone.request.patch('/api/me/library', { data: { now, changes: [{ type, seriesId: series.id, at: now }] } })).status()).toBe(200);
    };
    await change('follow');

    // The laptop's app, once past its first screen (a key ends it), has the follow and the series' alerts: no prompt,
    // no new subscription.
    await page.goto(`${server.url}/podcast-series/${series.id}`);
    await page.keyboard.press('Shift');
    await expect.poll(() => page.getByRole('button', { name: 'Follow series' }).getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');
    await expect.poll(topics, { timeout: 15_000 }).toEqual(['breaking', `series:${series.id}`]);
    expect(await page.evaluate(() => localStorage.getItem('e2e.subscribeCalls'))).toBe('1');

    await change('unfollow');
    await page.reload();
    await page.keyboard.press('Shift');
    await expect.poll(() => page.getByRole('button', { name: 'Follow series' }).getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('false');
    await expect.poll(topics, { timeout: 15_000 }).toEqual(['breaking']);
    expect(errors).toEqual([]);
    await phone.close();
    await laptop.close();
  });
});

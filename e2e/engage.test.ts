import https from 'node:https';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../api/test/support/http-client.js';
import { startSmtpStandIn } from '../api/test/support/smtp-stand-in.js';
import { startTestServer, type TestServer } from '../api/test/support/test-server.js';
import { signedInUser } from '../api/test/support/users.js';
import { startPushService, type BrowserSubscription } from '../api/test/stand-ins/push-service.js';
import { signedInContext } from './support/admin.js';
import { DESKTOP, launchBrowser, openPage, settingsSwitch } from './support/browser.js';
import { deliverPush, shownNotifications, pushingDevice, withStandInPush } from './support/push.js';

let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
let pushService: Awaited<ReturnType<typeof startPushService>>;
let server: TestServer;
let browser: Browser;
const defaultCa = https.globalAgent.options.ca;

beforeAll(async () => {
  [smtp, pushService, browser] = await Promise.all([startSmtpStandIn(), startPushService(), launchBrowser()]);
  https.globalAgent.options.ca = pushService.ca;
  server = await startTestServer({
    seed: true,
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Redaktion <nyhetsbrev@redaktion.example>', PUSH_ALLOWED_ORIGINS: pushService.origin },
  });
});
afterAll(async () => {
  https.globalAgent.options.ca = defaultCa;
  await browser?.close();
  await server?.close();
  await Promise.all([smtp?.close(), pushService?.close()]);
});

async function pushesTo(subscription: BrowserSubscription, count: number) {
  await expect.poll(() => pushService.received.filter((push) => push.subscriptionId === subscription.id).length, { timeout: 15_000 }).toBe(count);
  return pushService.received.filter((push) => push.subscriptionId === subscription.id);
}

describe('the newsletter form', () => {
  it('says what happened: an address it cannot use, the confirmation sent, no connection', async () => {
    const context = await browser.newContext({ ...DESKTOP, locale: 'en-GB' });
    const { page, errors } = await openPage(context);
    await page.goto(`${server.url}/`);
    const form = page.locator('.newsletter form');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toBe('Please enter a valid e-mail address.');
    await form.getByLabel('Your e-mail address').fill('inte-en-adress');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toBe('Please enter a valid e-mail address.');
    expect(await form.getByLabel('Your e-mail address').getAttribute('aria-invalid')).toBe('true');

    await form.getByLabel('Your e-mail address').fill('e2e.lasare@example.se');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => form.getByRole('status').textContent()).toBe('Almost done: open the link we just e-mailed to confirm your address.');
    expect(await form.getByRole('alert').count()).toBe(0);
    expect(await form.getByLabel('Your e-mail address').inputValue()).toBe('');
    await expect.poll(() => smtp.messages.find((mail) => mail.to.includes('e2e.lasare@example.se'))?.subject, { timeout: 10_000 })
      .toBe('Confirm your subscription to the Redaktion newsletter');

    await context.setOffline(true);
    await form.getByLabel('Your e-mail address').fill('utan.natet@example.se');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toBe('This needs a connection, and you are offline. Try again when you are back online.');
    await context.setOffline(false);
    expect(errors.filter((error) => !/Failed to fetch|ERR_INTERNET_DISCONNECTED/.test(error))).toEqual([]);
    await context.close();
  });

  it('shows the real number of confirmed readers once there are some, in Swedish too', async () => {
    const context = await browser.newContext({ ...DESKTOP, locale: 'sv-SE' });
    const { page } = await openPage(context);
    await page.goto(`${server.url}/`);
    expect(await page.locator('.newsletter-reach').count()).toBe(0);

    const mail = smtp.messages.find((message) => message.to.includes('e2e.lasare@example.se'))!;
    const link = /https?:\/\/\S+\/api\/newsletter\/confirm\?token=[\w-]+/.exec(mail.text)![0];
    const opened = await page.goto(`${server.url}${new URL(link).pathname}${new URL(link).search}`);
    expect(opened!.status()).toBe(200);
    // Opening the link asks; the button confirms (a mail scanner opening it confirms nobody).
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Confirm your subscription?');
    await page.getByRole('button', { name: 'Yes, send me the newsletter' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Thank you, your subscription is confirmed');

    await page.goto(`${server.url}/`);
    await expect.poll(() => page.locator('.newsletter .newsletter-reach').textContent()).toBe('Gör som läsaren som får det varje fredag.');
    const form = page.locator('.newsletter form');
    await form.getByLabel('Din e-postadress').fill('svensk.e2e@example.se');
    await form.getByRole('button', { name: 'Prenumerera' }).click();
    await expect.poll(() => form.getByRole('status').textContent()).toBe('Nästan klart: öppna länken vi just mejlade för att bekräfta din adress.');
    await context.close();
  });

  it('tells a reader who signs up too often to wait', async () => {
    const context = await browser.newContext({ ...DESKTOP, locale: 'en-GB' });
    const { page } = await openPage(context);
    await page.goto(`${server.url}/opinion`);
    // This address has spent its 20 sign-ups of the minute.
    for (let n = 0; n < 20; n += 1) await context.request.post(`${server.url}/api/newsletter`, { data: { email: `massa${n}@example.se` } });
    const form = page.getByRole('contentinfo').locator('form');
    await form.getByLabel('Your e-mail address').fill('en.till@example.se');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toBe('Too many sign-ups from this connection. Try again in a minute.');
    await context.close();
  });
});

describe('alerts', () => {
  it('a reader turns the newsletter on in the settings and has it once the e-mailed link is confirmed', async () => {
    const reader = await signedInUser(server.url, server.db);
    const context = await signedInContext(browser, server, reader, 'en-GB');
    const { page, errors } = await openPage(context);
    const toggle = await settingsSwitch(page, server.url, 'Weekly newsletter by e-mail');
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked'), { timeout: 15_000 }).toBe('true');
    const hint = `Open the link we e-mailed to ${reader.email} to confirm.`;
    expect(await page.getByText(hint).count()).toBe(1);

    await expect.poll(() => smtp.messages.filter((message) => message.to.includes(reader.email)).length, { timeout: 15_000 }).toBe(1);
    const mail = smtp.messages.find((message) => message.to.includes(reader.email))!;
    const link = new URL(/https?:\/\/\S+\/api\/newsletter\/confirm\?token=[\w-]+/.exec(mail.text)![0]);
    await page.goto(`${server.url}${link.pathname}${link.search}`);
    // The mail and its page speak the account's language (Swedish unless the reader chose English).
    await page.getByRole('button', { name: 'Ja, skicka mig nyhetsbrevet' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Tack, prenumerationen är bekräftad');

    await settingsSwitch(page, server.url, 'Weekly newsletter by e-mail');
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    expect(await page.getByText(hint).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a reader turns breaking-news alerts on in the settings, and the service worker shows the editor\'s alert', async () => {
    const reader = await signedInUser(server.url, server.db);
    const admin = await signedInUser(server.url, server.db, { role: 'admin' });
    const context = await signedInContext(browser, server, reader, 'en-GB');
    const device = await pushingDevice(context, pushService, server.url);
    const { page, errors } = await openPage(context);
    const toggle = await settingsSwitch(page, server.url, 'Breaking news alerts');
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    // Nothing is asked of the browser before the reader's click.
    expect(await page.evaluate(() => localStorage.getItem('e2e.subscribeCalls'))).toBeNull();
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked'), { timeout: 15_000 }).toBe('true');
    expect(await page.evaluate(() => localStorage.getItem('e2e.subscribeCalls'))).toBe('1');

    await page.reload();
    await expect.poll(() => page.getByRole('switch', { name: 'Breaking news alerts' }).getAttribute('aria-checked'), { timeout: 15_000 }).toBe('true');

    const sent = await admin.client.post('/api/admin/push', {
      title: 'Riksdagen har röstat', body: 'Budgeten gick igenom.', url: '/opinion', topic: 'breaking',
      en: { title: 'Parliament has voted', body: 'The budget passed.' },
    });
    expect(sent.status).toBe(202);
    const [push] = await pushesTo(device, 1);
    expect(push!.message).toMatchObject({ title: 'Parliament has voted', lang: 'en', url: '/opinion?ref=push' });

    await deliverPush(page, push!.message);
    await expect.poll(() => shownNotifications(page), { timeout: 10_000 })
      .toEqual([{ title: 'Parliament has voted', body: 'The budget passed.', lang: 'en', data: { url: '/opinion?ref=push' } }]);

    await page.getByRole('switch', { name: 'Breaking news alerts' }).click();
    await expect.poll(() => page.getByRole('switch', { name: 'Breaking news alerts' }).getAttribute('aria-checked'), { timeout: 15_000 }).toBe('false');
    expect(await server.db('push_subscriptions').where({ endpoint: device.json.endpoint }).first()).toBeUndefined();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a reader follows a series, and its next episode arrives as a notification in Swedish', async () => {
    const admin = await signedInUser(server.url, server.db, { role: 'admin' });
    const context = await browser.newContext({ ...DESKTOP, locale: 'sv-SE' });
    const device = await pushingDevice(context, pushService, server.url);
    const { page } = await openPage(context);
    const [series] = (await new HttpClient(server.url).get('/api/podcast-series')).body as { id: number; title: string }[];
    await page.goto(`${server.url}/podcast-series/${series!.id}`);
    const follow = page.getByRole('button', { name: 'Följ serien' });
    await expect.poll(() => follow.isEnabled(), { timeout: 15_000 }).toBe(true);
    await follow.click();
    await expect.poll(() => follow.getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');
    // The follow is in the library at once; the device's alerts once the server has its topic.
    await expect.poll(async () => (await server.db('push_subscription_topics').where({ topic: `series:${series!.id}` })).length, { timeout: 15_000 }).toBe(1);

    const now = new Date().toISOString();
    const [row] = await server.db('podcasts').insert({
      seriesId: series!.id, kind: 'episode', title: 'Avsnitt om valet', description: 'Ny', duration: 60, episodeNumber: 99,
      status: 'draft', featured: false, premium: false, createdAt: now, updatedAt: now,
    }).returning('id');
    const episodeId = Number((row as { id: number }).id);
    expect((await admin.client.request('PUT', `/api/admin/podcasts/${episodeId}`, { status: 'published' })).status).toBe(200);
    const [push] = await pushesTo(device, 1);
    expect(push!.message).toMatchObject({ title: `Nytt avsnitt: ${series!.title}`, body: 'Avsnitt om valet', url: `/podcast/${episodeId}?ref=push`, lang: 'sv' });

    await deliverPush(page, push!.message);
    await expect.poll(() => shownNotifications(page), { timeout: 10_000 })
      .toEqual([{ title: `Nytt avsnitt: ${series!.title}`, body: 'Avsnitt om valet', lang: 'sv', data: { url: `/podcast/${episodeId}?ref=push` } }]);
    await context.close();
  });

  it('a reader follows a live article, and its breaking entry arrives as a notification', async () => {
    const admin = await signedInUser(server.url, server.db, { role: 'admin' });
    const created = await admin.client.post('/api/admin/articles', {
      title: 'Just nu: stormen drar in', content: 'Vi följer stormen.', excerpt: 'Stormen når kusten i kväll.', category: 'news', author: 'Redaktionen',
      status: 'published', kind: 'live',
    });
    expect(created.status).toBe(201);
    const { id } = created.body as { id: number };
    const context = await browser.newContext({ ...DESKTOP, locale: 'sv-SE' });
    const device = await pushingDevice(context, pushService, server.url);
    const { page, errors } = await openPage(context);
    await page.goto(`${server.url}/article/${id}`);
    const follow = page.locator('.live-banner').getByRole('button', { name: 'Följ' });
    await expect.poll(() => follow.isEnabled(), { timeout: 15_000 }).toBe(true);
    await follow.click();
    await expect.poll(() => follow.getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');

    // An entry that is not breaking alerts nobody; a breaking one alerts the article's followers.
    expect((await admin.client.post(`/api/admin/articles/${id}/live/entries`, { content: 'Vinden ökar.' })).status).toBe(201);
    const entry = await admin.client.post(`/api/admin/articles/${id}/live/entries`, { content: 'Bron är stängd för all trafik.', breaking: true });
    expect(entry.status).toBe(201);
    const [push] = await pushesTo(device, 1);
    expect(push!.message).toMatchObject({ title: 'Just nu: stormen drar in', body: 'Bron är stängd för all trafik.', url: `/article/${id}?ref=push` });
    await deliverPush(page, push!.message);
    await expect.poll(() => shownNotifications(page), { timeout: 10_000 })
      .toEqual([{ title: 'Just nu: stormen drar in', body: 'Bron är stängd för all trafik.', lang: 'sv', data: { url: `/article/${id}?ref=push` } }]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('follows a series for a reader who blocked notifications, and says why alerts stay off', async () => {
    const context = await browser.newContext({ ...DESKTOP, locale: 'en-GB' });
    const device = pushService.subscribe();
    await withStandInPush(context, device);
    const { page } = await openPage(context);
    const [series] = (await new HttpClient(server.url).get('/api/podcast-series')).body as { id: number }[];
    await page.goto(`${server.url}/podcast-series/${series!.id}`);
    const follow = page.getByRole('button', { name: 'Follow series' });
    await expect.poll(() => follow.isEnabled(), { timeout: 15_000 }).toBe(true);
    await follow.click();
    // The follow stands (in the reader's library); only this device's alerts are off.
    await expect.poll(() => page.locator('.follow-series [role=status]').textContent(), { timeout: 15_000 })
      .toBe('You follow this series, but notifications are blocked for this site in the browser settings, so alerts are off on this device.');
    expect(await follow.getAttribute('aria-pressed')).toBe('true');
    expect(await server.db('push_subscriptions').where({ endpoint: device.json.endpoint }).first()).toBeUndefined();
    await context.close();
  });
});

describe('the admin tab', () => {
  it('an editor sees the counts, previews a digest in both languages, sends it, follows its history and sends a breaking alert', async () => {
    const admin = await signedInUser(server.url, server.db, { role: 'admin' });
    const device = pushService.subscribe();
    expect((await new HttpClient(server.url).post('/api/push/subscriptions', { subscription: device.json, topics: ['breaking'], locale: 'sv' })).status).toBe(201);
    await server.db('newsletter_subscribers').insert({ email: 'redaktionens.lasare@example.se', locale: 'en', status: 'confirmed', token: 'token-admin-tab-0123456789', createdAt: new Date().toISOString() });
    const confirmed = Number(((await server.db('newsletter_subscribers').where({ status: 'confirmed' }).count({ count: '*' }).first()) as { count: unknown }).count);

    const context = await signedInContext(browser, server, admin, 'en-GB');
    const { page, errors } = await openPage(context);
    await page.goto(`${server.url}/admin?tab=newsletter`);
    const panel = page.getByRole('tabpanel', { name: 'Newsletter and alerts' });
    await expect.poll(() => panel.locator('.admin-stat-value').first().textContent(), { timeout: 15_000 }).toBe(String(confirmed));

    await panel.getByLabel('Subject', { exact: true }).fill('Veckan i korthet');
    const articles = panel.getByRole('group', { name: 'Articles' }).getByRole('checkbox');
    await articles.nth(0).check();
    await articles.nth(1).check();
    await panel.getByRole('button', { name: 'Preview' }).click();
    const swedish = page.frameLocator('iframe[title="Preview: Swedish"]');
    const english = page.frameLocator('iframe[title="Preview: English"]');
    await expect.poll(() => swedish.locator('body').textContent(), { timeout: 10_000 }).toContain('Läs mer');
    expect(await english.locator('body').textContent()).toContain('Read more');

    await panel.getByRole('button', { name: `Send to ${confirmed} subscribers` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Send now' }).click();
    await expect.poll(() => page.getByText('The digest is on its way').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => smtp.messages.some((mail) => mail.subject === 'Veckan i korthet'), { timeout: 15_000 }).toBe(true);
    await expect.poll(async () => {
      await panel.getByRole('button', { name: 'Refresh' }).click();
      return panel.locator('section[aria-labelledby=engage-history] .admin-row').first().textContent();
    }, { timeout: 15_000 }).toContain(`${confirmed} of ${confirmed} delivered · 0 failed`);

    await panel.getByLabel('Title', { exact: true }).fill('Stormen når land');
    await panel.getByLabel('Text', { exact: true }).fill('Håll er inomhus i kväll.');
    await panel.getByLabel('Link (a path on the site, such as /article/12)').fill('/news');
    await panel.getByRole('button', { name: 'Send alert' }).click();
    await expect.poll(() => page.getByText(/Alert sent to \d+ devices/).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const [push] = await pushesTo(device, 1);
    expect(push!.message).toMatchObject({ title: 'Stormen når land', body: 'Håll er inomhus i kväll.', url: '/news?ref=push', lang: 'sv' });
    // The preview shows the e-mail as sent: its images point at the link origin (PUBLIC_ORIGIN, else HOST:PORT), which
    // this test's server on a random port is not, so the admin page's CSP keeps them out; nothing else may go wrong.
    expect(errors.filter((error) => !error.startsWith(`Loading the image '${server.config.linkOrigin}/media/og/`))).toEqual([]);
    await context.close();
  });
});

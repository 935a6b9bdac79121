import type { BrowserContext, Page } from 'playwright-core';
import { signedInUser } from '../api/test/support/users.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, openPage, seededServerAndBrowser } from './support/browser.js';

const env = seededServerAndBrowser();
let ids: { premium: number; person: number; footerAd: number };

beforeAll(async () => {
  const first = async (table: string, where: Record<string, unknown> = {}) => (await env.server.db(table).where(where).orderBy('id').first()) as Record<string, unknown>;
  ids = {
    premium: Number((await first('articles', { premium: true })).id),
    person: Number((await first('people_profiles')).id),
    footerAd: Number((await first('advertisements', { placement: 'footer' })).id),
  };
});

const english = () => env.browser.newContext({ ...DESKTOP, locale: 'en-GB' });
const toastText = (page: Page) => page.locator('.toast').textContent();

/** A browser context signed in as a new reader with the given role. */
async function signedIn(context: BrowserContext, role?: 'admin') {
  const reader = await signedInUser(env.server.url, env.server.db, role ? { role } : {});
  await context.addCookies([...reader.client.cookies].map(([name, value]) => ({ name, value, url: env.server.url })));
  return reader;
}

describe('the news page', () => {
  it('names an unknown category by itself, never by a catalogue key, under the news tagline', async () => {
    const context = await english();
    const { page, errors } = await openPage(context);
    await page.goto(`${env.server.url}/news?category=sport`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('sport');
    expect(await page.locator('.page-header p').textContent()).toBe('The most important stories right now');
    expect(await page.locator('main').textContent()).not.toMatch(/category\.\w|news\.tagline\./);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('titles the page after its category, in the HTML and after moving between categories', async () => {
    const html = await (await fetch(`${env.server.url}/news?category=politics`, { headers: { 'Accept-Language': 'en' } })).text();
    expect(html).toContain('<title>Politics – Redaktion</title>');
    expect(html).toContain('<meta name="description" content="Power, decisions and elections">');
    const context = await english();
    const { page } = await openPage(context);
    await page.goto(`${env.server.url}/news`);
    expect(await page.title()).toBe('News – Redaktion');
    await page.locator('.pills').getByRole('link', { name: 'Business' }).click();
    await expect.poll(() => page.title()).toBe('Business – Redaktion');
    await context.close();
  });

  it('gives each category its own colour', async () => {
    const context = await english();
    const { page } = await openPage(context);
    const accent = () => page.locator('.page-header').evaluate((header) => getComputedStyle(header).borderBottomColor);
    await page.goto(`${env.server.url}/news?category=politics`);
    const politics = await accent();
    await page.goto(`${env.server.url}/news?category=culture`);
    const culture = await accent();
    await page.goto(`${env.server.url}/news`);
    expect(new Set([politics, culture, await accent()]).size).toBe(3);
    await context.close();
  });

  it('says there are no articles when every group is empty', async () => {
    const context = await env.browser.newContext({ ...DESKTOP, locale: 'en-GB', serviceWorkers: 'block' });
    const { page } = await openPage(context);
    await page.goto(`${env.server.url}/opinion`);
    await page.route(/\/api\/articles\?/, (route) => route.fulfill({ json: [] }));
    await page.locator('.main-nav').getByRole('link', { name: 'News' }).click();
    await expect.poll(() => page.locator('main .empty').textContent()).toBe('No articles available yet.');
    await context.close();
  });
});

describe('the footer', () => {
  it('has the About items, named social links, a legal row and the footer ad', async () => {
    const context = await english();
    const { page, errors } = await openPage(context);
    await page.goto(`${env.server.url}/opinion`);
    const footer = page.getByRole('contentinfo');
    for (const item of ['Our Story', 'Editorial Team', 'Careers', 'Press Kit', 'Contact']) expect(await footer.textContent()).toContain(item);
    for (const network of ['Facebook', 'Instagram', 'X', 'YouTube']) expect(await footer.getByRole('link', { name: `Redaktion on ${network}` }).count()).toBe(1);
    const legal = footer.getByRole('navigation', { name: 'Legal' });
    expect(await legal.getByRole('link').allTextContents()).toEqual(['Privacy Policy', 'Terms of Service', 'Cookie Policy', 'Accessibility']);
    const ad = page.getByRole('complementary', { name: 'Advertisement: Norrlandståget' });
    await expect.poll(() => ad.isVisible()).toBe(true);
    expect(await ad.getByRole('link').getAttribute('href')).toBe(`/api/advertisements/${ids.footerAd}/click`);
    await legal.getByRole('link', { name: 'Cookie Policy' }).click();
    await page.waitForURL('**/cookies');
    expect(errors).toEqual([]);
    await context.close();

    const swedish = await env.browser.newContext({ ...DESKTOP, locale: 'sv-SE' });
    const sv = await swedish.newPage();
    await sv.goto(`${env.server.url}/`);
    expect(await sv.getByRole('contentinfo').getByRole('link', { name: 'Redaktion på Instagram' }).count()).toBe(1);
    await swedish.close();
  });
});

describe('password reset without a token', () => {
  it('says the token is required and titles the page after the state', async () => {
    const context = await english();
    const { page } = await openPage(context);
    await page.goto(`${env.server.url}/reset-password`);
    await expect.poll(() => page.locator('main').textContent()).toContain('Reset token is required');
    expect(await page.title()).toBe('Invalid Reset Link – Redaktion');
    await page.goto(`${env.server.url}/reset-password?token=abc`);
    expect(await page.title()).toBe('Choose a new password – Redaktion');
    await context.close();
  });
});

describe('the dashboard', () => {
  it('shows the account information in settings too, with the role in the reader’s language', async () => {
    const context = await english();
    const reader = await signedIn(context, 'admin');
    const { page, errors } = await openPage(context);
    await page.goto(`${env.server.url}/dashboard/settings`);
    const account = page.getByRole('region', { name: 'Account information' });
    await expect.poll(() => account.textContent()).toContain(reader.username);
    expect(await account.textContent()).toContain(reader.email);
    expect(await account.locator('dt', { hasText: 'Role' }).locator('+ dd').textContent()).toBe('Admin');
    await page.getByLabel('Language').selectOption('sv');
    await expect.poll(() => page.getByRole('region', { name: 'Kontouppgifter' }).locator('dt', { hasText: 'Roll' }).locator('+ dd').textContent())
      .toBe('Administratör');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('sharing', () => {
  it('copies the link another way when the clipboard refuses, and says so when nothing can copy it', async () => {
    const context = await english();
    await context.addInitScript(() => {
      Object.defineProperty(navigator, 'share', { value: undefined });
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new DOMException('Denied', 'NotAllowedError')) } });
      document.addEventListener('copy', () => {
        (window as unknown as { copied: string }).copied = String(document.getSelection());
      });
    });
    const { page, errors } = await openPage(context);
    await page.goto(`${env.server.url}/people/${ids.person}`);
    await page.getByRole('button', { name: 'Share Profile' }).click();
    await expect.poll(() => toastText(page)).toContain('Copied');
    expect(await page.evaluate(() => (window as unknown as { copied: string }).copied)).toBe(page.url());

    await page.evaluate(() => { document.execCommand = () => false; });
    await page.getByRole('button', { name: /Share Profile|Copied/ }).click();
    await expect.poll(() => toastText(page)).toContain('Could not copy the link');
    expect(await toastText(page)).toContain(page.url());
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('subscribing from a page', () => {
  it('takes the page along to Subscribe, from the paywall and the header, and back after payment', async () => {
    const context = await english();
    const { page } = await openPage(context);
    await page.goto(`${env.server.url}/article/${ids.premium}`);
    const paywallLink = page.locator('.paywall').getByRole('link', { name: /Subscribe/ });
    expect(await paywallLink.getAttribute('href')).toBe(`/subscribe?returnTo=${encodeURIComponent(`/article/${ids.premium}`)}`);
    await page.goto(`${env.server.url}/opinion`);
    const headerLink = page.locator('.header-actions').getByRole('link', { name: 'Subscribe' });
    expect(await headerLink.getAttribute('href')).toBe('/subscribe?returnTo=%2Fopinion');
    await headerLink.click();
    await page.waitForURL('**/subscribe?returnTo=%2Fopinion');
    // On the Subscribe page the header keeps where the reader came from.
    expect(await headerLink.getAttribute('href')).toBe('/subscribe?returnTo=%2Fopinion');

    await signedIn(context);
    await page.goto(`${env.server.url}/subscription/success?returnTo=%2Fopinion`);
    await page.getByRole('link', { name: 'Continue reading' }).click();
    await page.waitForURL(`${env.server.url}/opinion`);
    await context.close();
  });
});

describe('accessibility details', () => {
  it('opens the user menu as a disclosure that Escape closes, and closes the phone menu on Escape', async () => {
    const context = await english();
    await signedIn(context);
    const { page } = await openPage(context);
    await page.goto(`${env.server.url}/opinion`);
    const avatar = page.getByRole('button', { name: 'Account menu' });
    await avatar.click();
    expect(await page.getByRole('menu').count()).toBe(0);
    expect(await avatar.getAttribute('aria-expanded')).toBe('true');
    await page.locator('#user-menu').getByRole('link', { name: /Settings/ }).focus();
    await page.keyboard.press('Escape');
    expect(await page.locator('#user-menu').count()).toBe(0);
    expect(await avatar.evaluate((button) => button === document.activeElement)).toBe(true);
    // Opinion cards sit under the page's h1 as h2s.
    expect(await page.locator('main h3').count()).toBe(0);
    expect(await page.locator('main .card-title').first().evaluate((title) => title.tagName)).toBe('H2');
    await context.close();

    const phone = await env.browser.newContext({ ...PHONE, locale: 'en-GB' });
    const small = await phone.newPage();
    await small.goto(`${env.server.url}/`);
    await small.getByRole('button', { name: 'Menu' }).click();
    await small.keyboard.press('Escape');
    expect(await small.locator('#mobile-menu').count()).toBe(0);
    expect(await small.getByRole('button', { name: 'Menu' }).evaluate((button) => button === document.activeElement)).toBe(true);
    await phone.close();
  });

  it('announces toasts and the newsletter confirmation through regions that are always there', async () => {
    const context = await english();
    const { page } = await openPage(context);
    await page.goto(`${env.server.url}/opinion`);
    const toaster = page.locator('.toaster [role=status]');
    expect(await toaster.count()).toBe(1);
    const footerForm = page.getByRole('contentinfo').locator('form');
    await footerForm.getByLabel('Your e-mail address').fill('lasare@example.se');
    await footerForm.getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => footerForm.getByRole('status').textContent()).toBe('Almost done: open the link we just e-mailed to confirm your address.');
    await context.close();
  });

  it('tells a failed search and a failed profile list in words, not as a status code', async () => {
    const context = await env.browser.newContext({ ...DESKTOP, locale: 'en-GB', serviceWorkers: 'block' });
    const { page } = await openPage(context);
    await page.goto(`${env.server.url}/opinion`);
    await page.route(/\/api\/articles\?.*q=/, (route) => route.fulfill({ status: 500, body: 'Internal Server Error' }));
    await page.route(/\/api\/people\?/, (route) => route.fulfill({ status: 500, body: 'Internal Server Error' }));
    await page.locator('#header-search').fill('klimat');
    await page.locator('#header-search').press('Enter');
    await expect.poll(() => page.locator('main .error-note').textContent()).toBe('Search is not available right now. Please try again.');
    await page.locator('.main-nav').getByRole('link', { name: 'People' }).click();
    await expect.poll(() => page.locator('main .error-note').allTextContents()).toContain('Failed to fetch profiles');
    await context.close();
  });
});

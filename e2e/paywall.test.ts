import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { insertArticle } from '../api/test/support/fixtures.js';
import { signedInUser } from '../api/test/support/users.js';
import { signedInContext } from './support/admin.js';
import { DESKTOP, PHONE, openPage, seededServerAndBrowser } from './support/browser.js';
import { WCAG21AA } from './support/accessibility.js';

/** The metered paywall, the registration wall and gift links in Chromium (contract §9 [revenue]). */
const env = seededServerAndBrowser();

const premium = (title: string, content: string) => insertArticle(env.server, { title, premium: true, content, excerpt: `Ingressen till ${title}` });
const body = (page: Page) => page.locator('.article-body');
const wall = (page: Page) => page.getByRole('region', { name: /Register to keep reading|You have read your 3 free|This article is for subscribers/ });

async function axeClean(page: Page, step: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG21AA).analyze();
  expect(results.violations.map((v) => `${step}: ${v.id} ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

describe('the metered paywall', () => {
  it('meets a signed-out reader with the registration wall, reads after registering, counts down and locks the fourth', async () => {
    const ids = [
      await premium('Hamnen byggs ut', 'Första fria stycket om hamnen.'),
      await premium('Skolorna får mer', 'Andra fria stycket om skolorna.'),
      await premium('Tåget blir snabbare', 'Tredje fria stycket om tåget.'),
      await premium('Bron stängs', 'Fjärde stycket som förblir låst.'),
    ];
    const context = await env.browser.newContext({ ...PHONE, locale: 'en-GB' });
    const { page, errors } = await openPage(context);
    await page.goto(`${env.server.url}/article/${ids[0]}`);
    await wall(page).waitFor();
    expect(await wall(page).textContent()).toContain('read 3 premium articles a month');
    expect(await body(page).count()).toBe(0);
    await axeClean(page, 'registration wall');

    await wall(page).getByRole('link', { name: 'Create a free account' }).click();
    await page.waitForURL(/\/auth\?tab=register&returnTo=/);
    const form = page.locator('[role=tabpanel]:visible');
    await form.getByLabel('Username', { exact: true }).fill('matarlasare');
    await form.getByLabel('E-mail', { exact: true }).fill('matarlasare@example.se');
    await form.getByLabel('Password', { exact: true }).fill('lösenord123');
    await form.getByLabel('Confirm password').fill('lösenord123');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(`${env.server.url}/article/${ids[0]}`);
    await expect.poll(() => body(page).textContent()).toContain('Första fria stycket om hamnen.');
    expect(await page.getByRole('status').filter({ hasText: 'free premium articles' }).textContent()).toBe('You have 2 of 3 free premium articles left this month.');

    // Opened as a page of its own (server-rendered for this reader), the next two count down.
    await page.goto(`${env.server.url}/article/${ids[1]}`);
    expect(await body(page).textContent()).toContain('Andra fria stycket om skolorna.');
    await page.goto(`${env.server.url}/article/${ids[2]}`);
    expect(await page.locator('.access-note').textContent()).toBe('This was the last of your 3 free premium articles this month.');
    await page.goto(`${env.server.url}/article/${ids[3]}`);
    await wall(page).waitFor();
    expect(await wall(page).getByRole('heading').textContent()).toBe('You have read your 3 free premium articles this month');
    expect(await page.content()).not.toContain('Fjärde stycket som förblir låst.');
    await axeClean(page, 'meter used up');
    // A counted article stays open for the rest of the month.
    await page.goto(`${env.server.url}/article/${ids[0]}`);
    expect(await body(page).textContent()).toContain('Första fria stycket om hamnen.');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('gift links', () => {
  it('lets a subscriber give an article that a fresh browser opens whole, lists it with its opens, and revokes it', async () => {
    const id = await premium('Gåvan till en vän', 'Stycket som bara gåvans mottagare läser.');
    const giver = await signedInUser(env.server.url, env.server.db, { subscriptionStatus: 'active' });
    const context = await signedInContext(env.browser, env.server, giver);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.url });
    const { page, errors } = await openPage(context);
    await page.goto(`${env.server.url}/article/${id}`);
    expect(await page.locator('#gift-hint').textContent()).toBe('Anyone can read it through the link for 14 days. You have 10 gift links left this month.');
    await page.getByRole('button', { name: 'Give this article' }).click();
    await expect.poll(() => page.locator('.toast').textContent()).toContain('Gift link copied');
    expect(await page.locator('#gift-hint').textContent()).toContain('You have 9 gift links left');
    const url = await page.evaluate(() => navigator.clipboard.readText());
    expect(url).toMatch(new RegExp(`/article/${id}\\?gift=[\\w-]{32,}$`));

    const friend = await env.browser.newContext({ ...DESKTOP, locale: 'en-GB' });
    const reader = await openPage(friend);
    await reader.page.goto(new URL(new URL(url).pathname + new URL(url).search, env.server.url).href);
    expect(await body(reader.page).textContent()).toContain('Stycket som bara gåvans mottagare läser.');
    expect(await reader.page.getByRole('note').filter({ hasText: 'A subscriber has given you' }).count()).toBe(1);
    await axeClean(reader.page, 'gift opened');

    await page.goto(`${env.server.url}/dashboard`);
    const list = page.getByRole('region', { name: 'Gift links' });
    await expect.poll(() => list.locator('li').first().textContent()).toContain('Gåvan till en vän · Opened once · Works until');
    await list.getByRole('button', { name: 'Revoke the gift link to “Gåvan till en vän”' }).click();
    await expect.poll(() => list.locator('li').first().textContent()).toContain('No longer works');

    await reader.page.reload();
    expect(await reader.page.locator('.access-note').textContent()).toContain('This gift link no longer works');
    expect(await reader.page.content()).not.toContain('Stycket som bara gåvans mottagare läser.');
    expect(errors).toEqual([]);
    expect(reader.errors).toEqual([]);
    await friend.close();
    await context.close();
  });
});

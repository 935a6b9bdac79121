import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminStats } from '@redaktion/shared/admin-client';
import type { Article, User } from '@redaktion/shared';
import { createAdminWithCli, signedInContext } from './support/admin.js';
import { DESKTOP, focused, openPage, seededServerAndBrowser } from './support/browser.js';

const env = seededServerAndBrowser();

const EDITOR = { username: 'redaktor', email: 'redaktor@example.se', password: 'redaktionen-2026' };
const CHIEF = { username: 'chefred', email: 'chefred@example.se', password: 'chefredaktor-2026', role: 'super_admin' as const };
const READER = { username: 'lasaren', email: 'lasaren@example.se', password: 'lasarens-losen' };

beforeAll(async () => {
  await createAdminWithCli(env.server, EDITOR);
  await createAdminWithCli(env.server, CHIEF);
});

const toastText = (page: Page) => page.locator('.toast').textContent();
const row = (page: Page, title: string) => page.locator('.admin-row', { has: page.getByText(title, { exact: true }) });
const api = async <T>(context: BrowserContext, path: string): Promise<T> => (await context.request.get(`${env.server.url}${path}`)).json() as Promise<T>;

/** A signed-out visitor's view of a reader page (staff may preview unpublished items): its status and heading. */
async function visitorSees(path: string): Promise<{ status: number; heading: string | null }> {
  const context = await env.browser.newContext({ ...DESKTOP, locale: 'en-GB' });
  const { page, errors } = await openPage(context);
  const response = await page.goto(`${env.server.url}${path}`);
  const heading = await page.locator('h1').first().textContent();
  await context.close();
  expect(errors).toEqual([]);
  return { status: response?.status() ?? 0, heading };
}

async function fillArticle(dialog: Locator, article: { title: string; status?: string }) {
  await dialog.getByLabel('Title', { exact: true }).fill(article.title);
  await dialog.getByLabel('Excerpt', { exact: true }).fill('Kort om det som hände');
  // The body is written in the editor as one types: a paragraph, Enter, the next.
  await dialog.getByRole('textbox', { name: 'Content', exact: true }).click();
  await dialog.page().keyboard.type('Första stycket om saken.');
  await dialog.page().keyboard.press('Enter');
  await dialog.page().keyboard.type('Andra stycket med mer.');
  await dialog.getByLabel('Category', { exact: true }).selectOption('news');
  await dialog.getByLabel('Author', { exact: true }).fill('Rut Redaktör');
  if (article.status) await dialog.getByLabel('Status', { exact: true }).selectOption(article.status);
}

describe('an admin at the editorial desk (desktop)', () => {
  it('sees the real figures, then creates, edits, publishes, reads and deletes an article', async () => {
    const context = await signedInContext(env.browser, env.server, EDITOR);
    const { page, errors } = await openPage(context);
    const stats = await api<AdminStats>(context, '/api/admin/stats');
    expect(stats.articles.total).toBeGreaterThan(0);

    await page.goto(`${env.server.url}/admin`);
    const card = (label: string) => page.locator('.admin-stats li', { hasText: label });
    await expect.poll(() => card('Total Articles').locator('.admin-stat-value').textContent()).toBe(String(stats.articles.total));
    expect(await card('Total Articles').textContent()).toContain(`${stats.articles.published} published`);
    expect(await card('Total Articles').textContent()).toContain('new this week');
    expect(await card('Total Podcasts').locator('.admin-stat-value').textContent()).toBe(String(stats.podcasts.total));
    expect(await card('Active Ads').locator('.admin-stat-value').textContent()).toBe(String(stats.advertisements.active));
    expect(await card('Pending Reviews').locator('.admin-stat-value').textContent()).toBe(String(stats.approvals.pending));
    await expect.poll(() => page.getByRole('region', { name: 'Recent Activity' }).locator('.admin-row').count()).toBe(5);
    expect(await page.getByRole('tab', { name: 'Users' }).count()).toBe(0);

    await page.getByRole('tab', { name: 'Articles' }).click();
    await page.getByRole('button', { name: 'Create Article' }).click();
    const create = page.getByRole('dialog', { name: 'Create New Article' });
    await create.getByRole('button', { name: 'Create Article' }).click();
    await expect.poll(() => create.getByText('Title is required').count()).toBe(1);
    expect(await create.getByText('Author is required').count()).toBe(1);

    await fillArticle(create, { title: 'Ny bro över Göta älv' });
    await create.getByRole('button', { name: 'Create Article' }).click();
    await expect.poll(() => toastText(page)).toContain('Article created successfully!');
    await expect.poll(() => row(page, 'Ny bro över Göta älv').textContent()).toContain('Draft');
    const created = (await api<Article[]>(context, '/api/admin/articles')).find((a) => a.title === 'Ny bro över Göta älv')!;
    expect((await api<Article>(context, `/api/admin/articles/${created.id}`)).content).toBe('Första stycket om saken.\n\nAndra stycket med mer.');

    await row(page, 'Ny bro över Göta älv').getByRole('button', { name: 'Edit “Ny bro över Göta älv”' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Article' });
    expect(await edit.getByLabel('Title', { exact: true }).inputValue()).toBe('Ny bro över Göta älv');
    await edit.getByLabel('Title', { exact: true }).fill('Bron över Göta älv invigd');
    await edit.getByLabel('Status', { exact: true }).selectOption('published');
    await edit.getByRole('button', { name: 'Update Article' }).click();
    await expect.poll(() => toastText(page)).toContain('Article updated successfully');
    const published = row(page, 'Bron över Göta älv invigd');
    await expect.poll(() => published.textContent()).toContain('Published');

    const href = await published.getByRole('link', { name: 'View on site: Bron över Göta älv invigd' }).getAttribute('href');
    const id = /\/article\/(\d+)$/.exec(href ?? '')?.[1];
    expect(id).toBeTruthy();
    expect(await visitorSees(`/article/${id}`)).toEqual({ status: 200, heading: 'Bron över Göta älv invigd' });

    await published.getByRole('button', { name: 'Delete “Bron över Göta älv invigd”' }).click();
    await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => toastText(page)).toContain('Article deleted successfully');
    await expect.poll(() => published.count()).toBe(0);
    expect((await visitorSees(`/article/${id}`)).status).toBe(404);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('returns the keyboard to “Ny artikel” when its dialog closes, and names each “Visa på sajten” by its visible words', async () => {
    const context = await signedInContext(env.browser, env.server, EDITOR, 'sv-SE');
    const { page, errors } = await openPage(context);
    await page.goto(`${env.server.url}/admin?tab=articles`);
    const open = page.getByRole('button', { name: 'Ny artikel' });
    const dialog = page.getByRole('dialog', { name: 'Ny artikel' });
    for (const close of [() => page.keyboard.press('Escape'), () => dialog.getByRole('button', { name: 'Stäng' }).press('Enter')]) {
      await open.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => dialog.isVisible()).toBe(true);
      await close();
      await expect.poll(() => dialog.count()).toBe(0);
      await expect.poll(() => focused(page)).toBe('button: Ny artikel');
    }

    // WCAG 2.5.3: a voice user says what they see, so each link's name begins with its visible text.
    const links = page.getByRole('link', { name: /^Visa på sajten: / });
    await expect.poll(() => links.count()).toBeGreaterThan(0);
    for (const link of await links.all()) expect(await link.textContent()).toBe('Visa på sajten');
    const axe = await new AxeBuilder({ page }).include('.admin-list').withRules(['label-content-name-mismatch']).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reviews submitted articles: the red count, approve publishes one, reject sends another back to draft', async () => {
    const context = await signedInContext(env.browser, env.server, EDITOR);
    const { page, errors } = await openPage(context);
    // One submitted by a colleague before the editor opens the dashboard...
    const submitted = await context.request.post(`${env.server.url}/api/admin/articles`, {
      data: { title: 'Skolvalet ses över', excerpt: 'Utredning', content: 'Text.', category: 'society', author: 'Sara Skribent', status: 'pending' },
    });
    expect(submitted.status()).toBe(201);
    const rejectedId = ((await submitted.json()) as Article).id;

    await page.goto(`${env.server.url}/admin?tab=articles`);
    const badge = page.getByRole('tab', { name: /Approvals/ }).locator('.admin-count-badge');
    await expect.poll(() => badge.textContent()).toBe('1');

    // ...and one the editor submits here: the badge follows without a reload.
    await page.getByRole('button', { name: 'Create Article' }).click();
    const create = page.getByRole('dialog', { name: 'Create New Article' });
    await fillArticle(create, { title: 'Nytt tåg till Luleå', status: 'pending' });
    await create.getByRole('button', { name: 'Create Article' }).click();
    await expect.poll(() => toastText(page)).toContain('Article created successfully!');
    await expect.poll(() => row(page, 'Nytt tåg till Luleå').textContent()).toContain('Pending Review');
    await expect.poll(() => badge.textContent()).toBe('2');
    const approvedId = (await api<Article[]>(context, '/api/admin/articles')).find((a) => a.title === 'Nytt tåg till Luleå')!.id;
    expect((await visitorSees(`/article/${approvedId}`)).status).toBe(404);

    await page.getByRole('tab', { name: /Approvals/ }).click();
    const card = (title: string) => page.locator('.admin-approval', { hasText: title });
    await expect.poll(() => card('Nytt tåg till Luleå').textContent()).toContain('Submitted by redaktor');
    expect(await card('Skolvalet ses över').textContent()).toContain('Article');

    await page.getByRole('button', { name: 'Approve “Nytt tåg till Luleå”' }).click();
    await expect.poll(() => toastText(page)).toContain('Content approval updated successfully');
    await expect.poll(() => card('Nytt tåg till Luleå').count()).toBe(0);
    await expect.poll(() => badge.textContent()).toBe('1');
    expect(await visitorSees(`/article/${approvedId}`)).toEqual({ status: 200, heading: 'Nytt tåg till Luleå' });

    await page.getByRole('button', { name: 'Reject “Skolvalet ses över”' }).click();
    const reject = page.getByRole('dialog', { name: 'Reject “Skolvalet ses över”' });
    await reject.getByLabel('Comment (optional)').fill('Saknar källor');
    await reject.getByRole('button', { name: 'Reject' }).click();
    await expect.poll(() => page.getByText('No content is waiting for review.').count()).toBe(1);
    await expect.poll(() => badge.count()).toBe(0);
    const rejected = (await api<Article[]>(context, '/api/admin/articles')).find((a) => a.id === rejectedId)!;
    expect(rejected.status).toBe('draft');
    expect((await visitorSees(`/article/${rejectedId}`)).status).toBe(404);

    await page.getByRole('tab', { name: 'Articles' }).click();
    await expect.poll(() => row(page, 'Skolvalet ses över').textContent()).toContain('Draft');
    await expect.poll(() => row(page, 'Nytt tåg till Luleå').textContent()).toContain('Published');

    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('who may enter', () => {
  it('shows a reader Access Denied on /admin', async () => {
    const context = await env.browser.newContext({ ...DESKTOP, locale: 'en-GB', baseURL: env.server.url });
    const registered = await context.request.post(`${env.server.url}/api/register`, { data: READER });
    expect(registered.ok()).toBe(true);
    const { page, errors } = await openPage(context);
    await page.goto(`${env.server.url}/admin`);
    await expect.poll(() => page.getByRole('heading', { name: 'Access Denied' }).count()).toBe(1);
    expect(await page.getByText('You need admin privileges to access this page.').count()).toBe(1);
    expect(await page.getByRole('tab').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets a super_admin find the reader and make them an admin, but not demote themselves', async () => {
    const context = await signedInContext(env.browser, env.server, CHIEF);
    const { page, errors } = await openPage(context);
    await page.goto(`${env.server.url}/admin`);
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByLabel('Search users').fill('lasaren');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => page.locator('.admin-row').count()).toBe(1);

    await page.getByLabel('Role for lasaren').selectOption('admin');
    await expect.poll(() => toastText(page)).toContain('User updated');
    const [reader] = await api<User[]>(context, '/api/admin/users?q=lasaren');
    expect(reader!.role).toBe('admin');

    await page.getByLabel('Search users').fill('chefred');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByLabel('Role for chefred').selectOption('user');
    await expect.poll(() => toastText(page)).toContain('You cannot change your own role or deactivate your own account');
    expect(await page.getByLabel('Role for chefred').inputValue()).toBe('super_admin');

    expect(errors).toEqual([]);
    await context.close();
  });
});

import { AxeBuilder } from '@axe-core/playwright';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminArticle, LiveEntries, LiveEntry } from '@redaktion/shared';
import { createAdminWithCli, signedInContext } from './support/admin.js';
import { openPage, seededServerAndBrowser } from './support/browser.js';

const env = seededServerAndBrowser();
const EDITOR = { username: 'livereporter', email: 'livereporter@example.se', password: 'livereporterns-losen-2026' };
const COLLEAGUE = { username: 'nattredaktor', email: 'nattredaktor@example.se', password: 'nattredaktorns-losen-2026' };

beforeAll(async () => {
  await createAdminWithCli(env.server, EDITOR);
  await createAdminWithCli(env.server, COLLEAGUE);
});

describe('the live console in Chromium', () => {
  it('makes an article live, posts an entry with Ctrl+Enter, follows a colleague\'s, edits, pins and ends the coverage', async () => {
    const context = await signedInContext(env.browser, env.server, EDITOR);
    const { page, errors } = await openPage(context);
    const title = 'Stormen Amy drar in över Norrland';
    await page.goto(`${env.server.url}/admin?tab=articles`);
    await page.getByRole('button', { name: 'Create Article' }).click();
    const create = page.getByRole('dialog', { name: 'Create New Article' });
    await create.getByLabel('Title', { exact: true }).fill(title);
    await create.getByLabel('Excerpt', { exact: true }).fill('Följ stormen här');
    await create.getByLabel('Category', { exact: true }).selectOption('news');
    await create.getByLabel('Author', { exact: true }).fill('Sara Skribent');
    await create.getByLabel('Status', { exact: true }).selectOption('published');
    await create.getByLabel('Kind', { exact: true }).selectOption({ label: 'Live coverage' });
    await create.getByText('Save the article to open its live console.').waitFor();
    await create.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.type('SMHI varnar för orkanbyar längs kusten under natten.');
    await create.getByRole('button', { name: 'Create Article' }).click();
    await page.getByText('Article created successfully!').waitFor();
    const articles = await (await context.request.get(`${env.server.url}/api/admin/articles?limit=100`)).json() as AdminArticle[];
    const { id } = articles.find((article) => article.title === title)!;

    // The form shows the coverage and leads to the console.
    await page.getByRole('button', { name: `Edit “${title}”` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Article' });
    await edit.getByText('Live', { exact: true }).waitFor();
    await edit.getByRole('link', { name: 'Open the live console' }).click();
    await page.waitForURL(`${env.server.url}/admin/articles/${id}/live`);
    await page.getByRole('heading', { level: 1, name: 'Live console' }).waitFor();
    await page.getByText('No entries yet.', { exact: false }).waitFor();

    // Written as one writes, published with one keystroke.
    const composer = page.getByRole('region', { name: 'New entry' });
    await composer.getByLabel('Title (optional)').fill('Träd över E4');
    await composer.getByRole('switch', { name: 'Key event' }).click();
    await composer.getByRole('textbox', { name: 'Entry' }).click();
    await page.keyboard.type('E4 är avstängd norr om Hudiksvall efter att ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('flera träd');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' fallit över vägen.');
    await page.keyboard.press('Control+Enter');
    const entries = page.getByRole('region', { name: 'Entries' });
    const first = entries.getByRole('article', { name: /: Träd över E4$/ });
    await first.getByText('flera träd').waitFor();
    expect(await first.locator('strong').textContent()).toBe('flera träd');
    await expect.poll(() => page.locator('.live-announcer').textContent()).toBe('Published: Träd över E4');
    // The composer is ready for the next entry, with the focus in its text.
    await expect.poll(() => composer.getByLabel('Title (optional)').inputValue()).toBe('');
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('editor-text'))).toBe(true);
    const live = async () => (await (await context.request.get(`${env.server.url}/api/articles/${id}/live`)).json()) as LiveEntries;
    const stored = () => live().then((answer) => answer.entries as LiveEntry[]);
    expect(await stored()).toEqual([expect.objectContaining({
      title: 'Träd över E4', content: 'E4 är avstängd norr om Hudiksvall efter att **flera träd** fallit över vägen.', keyEvent: true, pinned: false,
    })]);

    // A colleague posts from elsewhere: the console shows it without a reload.
    const colleague = await signedInContext(env.browser, env.server, COLLEAGUE);
    const posted = await colleague.request.post(`${env.server.url}/api/admin/articles/${id}/live/entries`, {
      data: { title: 'Strömmen borta', content: 'Tiotusen hushåll i Sundsvall saknar ström.' },
    });
    expect(posted.status()).toBe(201);
    await colleague.close();
    await entries.getByRole('article', { name: /: Strömmen borta$/ }).waitFor({ timeout: 10_000 });
    expect(await entries.getByRole('article').evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')!.replace(/^.*?: /, ''))))
      .toEqual(['Strömmen borta', 'Träd över E4']);

    // Edited in place: Ctrl+Enter saves.
    await first.getByRole('button', { name: 'Edit “Träd över E4”' }).click();
    const text = first.getByRole('textbox', { name: 'Entry' });
    await text.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('E4 är öppen igen norr om Hudiksvall.');
    await page.keyboard.press('Control+Enter');
    await page.getByText('Entry updated').waitFor();
    await first.getByText('E4 är öppen igen norr om Hudiksvall.').waitFor();
    expect((await stored()).find((entry) => entry.title === 'Träd över E4')?.content).toBe('E4 är öppen igen norr om Hudiksvall.');

    // Pinned: shown above the others on the page.
    await first.getByRole('button', { name: 'Pin' }).click();
    await expect.poll(() => first.getByRole('button', { name: 'Pin' }).getAttribute('aria-pressed')).toBe('true');
    expect((await stored()).find((entry) => entry.title === 'Träd över E4')?.pinned).toBe(true);

    const axe = await new AxeBuilder({ page }).include('.live-console').analyze();
    expect(axe.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`)).toEqual([]);

    // Ended after a question: the console then takes no more entries.
    await page.getByRole('button', { name: 'End coverage' }).click();
    await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'End coverage' }).click();
    await page.getByText('The coverage has ended', { exact: true }).waitFor();
    await page.locator('.live-coverage').getByText('Ended', { exact: true }).waitFor();
    expect(await composer.getByRole('button', { name: 'Publish' }).isDisabled()).toBe(true);
    const article = await (await context.request.get(`${env.server.url}/api/admin/articles/${id}`)).json() as AdminArticle;
    expect(article).toMatchObject({ kind: 'live', liveStatus: 'ended', title, status: 'published', content: 'SMHI varnar för orkanbyar längs kusten under natten.' });
    expect(article.coverageEndTime).toEqual(expect.any(String));
    expect((await live()).status).toBe('ended');
    expect(errors).toEqual([]);
    await context.close();
  });
});

import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminArticle } from '@redaktion/shared';
import { image } from '../api/test/support/media.js';
import { createAdminWithCli, signedInContext } from './support/admin.js';
import { DESKTOP, openPage, seededServerAndBrowser } from './support/browser.js';

const env = seededServerAndBrowser();
const EDITOR = { username: 'skribent', email: 'skribent@example.se', password: 'skribentens-losen-2026' };

beforeAll(async () => {
  await createAdminWithCli(env.server, EDITOR);
});

/** An address pasted into the text as a browser pastes it: a paste event carrying the clipboard's text. */
async function pasteText(target: Locator, text: string) {
  await target.evaluate((element, pasted) => {
    const clipboardData = new DataTransfer();
    clipboardData.setData('text/plain', pasted);
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
  }, text);
}

const type = (page: Page, ...lines: string[]) => lines.reduce<Promise<void>>(async (before, line, index) => {
  await before;
  if (index > 0) await page.keyboard.press('Enter');
  await page.keyboard.type(line);
}, Promise.resolve());

describe('the article editor in Chromium', () => {
  it('writes a story with a subheading, a link, a list, a picture uploaded on the spot and an embed, and the site shows exactly that', async () => {
    const context = await signedInContext(env.browser, env.server, EDITOR);
    const { page, errors } = await openPage(context);
    await page.goto(`${env.server.url}/admin?tab=articles`);
    await page.getByRole('button', { name: 'Create Article' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Article' });
    await dialog.getByLabel('Title', { exact: true }).fill('Budgeten klubbad i riksdagen');
    await dialog.getByLabel('Excerpt', { exact: true }).fill('Riksdagen sa ja');
    await dialog.getByLabel('Category', { exact: true }).selectOption('news');
    await dialog.getByLabel('Author', { exact: true }).fill('Sara Skribent');
    await dialog.getByLabel('Status', { exact: true }).selectOption('published');

    // Typed as one types: Markdown's shortcuts make the subheading and the list.
    const body = dialog.getByRole('textbox', { name: 'Content' });
    await body.click();
    await type(page, 'Riksdagen röstade i dag om budgeten.', '## Vad händer nu', 'Läs mer på ');
    await page.keyboard.press('Control+k');
    const link = page.getByRole('dialog', { name: 'Link' });
    await link.getByLabel('Address').fill('https://www.val.se');
    await link.getByLabel('Text', { exact: true }).fill('Valmyndighetens sida');
    await link.getByRole('button', { name: 'Apply' }).click();
    // Enter on an empty item or quoted line leaves the list or the quote.
    await type(page, '.', '- Första punkten', 'Andra punkten', '', '> Budgeten är klar, säger talmannen.', '', '1. Ett', 'Två', '', '');
    const toolbar = dialog.getByRole('toolbar', { name: 'Formatting' });
    for (const block of ['Bulleted list', 'Quote', 'Numbered list']) {
      await expect.poll(() => toolbar.getByRole('button', { name: block }).getAttribute('aria-pressed')).toBe('false');
    }

    await toolbar.getByRole('button', { name: 'Picture' }).click();
    const picture = page.getByRole('dialog', { name: 'Insert picture' });
    await picture.getByLabel('Picture', { exact: true }).setInputFiles({ name: 'valvaka.jpg', mimeType: 'image/jpeg', buffer: await image('jpeg', 1200, 800) });
    await picture.getByText('valvaka.jpg').waitFor();
    await picture.getByLabel('Image description (alt text)').fill('Partiledare samlade framför skärmar med valresultat');
    await picture.getByLabel('Caption').fill('Valvakan i riksdagen');
    await picture.getByLabel('Photo credit').fill('Foto: Redaktion');
    await picture.getByRole('button', { name: 'Insert picture' }).click();
    await body.locator('figure img[alt="Partiledare samlade framför skärmar med valresultat"]').waitFor();
    // Enter leaves the caption for a new line, where a pasted video address becomes an embed.
    await page.keyboard.press('Enter');
    await pasteText(body, 'https://youtu.be/dQw4w9WgXcQ');
    await body.getByText('YouTube video dQw4w9WgXcQ').waitFor();

    const axe = await new AxeBuilder({ page }).include('.article-editor').analyze();
    expect(axe.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`)).toEqual([]);

    await dialog.getByRole('button', { name: 'Create Article' }).click();
    await expect.poll(() => page.locator('.toast').textContent()).toContain('Article created successfully!');

    const list = await (await context.request.get(`${env.server.url}/api/admin/articles?limit=100`)).json() as AdminArticle[];
    const { id } = list.find((article) => article.title === 'Budgeten klubbad i riksdagen')!;
    const stored = await (await context.request.get(`${env.server.url}/api/admin/articles/${id}`)).json() as AdminArticle;
    const src = /src="(\/uploads\/[^"]+)"/.exec(stored.content ?? '')?.[1];
    expect(src).toBeTruthy();
    expect(stored.content).toBe([
      'Riksdagen röstade i dag om budgeten.',
      '## Vad händer nu',
      'Läs mer på [Valmyndighetens sida](https://www.val.se).',
      '- Första punkten\n- Andra punkten',
      '> Budgeten är klar, säger talmannen.',
      '1. Ett\n2. Två',
      `::figure[Valvakan i riksdagen]{src="${src}" alt="Partiledare samlade framför skärmar med valresultat" credit="Foto: Redaktion"}`,
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    ].join('\n\n'));

    // Opened again, the editor shows the same story, and saving it untouched keeps the Markdown as it was.
    await page.getByRole('button', { name: 'Edit “Budgeten klubbad i riksdagen”' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Article' });
    await edit.getByRole('textbox', { name: 'Content' }).getByRole('heading', { name: 'Vad händer nu', level: 2 }).waitFor();
    await edit.getByRole('button', { name: 'Update Article' }).click();
    await expect.poll(() => page.locator('.toast').textContent()).toContain('Article updated successfully');
    expect(((await (await context.request.get(`${env.server.url}/api/admin/articles/${id}`)).json()) as AdminArticle).content).toBe(stored.content);
    expect(errors).toEqual([]);
    await context.close();

    // The reader's page, as a signed-out visitor sees it; nothing of YouTube loads before they ask.
    const visitor = await env.browser.newContext({ ...DESKTOP, locale: 'en-GB' });
    const reader = await openPage(visitor);
    const requested: string[] = [];
    reader.page.on('request', (request) => requested.push(request.url()));
    await reader.page.goto(`${env.server.url}/article/${id}`);
    const article = reader.page.locator('.article-body');
    await article.getByRole('heading', { name: 'Vad händer nu', level: 2 }).waitFor();
    expect(await article.getByRole('link', { name: 'Valmyndighetens sida' }).getAttribute('href')).toBe('https://www.val.se');
    expect(await article.locator('ul > li').allTextContents()).toEqual(['Första punkten', 'Andra punkten']);
    expect(await article.locator('blockquote').textContent()).toBe('Budgeten är klar, säger talmannen.');
    expect(await article.locator('ol > li').allTextContents()).toEqual(['Ett', 'Två']);
    const figure = article.locator('figure');
    expect(await figure.getByRole('img', { name: 'Partiledare samlade framför skärmar med valresultat' }).getAttribute('src')).toBe(src);
    expect(await figure.locator('figcaption').textContent()).toBe('Valvakan i riksdagen Foto: Redaktion');
    await article.getByRole('button', { name: 'Play the video from YouTube: Video' }).waitFor();
    expect(requested.filter((url) => /youtube|ytimg/.test(new URL(url).hostname))).toEqual([]);
    expect(reader.errors).toEqual([]);
    await visitor.close();
  });
});

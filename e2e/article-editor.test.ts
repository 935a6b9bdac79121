import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminArticle, RevisionSummary } from '@redaktion/shared';
import { formatCalendarDate } from '@redaktion/shared/time';
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

/** A revision as the History panel lists it: kind, time (Stockholm) and author. */
const KIND = { created: 'Created', saved: 'Saved', autosave: 'Autosaved', published: 'Published', restored: 'Restored', corrected: 'Corrected' } as const;
const entry = (revision: RevisionSummary) =>
  `${KIND[revision.kind]} ${formatCalendarDate(revision.createdAt, 'en', { dateStyle: 'medium', timeStyle: 'short' })} by ${revision.author.username}`;

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

  it('keeps each save in the History panel: the revisions, one as the reader sees it, a word diff, and Restore', async () => {
    const context = await signedInContext(env.browser, env.server, EDITOR);
    const { page, errors } = await openPage(context);
    const title = 'Tåget stod still i kylan';
    const [before, after] = ['Tåget stod still i två timmar vid Flemingsberg.', 'Tåget stod still i fyra timmar vid Södertälje.'];
    await page.goto(`${env.server.url}/admin?tab=articles`);
    await page.getByRole('button', { name: 'Create Article' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Article' });
    await dialog.getByLabel('Title', { exact: true }).fill(title);
    await dialog.getByLabel('Excerpt', { exact: true }).fill('Pendlarna frös');
    await dialog.getByLabel('Category', { exact: true }).selectOption('news');
    await dialog.getByLabel('Author', { exact: true }).fill('Sara Skribent');
    await dialog.getByLabel('Status', { exact: true }).selectOption('published');
    await dialog.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.type(before);
    await dialog.getByRole('button', { name: 'Create Article' }).click();
    await page.getByText('Article created successfully!').waitFor();

    // The second save, with other words.
    await page.getByRole('button', { name: `Edit “${title}”` }).click();
    let edit = page.getByRole('dialog', { name: 'Edit Article' });
    const body = edit.getByRole('textbox', { name: 'Content' });
    await expect.poll(() => body.textContent()).toBe(before);
    await body.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type(after);
    await edit.getByRole('button', { name: 'Update Article' }).click();
    await page.getByText('Article updated successfully').waitFor();

    const list = await (await context.request.get(`${env.server.url}/api/admin/articles?limit=100`)).json() as AdminArticle[];
    const { id } = list.find((article) => article.title === title)!;
    const revisionsOf = async () => (await context.request.get(`${env.server.url}/api/admin/articles/${id}/revisions`)).json() as Promise<RevisionSummary[]>;
    const saved = await revisionsOf();
    // An autosave may come between the two saves when typing is slow; the saves are there either way.
    expect(saved.filter((revision) => revision.kind !== 'autosave').map((revision) => revision.kind)).toEqual(['saved', 'created']);
    const [second, first] = [saved[0]!, saved.at(-1)!];

    // A reader's page of the article as it stands, before the restore (the server keeps it in its cache).
    const visitor = await env.browser.newContext({ ...DESKTOP, locale: 'en-GB' });
    const reader = await openPage(visitor);
    await reader.page.goto(`${env.server.url}/article/${id}`);
    expect(await reader.page.locator('.article-body p').textContent()).toBe(after);

    await page.getByRole('button', { name: `Edit “${title}”` }).click();
    edit = page.getByRole('dialog', { name: 'Edit Article' });
    await edit.getByRole('button', { name: 'History' }).click();
    const history = edit.getByRole('region', { name: 'Revisions' });
    const entries = history.getByRole('listitem');
    await expect.poll(() => entries.allTextContents()).toEqual(saved.map(entry));

    // The first version as the reader would see it, and what the second changed in it, word by word.
    await history.getByRole('button', { name: entry(first) }).click();
    await history.getByRole('heading', { name: 'As the reader sees it' }).waitFor();
    await history.getByText(before, { exact: true }).waitFor();
    await history.getByLabel('Compare with').selectOption({ label: entry(second) });
    const diff = history.getByRole('group', { name: 'Changes' });
    await expect.poll(() => diff.locator('del').allTextContents())
      .toEqual(['deleted: två (end of change)', 'deleted: Flemingsberg (end of change)']);
    expect(await diff.locator('ins').allTextContents()).toEqual(['inserted: fyra (end of change)', 'inserted: Södertälje (end of change)']);
    for (const [change, word] of [['del', 'två'], ['ins', 'fyra'], ['del', 'Flemingsberg'], ['ins', 'Södertälje']]) {
      expect(await diff.locator(change!, { hasText: word }).isVisible(), word).toBe(true);
    }

    await history.getByRole('button', { name: 'Restore this version' }).click();
    await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Restore this version' }).click();
    await page.getByText('Version restored').waitFor();
    await expect.poll(() => edit.getByRole('textbox', { name: 'Content' }).textContent()).toBe(before);
    await expect.poll(() => entries.first().textContent()).toMatch(new RegExp(`^Restored .+ by ${EDITOR.username}$`));

    const stored = await (await context.request.get(`${env.server.url}/api/admin/articles/${id}`)).json() as AdminArticle;
    expect(stored).toMatchObject({ content: before, status: 'published' });
    const restored = await revisionsOf();
    expect(restored[0]).toMatchObject({ kind: 'restored', author: { username: EDITOR.username } });
    await expect.poll(() => entries.allTextContents()).toEqual(restored.map(entry));
    await reader.page.reload();
    expect(await reader.page.locator('.article-body p').textContent()).toBe(before);

    // The restored text is what the form holds as saved: closing asks nothing.
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await edit.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    expect(reader.errors).toEqual([]);
    await visitor.close();
    await context.close();
  });

  it('gives a draft a preview link that works until revoked, and publishes a correction readers see', async () => {
    const context = await signedInContext(env.browser, env.server, EDITOR);
    const { page, errors } = await openPage(context);
    const title = 'Kommunen sänker skatten';
    const created = await context.request.post(`${env.server.url}/api/admin/articles`, {
      data: { title, excerpt: 'Tio öre billigare', category: 'news', author: 'Sara Skribent', status: 'draft', content: 'Skatten sänks med 10 öre nästa år.' },
    });
    const { id } = await created.json() as AdminArticle;
    const visitor = await env.browser.newContext({ ...DESKTOP, locale: 'en-GB' });
    const reader = await openPage(visitor);

    await page.goto(`${env.server.url}/admin?tab=articles`);
    await page.getByRole('button', { name: `Edit “${title}”` }).click();
    let edit = page.getByRole('dialog', { name: 'Edit Article' });
    await edit.getByRole('button', { name: 'Preview link' }).click();
    const address = await edit.getByLabel('Preview link address').inputValue();
    expect(address).toMatch(new RegExp(`^${env.server.url}/preview/[\\w-]{32}$`));

    // Whoever holds the link sees the draft as a reader will, kept by no cache and by no search engine.
    const shown = await reader.page.goto(address);
    expect(shown!.status()).toBe(200);
    expect(await shown!.headerValue('x-robots-tag')).toBe('noindex');
    expect(await shown!.headerValue('cache-control')).toBe('private, no-store');
    await reader.page.getByText('Preview: this is how the article will look once published.', { exact: false }).waitFor();
    expect(await reader.page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    expect(await reader.page.locator('.article-body p').textContent()).toBe('Skatten sänks med 10 öre nästa år.');
    expect((await reader.page.goto(`${env.server.url}/article/${id}`))!.status()).toBe(404);

    await edit.getByRole('button', { name: 'Revoke links' }).click();
    await page.getByText('Preview links revoked').waitFor();
    expect((await reader.page.goto(address))!.status()).toBe(404);

    await edit.getByLabel('Status', { exact: true }).selectOption('published');
    await edit.getByRole('button', { name: 'Update Article' }).click();
    await page.getByText('Article updated successfully').waitFor();

    // A correction of the published article: near the top of its page, and after the text with its date.
    await page.getByRole('button', { name: `Edit “${title}”` }).click();
    edit = page.getByRole('dialog', { name: 'Edit Article' });
    const corrections = edit.getByRole('region', { name: 'Corrections' });
    await corrections.getByLabel('Correction', { exact: true }).fill('Sänkningen är 10 öre, inte 15 som vi först skrev.');
    await corrections.getByRole('button', { name: 'Publish correction' }).click();
    await page.getByText('Correction published').waitFor();
    await corrections.getByText('Sänkningen är 10 öre, inte 15 som vi först skrev.', { exact: false }).waitFor();

    await reader.page.goto(`${env.server.url}/article/${id}`);
    await expect.poll(() => reader.page.locator('.article-header .meta time').last().textContent()).toMatch(/^Corrected /);
    const shownCorrections = reader.page.getByRole('region', { name: 'Corrections' });
    expect(await shownCorrections.locator('p').textContent()).toMatch(/: Sänkningen är 10 öre, inte 15 som vi först skrev\.$/);
    const [newest] = await (await context.request.get(`${env.server.url}/api/admin/articles/${id}/revisions`)).json() as RevisionSummary[];
    expect(newest!.kind).toBe('corrected');

    await edit.getByRole('button', { name: 'Cancel' }).click();
    expect(errors).toEqual([]);
    expect(reader.errors).toEqual([]);
    await visitor.close();
    await context.close();
  });
});

import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Article, LiveEntry } from '@redaktion/shared';
import { createAdminWithCli, signedInContext } from './support/admin.js';
import { DESKTOP, openPage, seededServerAndBrowser, serviceWorkerActivated } from './support/browser.js';

const env = seededServerAndBrowser();
const EDITOR = { username: 'direktreporter', email: 'direktreporter@example.se', password: 'direktreporterns-losen-2026' };

beforeAll(async () => {
  await createAdminWithCli(env.server, EDITOR);
});

/** The JSON-LD blocks of a page as the server sent it (not the DOM after hydration). */
async function structuredData(path: string): Promise<Record<string, unknown>[]> {
  const html = await (await fetch(env.server.url + path)).text();
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
}

/** The titles of the entries the device keeps for a path (the reader app's database, as IndexedDB holds it). */
async function keptEntryTitles(page: Page, path: string): Promise<(string | null)[]> {
  return page.evaluate(async (key) => {
    if (!(await indexedDB.databases()).some((database) => database.name === 'redaktion')) return [];
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const opening = indexedDB.open('redaktion');
      opening.onsuccess = () => resolve(opening.result);
      opening.onerror = () => reject(opening.error);
    });
    const row = await new Promise<{ data: { entries: { title: string | null }[] } } | undefined>((resolve, reject) => {
      const reading = db.transaction('responses').objectStore('responses').get(key);
      reading.onsuccess = () => resolve(reading.result as { data: { entries: { title: string | null }[] } } | undefined);
      reading.onerror = () => reject(reading.error);
    });
    db.close();
    return row?.data.entries.map((entry) => entry.title) ?? [];
  }, path);
}

/** A published live article made by the editor through the admin API, and the editor's signed-in browser. */
async function liveArticle(title: string, content: string) {
  const editor = await signedInContext(env.browser, env.server, EDITOR);
  const created = await editor.request.post(`${env.server.url}/api/admin/articles`, {
    data: { title, content, excerpt: 'Vi följer läget.', category: 'news', author: 'Redaktionen', status: 'published', kind: 'live' },
  });
  expect(created.status()).toBe(201);
  return { editor, id: (await created.json() as Article).id };
}

describe('a live article for a reader', () => {
  it('is a LiveBlogPosting in the server\'s HTML, with its entries, their times and their text', async () => {
    const list = await (await fetch(`${env.server.url}/api/articles?limit=50`)).json() as Article[];
    const live = list.find((article) => article.kind === 'live')!;
    expect(live).toBeDefined();
    const html = await (await fetch(`${env.server.url}/article/${live.id}`)).text();
    const entries = (await (await fetch(`${env.server.url}/api/articles/${live.id}/live?limit=50`)).json()).entries as LiveEntry[];
    // The entries are in the page as sent, not only after the script runs.
    for (const entry of entries) expect(html).toContain(`id="entry-${entry.id}"`);
    const [posting] = (await structuredData(`/article/${live.id}`)).filter((data) => data['@type'] === 'LiveBlogPosting');
    expect(posting).toMatchObject({ headline: live.title, coverageStartTime: live.coverageStartTime });
    expect(posting).not.toHaveProperty('coverageEndTime');
    const updates = posting!.liveBlogUpdate as { '@type': string; headline: string; datePublished: string; articleBody: string }[];
    expect(updates).toHaveLength(entries.length);
    expect(updates.map((update) => update.datePublished)).toEqual(entries.map((entry) => entry.createdAt));
    for (const update of updates) {
      expect(update['@type']).toBe('BlogPosting');
      expect(update.headline.length).toBeGreaterThan(0);
      expect(update.articleBody.length).toBeGreaterThan(0);
    }
  });

  it('shows new entries without a reload, edits in place, removes deletions, holds new ones behind a button when scrolled, and shows the end', async () => {
    const { editor, id } = await liveArticle('Just nu: presskonferens om vattenläckan', 'Kommunen håller presskonferens klockan 14 om vattenläckan i centrum.');
    const post = async (data: Record<string, unknown>) => {
      const answer = await editor.request.post(`${env.server.url}/api/admin/articles/${id}/live/entries`, { data });
      expect(answer.status()).toBe(201);
      return answer.json() as Promise<LiveEntry>;
    };
    const opening = await post({ title: 'Presskonferensen börjar', content: 'Kommunalrådet inleder.', keyEvent: true });

    const reader = await env.browser.newContext({ ...DESKTOP, locale: 'en-GB' });
    const { page, errors } = await openPage(reader);
    await page.goto(`${env.server.url}/article/${id}`);
    const entries = page.locator('.live-entries');
    await entries.getByRole('heading', { name: 'Presskonferensen börjar' }).waitFor();
    await page.getByRole('navigation', { name: 'Key events' }).getByRole('link', { name: /Presskonferensen börjar/ }).waitFor();
    // Stamped as a Stockholm clock.
    const stamp = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Stockholm', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(opening.createdAt));
    expect(await entries.locator(`#entry-${opening.id} time`).first().textContent()).toBe(stamp);

    // At the top of the page, a new entry appears at the top of the list, without a reload.
    const second = await post({ title: 'Vattnet åter i kväll', content: 'Enligt kommunen ska vattnet vara tillbaka **i kväll**.' });
    await entries.getByRole('heading', { name: 'Vattnet åter i kväll' }).waitFor({ timeout: 10_000 });
    expect(await entries.locator('article').first().getAttribute('id')).toBe(`entry-${second.id}`);
    expect(await entries.locator(`#entry-${second.id} strong`).textContent()).toBe('i kväll');

    // An edit changes the entry in place; a deletion removes it.
    const edited = await editor.request.put(`${env.server.url}/api/admin/articles/${id}/live/entries/${second.id}`, { data: { content: 'Vattnet är tillbaka i morgon bitti.' } });
    expect(edited.status()).toBe(200);
    await entries.locator(`#entry-${second.id}`).getByText('Vattnet är tillbaka i morgon bitti.').waitFor({ timeout: 10_000 });
    expect(await entries.locator('article').count()).toBe(2);
    expect((await editor.request.delete(`${env.server.url}/api/admin/articles/${id}/live/entries/${second.id}`)).status()).toBe(204);
    await entries.locator(`#entry-${second.id}`).waitFor({ state: 'detached', timeout: 10_000 });

    // Further down, new entries wait behind a button, and the page keeps the reader's place.
    await post({ content: 'Fyra fastigheter har fått källaröversvämning.' });
    await entries.getByText('Fyra fastigheter har fått källaröversvämning.').waitFor({ timeout: 10_000 });
    await page.evaluate(() => {
      document.body.style.minHeight = '4000px';
      window.scrollTo(0, document.querySelector<HTMLElement>('.live-entries article:last-child')!.offsetTop + 300);
    });
    const scrolled = await page.evaluate(() => window.scrollY);
    await post({ title: 'Frågor från pressen', content: 'Journalisterna frågar om ersättning.' });
    const button = page.getByRole('button', { name: '1 new update' });
    await button.waitFor({ timeout: 10_000 });
    expect(await entries.getByRole('heading', { name: 'Frågor från pressen' }).count()).toBe(0);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await button.click();
    await entries.getByRole('heading', { name: 'Frågor från pressen' }).waitFor();
    expect(await page.getByRole('button', { name: /new update/ }).count()).toBe(0);

    // Ending the coverage reaches the open page: it says so.
    const article = await (await editor.request.get(`${env.server.url}/api/admin/articles/${id}`)).json() as Article;
    const ended = await editor.request.put(`${env.server.url}/api/admin/articles/${id}`, {
      data: {
        title: article.title, excerpt: article.excerpt, content: article.content, category: article.category, author: article.author,
        status: article.status, kind: 'live', liveStatus: 'ended',
      },
    });
    expect(ended.status()).toBe(200);
    const end = (await (await editor.request.get(`${env.server.url}/api/articles/${id}`)).json() as Article).coverageEndTime!;
    const at = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Stockholm', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(end));
    await page.getByRole('heading', { name: new RegExp(`^The coverage ended on \\d+ \\w+ \\d{4} at ${at}\\.$`) }).waitFor({ timeout: 10_000 });
    expect(errors).toEqual([]);
    await reader.close();
    await editor.close();
  });

  it('opened offline, shows the entries it last received', async () => {
    const { editor, id } = await liveArticle('Just nu: tågtrafiken står still', 'Ett signalfel stoppar tågen vid Stockholms central.');
    const post = (data: Record<string, unknown>) => editor.request.post(`${env.server.url}/api/admin/articles/${id}/live/entries`, { data });
    expect((await post({ title: 'Signalfel vid Centralen', content: 'Inga tåg går just nu.' })).status()).toBe(201);

    const reader = await env.browser.newContext({ ...DESKTOP, locale: 'en-GB' });
    const { page, errors } = await openPage(reader);
    await page.goto(env.server.url);
    await serviceWorkerActivated(page);
    await page.reload();
    await page.goto(`${env.server.url}/article/${id}`);
    await page.locator('.live-entries').getByRole('heading', { name: 'Signalfel vid Centralen' }).waitFor();
    // The reader reads on (past the first screen, whose device writes wait for it); an entry comes.
    await page.mouse.wheel(0, 200);
    // Received on the stream, never fetched as a page: it must be on the device all the same.
    expect((await post({ title: 'Tågen rullar igen', content: 'Felet är åtgärdat.' })).status()).toBe(201);
    await page.locator('.live-entries').getByRole('heading', { name: 'Tågen rullar igen' }).waitFor({ timeout: 10_000 });
    await expect.poll(() => keptEntryTitles(page, `/api/articles/${id}/live?limit=50`)).toContain('Tågen rullar igen');
    await editor.close();

    await reader.setOffline(true);
    await page.goto(`${env.server.url}/article/${id}`);
    const entries = page.locator('.live-entries');
    await entries.getByRole('heading', { name: 'Tågen rullar igen' }).waitFor({ timeout: 10_000 });
    await entries.getByRole('heading', { name: 'Signalfel vid Centralen' }).waitFor();
    expect(errors.filter((error) => !/net::ERR_INTERNET_DISCONNECTED|Failed to fetch|EventSource/i.test(error))).toEqual([]);
    await reader.close();
  });
});

import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAdminWithCli, signedInContext } from './support/admin.js';
import { openPage, seededServerAndBrowser } from './support/browser.js';

/**
 * The catalogue an editor keeps (admin-area.md §2): podcast series and episodes with real uploaded files,
 * advertisements and journalists, each created, edited and deleted through the admin screens.
 */
const env = seededServerAndBrowser();
const ASSETS = path.resolve('api/src/seed/assets');
const COVER = path.join(ASSETS, 'video/bakom-redaktionen.jpg');
const PHOTO = path.join(ASSETS, 'video/veckan-i-korthet.jpg');
const AUDIO = path.join(ASSETS, 'audio/morgonekot-intro.mp3');
const ADMIN = { username: 'katalogredaktor', email: 'katalog@redaktion.se', password: 'katalog-lösen-1' };

let page: Page;
let errors: string[];
beforeAll(async () => {
  await createAdminWithCli(env.server, ADMIN);
  const context = await signedInContext(env.browser, env.server, ADMIN);
  ({ page, errors } = await openPage(context));
});
afterEach(() => {
  expect(errors).toEqual([]);
});
afterAll(async () => {
  await page?.context().close();
});

const toast = () => page.locator('.toast').last();
async function expectToast(text: string) {
  await expect.poll(() => toast().textContent(), { timeout: 15_000 }).toContain(text);
}
const dialog = (name: string) => page.getByRole('dialog', { name });
const rowWith = (text: string) => page.locator('.admin-row, .admin-card').filter({ hasText: text });

/** Chooses a real file in an upload control and waits until the server has it (the preview shows our URL). */
async function upload(scope: Locator, label: string, file: string, served: RegExp) {
  await scope.getByLabel(label, { exact: true }).setInputFiles(file);
  await expectToast('Upload successful');
  await expect.poll(() => scope.locator('.upload-field', { has: page.getByLabel(label, { exact: true }) })
    .locator('img, audio').first().getAttribute('src')).toMatch(served);
}

async function confirmDelete(title: string) {
  await page.getByRole('button', { name: `Delete “${title}”` }).click();
  await dialog('Are you sure?').getByRole('button', { name: 'Delete' }).click();
}

/** Serious and critical WCAG A/AA findings on the page as it is now. */
async function axeFindings(where: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} ${v.nodes[0]?.target.join(' ')}`);
}

describe('an editor keeps the catalogue, in English on a desktop', () => {
  it('finds the seeded catalogue in tabs and dialogs that pass axe', async () => {
    const findings: string[] = [];
    for (const [tab, button, title] of [
      ['podcasts', 'New Series', 'Create New Series'], ['podcasts', 'New Episode', 'Create New Episode'],
      ['ads', 'New Advertisement', 'Create Advertisement'], ['journalists', 'Add Journalist', 'Add Journalist'],
    ] as const) {
      await page.goto(`${env.server.url}/admin?tab=${tab}`);
      await expect.poll(() => page.locator('.admin-row, .admin-card, .admin-empty').count()).toBeGreaterThan(0);
      findings.push(...await axeFindings(tab));
      await page.getByRole('button', { name: button }).click();
      await expect.poll(() => dialog(title).isVisible()).toBe(true);
      findings.push(...await axeFindings(title));
    }
    expect(findings).toEqual([]);
  });

  it('creates a series with an uploaded cover (after the spec messages) and edits it', async () => {
    await page.goto(`${env.server.url}/admin?tab=podcasts`);
    await page.getByRole('button', { name: 'New Series' }).click();
    const form = dialog('Create New Series');
    await form.getByRole('button', { name: 'Create Series' }).click();
    await expect.poll(() => form.getByText('Series title is required').count()).toBe(1);
    await expect.poll(() => form.getByText('Cover image is required').count()).toBe(1);

    await form.getByLabel('Series title').fill('Stadsliv');
    await form.getByLabel('Description').fill('Ett samtal om staden varje vecka.');
    await form.getByLabel('Category').selectOption('society');
    await form.getByLabel('Host name').fill('Lena Berg');
    await upload(form, 'Cover image', COVER, /\/uploads\/images\//);
    await form.getByRole('button', { name: 'Create Series' }).click();
    await expectToast('Podcast series created successfully');
    await expect.poll(() => rowWith('Stadsliv').count()).toBe(1);

    await page.getByRole('button', { name: 'Edit “Stadsliv”' }).click();
    const edit = dialog('Edit Series');
    await edit.getByLabel('Series title').fill('Stadsliv i Sverige');
    await edit.getByRole('button', { name: 'Update Series' }).click();
    await expectToast('Podcast series updated successfully');
    await expect.poll(() => rowWith('Stadsliv i Sverige').count()).toBe(1);
  });

  it('publishes an episode with uploaded audio in that series, edits it, deletes it, and only then the series', async () => {
    await page.getByRole('button', { name: 'New Episode' }).click();
    const form = dialog('Create New Episode');
    await form.getByLabel('Episode title').fill('Torget vaknar');
    await form.getByLabel('Description').fill('En morgon på Stortorget.');
    await form.getByLabel('Duration (minutes)').fill('2');
    await form.getByLabel('Podcast series').selectOption({ label: 'Stadsliv i Sverige' });
    await upload(form, 'Audio file', AUDIO, /\/api\/admin\/audio\//);
    await form.getByRole('button', { name: 'Create Episode' }).click();
    await expectToast('Podcast created successfully');

    const link = rowWith('Torget vaknar').getByRole('link', { name: 'Torget vaknar' });
    const id = (await link.getAttribute('href'))!.match(/\/podcast\/(\d+)$/)![1];
    // The form's minutes arrive as seconds; the file is served as the episode's audio.
    const published = await (await page.request.get(`${env.server.url}/api/podcasts/${id}`)).json() as { duration: number; audioUrl: string; status: string };
    expect(published).toMatchObject({ duration: 120, audioUrl: `/api/podcasts/${id}/audio`, status: 'published' });

    const reader = await page.context().newPage();
    await reader.goto(`${env.server.url}/podcast/${id}`);
    await expect.poll(() => reader.locator('h1').textContent()).toBe('Torget vaknar');
    await reader.goto(`${env.server.url}/podcast-series/${(await seriesId())}`);
    await expect.poll(() => reader.getByText('Torget vaknar').count()).toBeGreaterThan(0);
    await reader.close();

    await page.getByRole('button', { name: 'Edit “Torget vaknar”' }).click();
    const edit = dialog('Edit Episode');
    await expect.poll(() => edit.getByLabel('Duration (minutes)').inputValue()).toBe('2');
    await edit.getByLabel('Episode title').fill('Torget vaknar igen');
    await edit.getByRole('button', { name: 'Update Episode' }).click();
    await expectToast('Podcast updated successfully');
    const edited = await (await page.request.get(`${env.server.url}/api/podcasts/${id}`)).json() as { title: string; audioUrl: string };
    expect(edited).toMatchObject({ title: 'Torget vaknar igen', audioUrl: `/api/podcasts/${id}/audio` });
    expect((await page.request.get(`${env.server.url}/api/podcasts/${id}/audio`)).ok()).toBe(true);

    await confirmDelete('Stadsliv i Sverige');
    await expectToast('still has 1 episode');
    await dialog('Are you sure?').getByRole('button', { name: 'Cancel' }).click();

    await confirmDelete('Torget vaknar igen');
    await expectToast('Podcast deleted successfully');
    await expect.poll(() => rowWith('Torget vaknar igen').count()).toBe(0);
    await confirmDelete('Stadsliv i Sverige');
    await expectToast('Podcast series deleted successfully');
    await expect.poll(() => rowWith('Stadsliv i Sverige').count()).toBe(0);
  });

  it('creates, edits and deletes an advertisement', async () => {
    await page.goto(`${env.server.url}/admin?tab=ads`);
    await page.getByRole('button', { name: 'New Advertisement' }).click();
    const form = dialog('Create Advertisement');
    await form.getByLabel('Title', { exact: true }).fill('Bokrea på Kvarteret');
    await form.getByLabel('Description').fill('Halva priset hela veckan.');
    await form.getByLabel('Placement').selectOption('sidebar');
    await form.getByLabel('Partner name').fill('Kvarterets bokhandel');
    await form.getByLabel('Link URL').fill('https://bokhandel.example.se');
    await upload(form, 'Ad image', PHOTO, /\/uploads\/images\//);
    await form.getByRole('button', { name: 'Create Advertisement' }).click();
    await expectToast('Advertisement created successfully!');
    await expect.poll(() => rowWith('Bokrea på Kvarteret').textContent()).toContain('0 impressions');

    await page.getByRole('button', { name: 'Edit “Bokrea på Kvarteret”' }).click();
    const edit = dialog('Edit Advertisement');
    await edit.getByLabel('Title', { exact: true }).fill('Bokrea på Kvarteret – sista dagarna');
    await edit.getByRole('button', { name: 'Update Advertisement' }).click();
    await expectToast('Advertisement updated successfully!');

    await confirmDelete('Bokrea på Kvarteret – sista dagarna');
    await expectToast('Advertisement deleted successfully');
    await expect.poll(() => rowWith('Bokrea på Kvarteret').count()).toBe(0);
  });

  it('adds, edits and deletes a journalist', async () => {
    await page.goto(`${env.server.url}/admin?tab=journalists`);
    await page.getByRole('button', { name: 'Add Journalist' }).click();
    const form = dialog('Add Journalist');
    await form.getByLabel('Name').fill('Nils Holm');
    await form.getByLabel('Email').fill('nils.holm@redaktion.se');
    await form.getByLabel('Title', { exact: true }).fill('Reporter');
    await form.getByLabel('Specialty').fill('Lokalpolitik');
    await form.getByLabel('Expertise').fill('Kommunen, Skola, Trafik, Bostäder');
    await upload(form, 'Profile image', PHOTO, /\/uploads\/images\//);
    await form.getByRole('button', { name: 'Add Journalist' }).click();
    await expectToast('Journalist added successfully!');
    const card = rowWith('Nils Holm');
    await expect.poll(() => card.locator('.admin-tag').allTextContents()).toEqual(['Kommunen', 'Skola', 'Trafik']);

    await page.getByRole('button', { name: 'Edit “Nils Holm”' }).click();
    const edit = dialog('Edit Journalist');
    await edit.getByLabel('Status').selectOption('freelance');
    await edit.getByRole('button', { name: 'Update Journalist' }).click();
    await expectToast('Journalist updated successfully!');
    await expect.poll(() => card.textContent()).toContain('Freelance');

    await confirmDelete('Nils Holm');
    await expectToast('Journalist deleted successfully');
    await expect.poll(() => rowWith('Nils Holm').count()).toBe(0);
  });
});

/** The id of the series the episode went into, from its row's link. */
async function seriesId(): Promise<string> {
  const href = await rowWith('Stadsliv i Sverige').getByRole('link', { name: 'Stadsliv i Sverige' }).getAttribute('href');
  return href!.match(/\/podcast-series\/(\d+)$/)![1]!;
}

import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminPageFor, until } from './support/admin.js';
import { seededServerAndBrowser } from './support/browser.js';

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
adminPageFor(env, ADMIN, (opened) => { page = opened; });

const expectToast = (text: string) => until(page.locator('.toast').filter({ hasText: text }));
const dialog = (name: string) => page.getByRole('dialog', { name });
const rowWith = (text: string) => page.locator('.admin-row, .admin-card').filter({ hasText: text });

/** Chooses a real file in an upload control and waits until the server has it (the preview shows our URL). */
async function upload(scope: Locator, label: string, file: string, served: string) {
  await scope.getByLabel(label, { exact: true }).setInputFiles(file);
  await expectToast('Upload successful');
  await until(scope.locator('.upload-field', { has: page.getByLabel(label, { exact: true }) })
    .locator(`img[src*="${served}"], audio[src*="${served}"]`));
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
  // One test per tab and dialog, so that a busy machine spends each test's time on one screen.
  it.each([
    ['podcasts', 'New Series', 'Create New Series'], ['podcasts', 'New Episode', 'Create New Episode'],
    ['ads', 'New Advertisement', 'Create Advertisement'], ['journalists', 'Add Journalist', 'Add Journalist'],
  ] as const)('finds the seeded catalogue in the %s tab and its “%s” dialog, which pass axe', async (tab, button, title) => {
    await page.goto(`${env.server.url}/admin?tab=${tab}`);
    await until(page.locator('.admin-row, .admin-card, .admin-empty'));
    const findings = await axeFindings(tab);
    await page.getByRole('button', { name: button }).click();
    await until(dialog(title));
    findings.push(...await axeFindings(title));
    expect(findings).toEqual([]);
  });

  it('creates a series with an uploaded cover (after the spec messages) and edits it', async () => {
    await page.goto(`${env.server.url}/admin?tab=podcasts`);
    await page.getByRole('button', { name: 'New Series' }).click();
    const form = dialog('Create New Series');
    await form.getByRole('button', { name: 'Create Series' }).click();
    await until(form.getByText('Series title is required'));
    await until(form.getByText('Cover image is required'));

    await form.getByLabel('Series title').fill('Stadsliv');
    await form.getByLabel('Description').fill('Ett samtal om staden varje vecka.');
    await form.getByLabel('Category').selectOption('society');
    await form.getByLabel('Host name').fill('Lena Berg');
    await upload(form, 'Cover image', COVER, '/uploads/images/');
    await form.getByRole('button', { name: 'Create Series' }).click();
    await expectToast('Podcast series created successfully');
    await until(rowWith('Stadsliv'));

    await page.getByRole('button', { name: 'Edit “Stadsliv”' }).click();
    const edit = dialog('Edit Series');
    await edit.getByLabel('Series title').fill('Stadsliv i Sverige');
    await edit.getByRole('button', { name: 'Update Series' }).click();
    await expectToast('Podcast series updated successfully');
    await until(rowWith('Stadsliv i Sverige'));
  });

  it('publishes an episode with uploaded audio in that series, edits it, deletes it, and only then the series', async () => {
    await page.getByRole('button', { name: 'New Episode' }).click();
    const form = dialog('Create New Episode');
    await form.getByLabel('Episode title').fill('Torget vaknar');
    await form.getByLabel('Description').fill('En morgon på Stortorget.');
    await form.getByLabel('Duration (minutes)').fill('2');
    await form.getByLabel('Podcast series').selectOption({ label: 'Stadsliv i Sverige' });
    await upload(form, 'Audio file', AUDIO, '/api/admin/audio/');
    await form.getByRole('button', { name: 'Create Episode' }).click();
    await expectToast('Podcast created successfully');

    const link = rowWith('Torget vaknar').getByRole('link', { name: 'Torget vaknar' });
    const id = (await link.getAttribute('href'))!.match(/\/podcast\/(\d+)$/)![1];
    // The form's minutes arrive as seconds; the file is served as the episode's audio.
    const published = await (await page.request.get(`${env.server.url}/api/podcasts/${id}`)).json() as { duration: number; audioUrl: string; status: string };
    expect(published).toMatchObject({ duration: 120, audioUrl: `/api/podcasts/${id}/audio`, status: 'published' });

    const reader = await page.context().newPage();
    await reader.goto(`${env.server.url}/podcast/${id}`);
    await until(reader.getByRole('heading', { level: 1, name: 'Torget vaknar', exact: true }));
    await reader.goto(`${env.server.url}/podcast-series/${(await seriesId())}`);
    await until(reader.getByText('Torget vaknar'));
    await reader.close();

    await page.getByRole('button', { name: 'Edit “Torget vaknar”' }).click();
    const edit = dialog('Edit Episode');
    await page.waitForFunction((input) => (input as HTMLInputElement | null)?.value === '2',
      await edit.getByLabel('Duration (minutes)').elementHandle({ timeout: 0 }), { timeout: 0 });
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
    await until(rowWith('Torget vaknar igen'), 'detached');
    await confirmDelete('Stadsliv i Sverige');
    await expectToast('Podcast series deleted successfully');
    await until(rowWith('Stadsliv i Sverige'), 'detached');
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
    await upload(form, 'Ad image', PHOTO, '/uploads/images/');
    await form.getByRole('button', { name: 'Create Advertisement' }).click();
    await expectToast('Advertisement created successfully!');
    await until(rowWith('Bokrea på Kvarteret').filter({ hasText: '0 impressions' }));

    await page.getByRole('button', { name: 'Edit “Bokrea på Kvarteret”' }).click();
    const edit = dialog('Edit Advertisement');
    await edit.getByLabel('Title', { exact: true }).fill('Bokrea på Kvarteret – sista dagarna');
    await edit.getByRole('button', { name: 'Update Advertisement' }).click();
    await expectToast('Advertisement updated successfully!');

    await confirmDelete('Bokrea på Kvarteret – sista dagarna');
    await expectToast('Advertisement deleted successfully');
    await until(rowWith('Bokrea på Kvarteret'), 'detached');
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
    await upload(form, 'Profile image', PHOTO, '/uploads/images/');
    await form.getByRole('button', { name: 'Add Journalist' }).click();
    await expectToast('Journalist added successfully!');
    const card = rowWith('Nils Holm');
    await until(card.locator('.admin-tag').nth(2));
    expect(await card.locator('.admin-tag').allTextContents()).toEqual(['Kommunen', 'Skola', 'Trafik']);

    await page.getByRole('button', { name: 'Edit “Nils Holm”' }).click();
    const edit = dialog('Edit Journalist');
    await edit.getByLabel('Status').selectOption('freelance');
    await edit.getByRole('button', { name: 'Update Journalist' }).click();
    await expectToast('Journalist updated successfully!');
    await until(card.filter({ hasText: 'Freelance' }));

    await confirmDelete('Nils Holm');
    await expectToast('Journalist deleted successfully');
    await until(rowWith('Nils Holm'), 'detached');
  });
});

/** The id of the series the episode went into, from its row's link. */
async function seriesId(): Promise<string> {
  const href = await rowWith('Stadsliv i Sverige').getByRole('link', { name: 'Stadsliv i Sverige' }).getAttribute('href');
  return href!.match(/\/podcast-series\/(\d+)$/)![1]!;
}

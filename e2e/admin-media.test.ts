import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article, CustomVideo, Episode, PersonProfile } from '@redaktion/shared';
import { startOpenAiStandIn } from '../api/test/stand-ins/openai.js';
import { startPexelsStandIn } from '../api/test/stand-ins/pexels.js';
import { startYouTubeStandIn } from '../api/test/stand-ins/youtube.js';
import { startTestServer, type TestServer } from '../api/test/support/test-server.js';
import { createAdminWithCli, signedInContext } from './support/admin.js';
import { launchBrowser, openPage } from './support/browser.js';

/**
 * The admin's media desk in Chromium (desktop) against the whole server, with the AI, Pexels and YouTube
 * providers played by the stand-ins the API tests use: custom videos, channel videos, a Pexels photo on a
 * profile, an AI draft, and an interview with its own audio.
 */
const EDITOR = { username: 'mediaredaktor', email: 'media@example.se', password: 'mediaredaktionen-2026' };
const DEMO_VIDEO = new URL('../api/src/seed/assets/video/veckan-i-korthet.webm', import.meta.url).pathname;
const DEMO_AUDIO = new URL('../api/src/seed/assets/audio/intervju-konstnaren.mp3', import.meta.url).pathname;

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let standIns: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  const [openai, pexels, youtube] = await Promise.all([startOpenAiStandIn('sk-stand-in'), startPexelsStandIn('pexels-stand-in'), startYouTubeStandIn('yt-stand-in')]);
  standIns = [openai, pexels, youtube];
  [server, browser] = await Promise.all([
    startTestServer({
      seed: true,
      env: {
        OPENAI_API_KEY: 'sk-stand-in', OPENAI_BASE_URL: openai.origin, AI_IMAGE_MODEL: 'dall-e-3',
        PEXELS_API_KEY: 'pexels-stand-in', PEXELS_API_BASE: pexels.origin,
        YOUTUBE_CHANNEL_URL: 'https://www.youtube.com/@redaktion', YOUTUBE_FEED_BASE: youtube.origin,
      },
    }),
    launchBrowser(),
  ]);
  await createAdminWithCli(server, EDITOR);
  context = await signedInContext(browser, server, EDITOR);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
  await Promise.all(standIns.map((standIn) => standIn.close()));
});

const toastText = (page: Page) => page.locator('.toast').textContent();
const api = async <T>(path: string): Promise<T> => (await context.request.get(`${server.url}${path}`)).json() as Promise<T>;

async function interviewsTab(): Promise<{ page: Page; errors: string[] }> {
  const opened = await openPage(context);
  await opened.page.goto(`${server.url}/admin?tab=people`);
  await opened.page.getByRole('heading', { name: 'Interview podcasts' }).waitFor();
  return opened;
}

describe('an admin at the media desk (desktop)', () => {
  it('uploads a custom video resumably (tus), sees it on the site, renames it and deletes it', async () => {
    const { page, errors } = await interviewsTab();
    // What reached the server for the video: the resumable endpoint's requests, then the JSON create.
    const sent: string[] = [];
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      const request = response.request();
      if (pathname.startsWith('/api/admin/uploads') || (pathname === '/api/admin/custom-videos' && request.method() === 'POST')) {
        sent.push(`${request.method()} ${pathname.replace(/\/uploads\/[^/]+$/, '/uploads/{id}')} ${response.status()} ${request.headers()['content-type'] ?? ''}`);
      }
    });
    await page.getByRole('button', { name: 'YouTube & custom videos' }).click();
    const modal = page.getByRole('dialog', { name: 'YouTube Channel Integration' });
    const upload = modal.getByRole('region', { name: 'Upload a custom video' });
    await upload.getByRole('button', { name: 'Upload Video' }).click();
    await expect.poll(() => toastText(page)).toContain('Missing Information');

    await upload.getByLabel('Video file').setInputFiles(DEMO_VIDEO);
    await upload.getByLabel('Title', { exact: true }).fill('Redaktionen på språng');
    await upload.getByLabel('Description', { exact: true }).fill('En kort film om en dag på redaktionen.');
    await upload.getByLabel('Duration', { exact: true }).fill('0:12');
    await upload.getByRole('button', { name: 'Upload Video' }).click();
    await expect.poll(() => toastText(page)).toContain('Video uploaded successfully!');
    expect(await upload.getByLabel('Title', { exact: true }).inputValue()).toBe('');
    expect(sent).toEqual([
      'POST /api/admin/uploads 201 ',
      'PATCH /api/admin/uploads/{id} 200 application/offset+octet-stream',
      'POST /api/admin/custom-videos 201 application/json',
    ]);

    const row = modal.locator('.admin-row', { hasText: 'Redaktionen på språng' });
    await row.waitFor();
    expect(await row.textContent()).toContain('0:12');
    expect(await row.textContent()).toContain('Active');
    const video = (await api<CustomVideo[]>('/api/admin/custom-videos')).find((v) => v.title === 'Redaktionen på språng')!;
    expect(await row.getByRole('link', { name: 'Redaktionen på språng' }).getAttribute('href')).toBe(`${server.url}/watch/${video.slug}`);

    const reader = await openPage(context);
    await reader.page.goto(`${server.url}/watch/${video.slug}`);
    await expect.poll(() => reader.page.locator('h1').first().textContent()).toBe('Redaktionen på språng');
    expect(await reader.page.locator('video').getAttribute('src')).toBe(video.videoUrl);
    expect(reader.errors).toEqual([]);
    await reader.page.close();

    await row.getByRole('button', { name: 'Edit “Redaktionen på språng”' }).click();
    const editor = modal.getByRole('form', { name: 'Edit “Redaktionen på språng”' });
    await editor.getByLabel('Title', { exact: true }).fill('Redaktionen i farten');
    await editor.getByLabel('Priority').fill('3');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toastText(page)).toContain('Video updated successfully!');
    const renamed = modal.locator('.admin-row', { hasText: 'Redaktionen i farten' });
    await renamed.waitFor();
    expect(await renamed.textContent()).toContain('Priority 3');

    await renamed.getByRole('button', { name: 'Delete “Redaktionen i farten”' }).click();
    await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => toastText(page)).toContain('Video deleted successfully!');
    await expect.poll(() => renamed.count()).toBe(0);
    expect((await api<CustomVideo[]>('/api/admin/custom-videos')).some((v) => v.id === video.id)).toBe(false);
    expect(await modal.isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('fetches the latest 10 videos of a channel', async () => {
    const { page, errors } = await interviewsTab();
    await page.getByRole('button', { name: 'YouTube & custom videos' }).click();
    const channel = page.getByRole('dialog', { name: 'YouTube Channel Integration' }).getByRole('region', { name: 'Channel videos' });
    const fetchButton = channel.getByRole('button', { name: 'Fetch Channel Videos' });
    expect(await fetchButton.isDisabled()).toBe(true);
    await channel.getByLabel('YouTube channel URL').fill('https://www.youtube.com/@redaktion');
    await fetchButton.click();
    await channel.getByText('Videos (10)').waitFor();
    expect(await channel.getByRole('link', { name: 'Flödesvideo 1 & mer' }).getAttribute('href')).toBe(`${server.url}/watch/vid00000000`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('creates a people profile with a photo from Pexels', async () => {
    const { page, errors } = await interviewsTab();
    await page.getByRole('button', { name: 'New Profile' }).click();
    const form = page.getByRole('dialog', { name: 'Create Profile' });
    await form.getByLabel('Name', { exact: true }).fill('Sara Nilsson');
    await form.getByLabel('Article title', { exact: true }).fill('Fjällens väktare');
    await form.getByLabel('Category', { exact: true }).selectOption('society');
    await form.getByLabel('Author', { exact: true }).fill('Rut Redaktör');
    await form.getByLabel('Excerpt', { exact: true }).fill('Fjällforskaren som följer fjällräven.');
    await form.getByLabel('Profile text', { exact: true }).fill('Hon har följt fjällräven i tjugo år.\n\nNu ser hon ljusare tider.');
    await form.getByLabel('Add an achievement').fill('Årets miljöforskare');
    await form.getByRole('button', { name: 'Add', exact: true }).click();

    await form.getByRole('button', { name: 'Choose from Pexels' }).click();
    const picker = page.getByRole('dialog', { name: 'Select Photo from Pexels' });
    await picker.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => toastText(page)).toContain('Search Required');
    await picker.getByRole('button', { name: 'Use the photo by Fotograf 2001: Stockholm från ovan' }).click();
    await expect.poll(() => toastText(page)).toContain('Image Attached Successfully');
    await expect.poll(() => picker.isVisible()).toBe(false);
    expect(await form.isVisible()).toBe(true);
    expect(await form.locator('img.upload-preview').getAttribute('src')).toMatch(/\/uploads\//);

    await form.getByRole('button', { name: 'Create Profile' }).click();
    await expect.poll(() => toastText(page)).toContain('Profile created successfully');
    await page.locator('.admin-row', { hasText: 'Sara Nilsson' }).waitFor();
    const profile = (await api<PersonProfile[]>('/api/admin/people-profiles')).find((p) => p.name === 'Sara Nilsson')!;
    expect(profile).toMatchObject({ title: 'Fjällens väktare', category: 'society', achievements: ['Årets miljöforskare'], status: 'draft' });
    expect(profile.profileImage).toMatch(/^\/uploads\//);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('generates an article and an image with AI, saves the draft and finds it in the Articles tab', async () => {
    const { page, errors } = await openPage(context);
    await page.goto(`${server.url}/admin?tab=ai-generator`);
    await page.getByRole('link', { name: 'Open AI Generator', exact: true }).click();
    await page.waitForURL(`${server.url}/admin/ai-generator`);
    await page.getByRole('button', { name: 'Create Draft' }).click();
    await expect.poll(() => toastText(page)).toContain('No Article Generated');

    const article = page.getByRole('tabpanel', { name: 'Article generator' });
    await article.getByLabel('Topic').fill('Fjällrävens återkomst');
    await article.getByLabel('Category').selectOption('society');
    await article.getByLabel('Length').selectOption('short');
    await article.getByRole('button', { name: 'Generate Article' }).click();
    await expect.poll(() => toastText(page)).toContain('Article Generated');
    await article.getByRole('heading', { name: 'Ny rubrik om ämnet' }).waitFor();

    await page.getByRole('tab', { name: 'Image generator' }).click();
    const image = page.getByRole('tabpanel', { name: 'Image generator' });
    await image.getByLabel('Prompt').fill('En fjällräv i snö');
    await image.getByRole('button', { name: 'Generate Image' }).click();
    await expect.poll(() => toastText(page)).toContain('Image Generated');
    expect(await page.locator('.workflow li[data-done="true"]').count()).toBe(2);

    await page.getByRole('button', { name: 'Create Draft' }).click();
    await expect.poll(() => toastText(page)).toContain('Article Created!');
    await page.getByText('No article generated yet.').waitFor();
    const draft = (await api<Article[]>('/api/admin/articles')).find((a) => a.title === 'Ny rubrik om ämnet')!;
    expect(draft).toMatchObject({ status: 'draft', author: 'AI Generated', category: 'society', featured: false });
    expect(draft.imageUrl).toMatch(/^\/uploads\//);

    await page.getByRole('link', { name: 'Open the Articles tab' }).click();
    await page.waitForURL(`${server.url}/admin?tab=articles`);
    const row = page.locator('.admin-row', { hasText: 'Ny rubrik om ämnet' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Draft');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('creates an interview with its own audio and changes its status from the card', async () => {
    const { page, errors } = await interviewsTab();
    await page.getByRole('button', { name: 'New Interview' }).click();
    const form = page.getByRole('dialog', { name: 'Create Interview Podcast' });
    await form.getByRole('button', { name: 'Create Interview' }).click();
    await form.getByText('Duration is required').waitFor();
    await form.getByLabel('Title', { exact: true }).fill('Samtal med fjällforskaren');
    await form.getByLabel('Duration (minutes)').fill('25');
    await form.getByLabel('Description', { exact: true }).fill('Om fjällräven, klimatet och tålamod.');
    await form.getByLabel('Audio file', { exact: true }).setInputFiles(DEMO_AUDIO);
    await expect.poll(() => toastText(page)).toContain('Upload successful');
    await form.getByRole('button', { name: 'Create Interview' }).click();
    await expect.poll(() => toastText(page)).toContain('Interview podcast created successfully');
    await expect.poll(() => form.isVisible()).toBe(false);

    const status = page.getByRole('combobox', { name: 'Status of “Samtal med fjällforskaren”' });
    expect(await status.inputValue()).toBe('published');
    const created = (await api<Episode[]>('/api/admin/podcasts')).find((e) => e.title === 'Samtal med fjällforskaren')!;
    expect(created).toMatchObject({ kind: 'interview', duration: 1500, status: 'published', seriesId: null });
    expect(created.audioUrl).toBe(`/api/podcasts/${created.id}/audio`);

    await status.selectOption('draft');
    await expect.poll(() => toastText(page)).toContain('Podcast status updated');
    await expect.poll(async () => (await api<Episode[]>('/api/admin/podcasts')).find((e) => e.id === created.id)?.status).toBe('draft');
    await expect.poll(() => status.inputValue()).toBe('draft');
    expect(errors).toEqual([]);
    await page.close();
  });
});

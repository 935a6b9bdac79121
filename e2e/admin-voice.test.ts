import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../api/test/support/test-server.js';
import { startSpeechStandIn } from '../api/test/stand-ins/openai-speech.js';
import { startTranscribeStandIn } from '../api/test/stand-ins/openai-transcribe.js';
import { createAdminWithCli, signedInContext, until } from './support/admin.js';
import { launchBrowser, openPage } from './support/browser.js';

/**
 * Transcripts and read-aloud in the admin (contract §9 [voice]), against the whole server with OpenAI-compatible
 * speech stand-ins: each stand-in answers one path, so each part has a server of its own configured for it.
 */
const KEY = 'sk-voice-e2e';
const ADMIN = { username: 'rostredaktor', email: 'rost@redaktion.se', password: 'röst-lösen-1' };

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

/** A seeded server whose speech integration is `origin`, an editor signed in to it, and the page the editor works on. */
function editorOn(start: () => Promise<{ origin: string; close(): Promise<void> }>) {
  const env = {} as { server: TestServer; context: BrowserContext; page: Page; errors: string[] };
  let standIn: { close(): Promise<void> } | undefined;
  beforeAll(async () => {
    const speech = await start();
    standIn = speech;
    env.server = await startTestServer({ seed: true, env: { AI_AUDIO_BASE_URL: speech.origin, AI_AUDIO_API_KEY: KEY } });
    await createAdminWithCli(env.server, ADMIN);
    env.context = await signedInContext(browser, env.server, ADMIN);
    ({ page: env.page, errors: env.errors } = await openPage(env.context));
  }, 120_000);
  afterAll(async () => {
    await env.context?.close();
    await env.server?.close();
    await standIn?.close();
  });
  return env;
}


/** Serious and critical WCAG A/AA findings inside `selector`. */
async function axeFindings(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} ${v.nodes[0]?.target.join(' ')}`);
}

const VTT = 'WEBVTT\n\n00:00:01.000 --> 00:00:04.500\nVälkomna till Morgonekot.\n\n00:00:04.500 --> 00:00:09.000\nDagens första nyhet.\n';

describe('an episode\'s transcript, uploaded and transcribed', () => {
  const env = editorOn(() => startTranscribeStandIn(KEY));

  /** The first free, published episode with audio: its transcript may go to the speech server without asking. */
  async function freeEpisode() {
    return (await env.server.db('podcasts').where({ status: 'published', premium: false, kind: 'episode' }).whereNotNull('audioFile')
      .where('publishedAt', '<=', new Date().toISOString()).orderBy('id').first('id', 'title')) as { id: number; title: string };
  }
  const vttOf = async (id: number) => {
    const response = await fetch(`${env.server.url}/feeds/transcripts/${id}.vtt`);
    return { status: response.status, text: await response.text() };
  };

  /** A free episode's edit dialog, open at its transcript panel. */
  const openTranscript = async (page: Page) => {
    const episode = await freeEpisode();
    await page.goto(`${env.server.url}/admin?tab=podcasts`);
    await page.getByRole('button', { name: `Edit “${episode.title}”` }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Edit Episode' });
    await until(dialog.getByRole('heading', { name: 'Transcript' }));
    return { episode, dialog };
  };

  it('uploads a WebVTT file, corrects a cue, publishes it for readers and passes axe', async () => {
    const { page, errors } = env;
    const { episode, dialog } = await openTranscript(page);

    await dialog.getByLabel('Upload a transcript (.vtt or .srt)').setInputFiles({ name: 'avsnitt.vtt', mimeType: 'text/vtt', buffer: Buffer.from('WEBVTT\n\n00:00:01.000 -> 00:00:02.000\nFel pil.\n') });
    await until(dialog.getByRole('alert').filter({ hasText: 'Line 3:' }));
    expect(await dialog.getByRole('alert').textContent()).not.toContain('Line 3: Line 3');

    await dialog.getByLabel('Upload a transcript (.vtt or .srt)').setInputFiles({ name: 'avsnitt.vtt', mimeType: 'text/vtt', buffer: Buffer.from(VTT) });
    await until(dialog.getByRole('heading', { name: 'Draft (2 cues)' }));
    await dialog.getByLabel('Text, cue 2').fill('Dagens viktigaste nyhet.');
    await dialog.getByRole('button', { name: 'Save cues' }).click();
    await until(page.locator('.toast').filter({ hasText: 'Cues saved' }));
    expect(await axeFindings(page, '.voice-panel')).toEqual([]);

    await dialog.getByRole('button', { name: 'Publish transcript' }).click();
    await until(dialog.getByRole('link', { name: 'Open the WebVTT file' }));
    const served = await vttOf(episode.id);
    expect(served.status).toBe(200);
    expect(served.text).toContain('00:00:04.500 --> 00:00:09.000\nDagens viktigaste nyhet.');
    expect(served.text).not.toContain('Dagens första nyhet.');
    expect(errors).toEqual([]);
  });

  it('transcribes the audio with the speech server, follows it to the end and publishes the machine draft once read', async () => {
    const { page, errors } = env;
    const { episode, dialog } = await openTranscript(page);

    await dialog.getByRole('button', { name: 'Transcribe' }).click();
    await until(dialog.getByRole('heading', { name: /^Draft made by the speech server/ }));
    await until(page.locator('.toast').filter({ hasText: 'Transcription done' }));
    // The progress the editor followed has reached its end: every part done.
    const progress = dialog.getByRole('progressbar', { name: 'Transcription' });
    expect(await progress.evaluate((bar: HTMLProgressElement) => [bar.value, bar.max])).toEqual([1, 1]);
    expect(await dialog.getByText('Part 1 of 1 done').count()).toBe(1);
    const read = dialog.getByLabel('I have read the whole transcript');
    // The editor goes through the whole list: the box opens once the cues were scrolled to their end.
    await dialog.getByRole('region', { name: 'Cues' }).evaluate((list) => { list.scrollTop = list.scrollHeight; });
    await read.check();
    expect(await axeFindings(page, '.voice-panel')).toEqual([]);
    await dialog.getByRole('button', { name: 'Publish transcript' }).click();
    await until(page.locator('.toast').filter({ hasText: 'Transcript published' }));
    expect((await vttOf(episode.id)).text).toContain('Del 1 börjar.');
    expect(errors).toEqual([]);
  });
});

describe('an article read aloud', () => {
  const env = editorOn(() => startSpeechStandIn(KEY));

  it('chooses the voice in the settings', async () => {
    const { page, errors } = env;
    await page.goto(`${env.server.url}/admin?tab=settings`);
    const voice = page.getByLabel('Voice', { exact: true });
    await until(voice);
    expect(await voice.inputValue()).toBe('');
    await voice.fill('shimmer');
    await page.getByRole('region', { name: 'Read-aloud voice' }).getByRole('button', { name: 'Save' }).click();
    await until(page.locator('.toast').filter({ hasText: 'Voice saved' }));
    expect(await axeFindings(page, '[aria-labelledby="settings-voice"]')).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('creates the audio version in that voice, offers the draft to listen to, publishes it for readers and passes axe', async () => {
    const { page, context, errors } = env;
    const { id, title } = (await env.server.db('articles').where({ status: 'published', premium: false, kind: 'article' })
      .where('publishedAt', '<=', new Date().toISOString()).orderBy('publishedAt', 'desc').first('id', 'title')) as { id: number; title: string };
    await page.goto(`${env.server.url}/admin?tab=articles`);
    await page.getByRole('button', { name: `Edit “${title}”` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Article' });
    await until(dialog.getByRole('heading', { name: 'Read-aloud' }));
    expect(await dialog.getByText('The audio is withdrawn when the article’s title, excerpt or text changes').count()).toBe(1);

    await dialog.getByRole('button', { name: 'Create audio version' }).click();
    const draft = dialog.getByLabel('Draft audio');
    await until(draft);
    expect(await dialog.getByText('Listen to the draft (voice shimmer) before publishing.').count()).toBe(1);
    const answer = await context.request.get(`${env.server.url}${new URL(await draft.getAttribute('src') ?? '').pathname}`);
    expect([answer.status(), answer.headers()['content-type']]).toEqual([200, 'audio/mpeg']);
    expect(await axeFindings(page, '.voice-panel')).toEqual([]);

    await dialog.getByRole('button', { name: 'Publish audio' }).click();
    await until(dialog.getByText('The audio version is published.'));
    const article = await (await fetch(`${env.server.url}/api/articles/${id}`)).json() as { audioUrl: string | null };
    expect(article.audioUrl).toBe(`/api/articles/${id}/audio`);
    expect(errors).toEqual([]);
  });
});

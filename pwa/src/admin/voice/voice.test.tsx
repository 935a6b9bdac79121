import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EpisodeTranscript, ReadAloud, TranscriptCue, TranscriptDraft, TranscriptionJob } from '@redaktion/shared';
import { ApiError } from '@redaktion/shared/client';
import { TranscriptPanel } from '../catalogue/TranscriptPanel';
import { ReadAloudPanel } from '../articles/ReadAloudPanel';
import { article, episode } from '../test/fixtures';
import { installDialogPolyfill, jsonFetch, renderAdmin, resetAdminScreens, staffUser } from '../test/render';
import { VoiceSettings } from './VoiceSettings';

beforeAll(installDialogPolyfill);
afterEach(resetAdminScreens);

const CONFIG = { payments: { enabled: false, publishableKey: null }, integrations: { ai: true, aiAudio: true, pexels: true, youtube: false, email: false } };
const UNCONFIGURED = { ...CONFIG, integrations: { ...CONFIG.integrations, aiAudio: false } };
const CUES: TranscriptCue[] = [{ start: 1, end: 4.5, text: 'Välkomna till Morgonekot.' }, { start: 4.5, end: 9.25, text: 'Dagens första nyhet.' }];
const draft = (version: number, source: TranscriptDraft['source'] = 'upload', cues = CUES): TranscriptDraft =>
  ({ version, source, cues, updatedAt: '2026-11-27T04:00:00.000Z' });
const job = (status: TranscriptionJob['status'], partsDone = 0, partsTotal: number | null = null): TranscriptionJob => ({
  id: '5b0c1c9e-8d47-4e0b-9d0c-5c1f1d3e2a10', episodeId: 9, status, partsDone, partsTotal, error: null, createdAt: '2026-11-27T04:00:00.000Z', finishedAt: null,
});
const PATH = '/api/admin/podcasts/9/transcript';
const heading = () => screen.findByRole('heading', { name: 'Transcript' });

describe('the transcript panel', () => {
  it('names the lines of a malformed file, then edits, saves and publishes an uploaded transcript', async () => {
    let state: EpisodeTranscript = { draft: null, published: null, job: null };
    const api = jsonFetch({
      'GET /api/config': CONFIG,
      [`GET ${PATH}`]: () => ({ status: 200, body: state }),
      [`PUT ${PATH}/draft`]: (body: unknown) => ({ status: 200, body: draft(2, 'upload', (body as { cues: TranscriptCue[] }).cues) }),
      [`POST ${PATH}/publish`]: { cues: CUES, source: 'upload', url: '/feeds/transcripts/9.vtt', publishedAt: '2026-11-27T04:05:00.000Z' },
    });
    let uploads = 0;
    renderAdmin(<TranscriptPanel episode={episode(9, 'Morgonen')} />, {
      fetch: api.fetch, user: staffUser(),
      upload: async () => {
        uploads += 1;
        if (uploads === 1) throw new ApiError(400, 'Line 3: Timing line expected', 'validation_failed', [{ path: 'line 3', message: 'Line 3: Timing line expected' }]);
        state = { ...state, draft: draft(1) };
        return state.draft as never;
      },
    });
    await heading();
    const file = screen.getByLabelText('Upload a transcript (.vtt or .srt)');
    fireEvent.change(file, { target: { files: [new File(['WEBVTT\n\nfel'], 'avsnitt.vtt')] } });
    expect((await screen.findByRole('alert')).textContent).toMatch(/^The file could not be readLine 3: Timing line expected$/);

    fireEvent.change(file, { target: { files: [new File(['WEBVTT'], 'avsnitt.vtt')] } });
    expect(await screen.findByRole('heading', { name: 'Draft (2 cues)' })).toBeTruthy();
    expect((screen.getByLabelText('Start, cue 1') as HTMLInputElement).value).toBe('0:01');
    expect((screen.getByLabelText('End, cue 1') as HTMLInputElement).value).toBe('0:04.5');

    fireEvent.change(screen.getByLabelText('Text, cue 2'), { target: { value: 'Dagens viktigaste nyhet.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete cue 1' }));
    expect(screen.getByRole('button', { name: 'Publish transcript' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Save cues' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({ version: 1, cues: [{ start: 4.5, end: 9.25, text: 'Dagens viktigaste nyhet.' }] });

    await waitFor(() => expect(screen.getByRole('button', { name: 'Publish transcript' })).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByRole('button', { name: 'Publish transcript' }));
    expect(await screen.findByText('Transcript published')).toBeTruthy();
    expect(api.calls.find((call) => call.path === `${PATH}/publish`)?.body).toEqual({ version: 2 });
    expect(screen.getByRole('link', { name: 'Open the WebVTT file' }).getAttribute('href')).toBe('http://admin.test/feeds/transcripts/9.vtt');
  });

  it('refuses a cue it cannot read and tells of a draft changed meanwhile', async () => {
    const api = jsonFetch({
      'GET /api/config': CONFIG,
      [`GET ${PATH}`]: { draft: draft(3), published: null, job: null },
      [`PUT ${PATH}/draft`]: () => ({ status: 409, body: { error: 'The draft changed', code: 'edit_conflict', current: draft(4) } }),
    });
    renderAdmin(<TranscriptPanel episode={episode(9, 'Morgonen')} />, { fetch: api.fetch, user: staffUser() });
    await heading();
    fireEvent.change(await screen.findByLabelText('End, cue 1'), { target: { value: 'snart' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save cues' }));
    expect(screen.getByText('Write the time as m:ss or h:mm:ss')).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);

    fireEvent.change(screen.getByLabelText('End, cue 1'), { target: { value: '0:03' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save cues' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The draft changed since you opened it');
    expect(screen.getByRole('button', { name: 'Load the current draft' })).toBeTruthy();
  });

  it('asks before sending an unpublished episode\'s audio, follows the transcription and publishes the machine draft only once read', async () => {
    let state: EpisodeTranscript = { draft: null, published: null, job: null };
    let asked = 0;
    const api = jsonFetch({
      'GET /api/config': CONFIG,
      [`GET ${PATH}`]: () => ({ status: 200, body: state }),
      [`POST ${PATH}/transcribe`]: () => ({ status: 202, body: job('queued') }),
      [`GET /api/admin/transcriptions/${job('queued').id}`]: () => {
        asked += 1;
        if (asked === 1) return { status: 200, body: job('running', 1, 2) };
        state = { draft: draft(5, 'machine'), published: null, job: job('done', 2, 2) };
        return { status: 200, body: state.job };
      },
      [`POST ${PATH}/publish`]: { cues: CUES, source: 'machine', url: '/feeds/transcripts/9.vtt', publishedAt: '2026-11-27T04:05:00.000Z' },
    });
    // A long list: the cue box scrolls, and the "read" box opens once it was scrolled to its end.
    const sizes = { scrollHeight: 1000, clientHeight: 200 };
    const restore = Object.entries(sizes).map(([name, value]) => {
      const before = Object.getOwnPropertyDescriptor(Element.prototype, name)!;
      Object.defineProperty(Element.prototype, name, { configurable: true, get(this: Element) { return this.classList.contains('transcript-cues') ? value : 0; } });
      return () => Object.defineProperty(Element.prototype, name, before);
    });
    try {
      renderAdmin(<TranscriptPanel episode={episode(9, 'Morgonen', { status: 'draft' })} />, { fetch: api.fetch, user: staffUser() });
      await heading();
      const transcribe = screen.getByRole('button', { name: 'Transcribe' });
      expect(transcribe).toHaveProperty('disabled', true);
      fireEvent.click(screen.getByLabelText(/Send this episode’s audio to the configured speech server/));
      fireEvent.click(transcribe);
      expect(await screen.findByText('Part 1 of 2 done', {}, { timeout: 5000 })).toBeTruthy();
      expect(screen.getByRole('progressbar', { name: 'Transcription' })).toBeTruthy();
      expect(api.calls.find((call) => call.path === `${PATH}/transcribe`)?.body).toEqual({ confirm: true });

      expect(await screen.findByRole('heading', { name: 'Draft made by the speech server (2 cues)' }, { timeout: 5000 })).toBeTruthy();
      expect(screen.getByText('Part 2 of 2 done')).toBeTruthy();
      const read = screen.getByLabelText('I have read the whole transcript');
      expect(read).toHaveProperty('disabled', true);
      expect(screen.getByRole('button', { name: 'Publish transcript' })).toHaveProperty('disabled', true);
      const cues = screen.getByRole('region', { name: 'Cues' });
      cues.scrollTop = 800;
      fireEvent.scroll(cues);
      expect(read).toHaveProperty('disabled', false);
      fireEvent.click(read);
      fireEvent.click(screen.getByRole('button', { name: 'Publish transcript' }));
      expect(await screen.findByText('Transcript published')).toBeTruthy();
      expect(api.calls.find((call) => call.path === `${PATH}/publish`)?.body).toEqual({ version: 5, reviewed: true });
    } finally {
      restore.forEach((undo) => undo());
    }
  });

  it('says Transcribe is unavailable without a speech server', async () => {
    const api = jsonFetch({ 'GET /api/config': UNCONFIGURED, [`GET ${PATH}`]: { draft: null, published: null, job: null } });
    renderAdmin(<TranscriptPanel episode={episode(9, 'Morgonen')} />, { fetch: api.fetch, user: staffUser(), locale: 'sv' });
    await screen.findByRole('heading', { name: 'Transkription' });
    expect(await screen.findByText(/Ingen talserver är inställd/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Transkribera' })).toHaveProperty('disabled', true);
  });
});

const readAloud = (extra: Partial<ReadAloud>): ReadAloud => ({
  status: 'none', voice: null, partsDone: 0, partsTotal: 0, draftUrl: null, duration: null, size: null, stale: false, published: false, audioUrl: null, ...extra,
});

describe('the read-aloud panel', () => {
  it('asks before sending a premium article, follows the making, plays the draft and publishes it', async () => {
    let state = readAloud({});
    let asked = 0;
    const api = jsonFetch({
      'GET /api/config': CONFIG,
      'GET /api/admin/articles/7/audio': () => {
        asked += 1;
        if (state.status === 'queued' && asked > 2) state = readAloud({ status: 'done', voice: 'alloy', partsDone: 3, partsTotal: 3, draftUrl: '/api/admin/articles/7/audio/draft', duration: 42 });
        return { status: 200, body: state };
      },
      'POST /api/admin/articles/7/audio': () => {
        state = readAloud({ status: 'queued', voice: 'alloy' });
        return { status: 202, body: state };
      },
      'POST /api/admin/articles/7/audio/publish': () => {
        state = { ...state, published: true, audioUrl: '/api/articles/7/audio' };
        return { status: 200, body: state };
      },
    });
    renderAdmin(<ReadAloudPanel article={article(7, 'Elpriset', { premium: true })} />, { fetch: api.fetch, user: staffUser() });
    const create = await screen.findByRole('button', { name: 'Create audio version' });
    expect(screen.getByText(/withdrawn when the article’s title, excerpt or text changes/)).toBeTruthy();
    expect(create).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByLabelText(/Send this article’s text to the configured speech server/));
    fireEvent.click(create);
    expect(await screen.findByText('Waiting to start…')).toBeTruthy();
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ confirm: true });

    const player = await screen.findByLabelText('Draft audio', {}, { timeout: 5000 });
    expect(player.getAttribute('src')).toBe('http://admin.test/api/admin/articles/7/audio/draft');
    fireEvent.click(screen.getByRole('button', { name: 'Publish audio' }));
    expect(await screen.findByText('The audio version is published.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Withdraw audio' })).toBeTruthy();
  });

  it('keeps a draft of changed words from being published, and is off without a speech server', async () => {
    const api = jsonFetch({
      'GET /api/config': UNCONFIGURED,
      'GET /api/admin/articles/7/audio': readAloud({ status: 'done', voice: 'alloy', partsDone: 1, partsTotal: 1, draftUrl: '/api/admin/articles/7/audio/draft', stale: true }),
    });
    renderAdmin(<ReadAloudPanel article={article(7, 'Elpriset', { status: 'published' })} />, { fetch: api.fetch, user: staffUser() });
    expect(await screen.findByText(/The text changed since this audio was made/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Publish audio' })).toHaveProperty('disabled', true);
    await screen.findByText(/No speech server is configured/);
    expect(screen.getByRole('button', { name: 'Make the audio again' })).toHaveProperty('disabled', true);
  });
});

describe('the read-aloud voice setting', () => {
  it('shows the voice with the common ones offered, and saves a blank as the server\'s default', async () => {
    const api = jsonFetch({
      'GET /api/admin/settings/read-aloud': { voice: 'nova', defaultVoice: 'alloy' },
      'PUT /api/admin/settings/read-aloud': (body: unknown) => ({ status: 200, body: { ...(body as object), defaultVoice: 'alloy' } }),
    });
    renderAdmin(<VoiceSettings />, { fetch: api.fetch, user: staffUser() });
    const input = await screen.findByLabelText('Voice') as HTMLInputElement;
    expect(input.value).toBe('nova');
    expect(screen.getByText(/Blank: the server’s default \(alloy\)/)).toBeTruthy();
    const offered = within(document.getElementById(input.getAttribute('list')!)!).getAllByRole('option', { hidden: true });
    expect(offered.map((option) => option.getAttribute('value'))).toContain('shimmer');
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Voice saved')).toBeTruthy();
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({ voice: null });
  });
});

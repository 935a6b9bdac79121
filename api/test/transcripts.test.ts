import { buffer } from 'node:stream/consumers';
import CodecParser, { type CodecFrame } from 'codec-parser';
import { parseText } from 'media-captions';
import { parseFeed } from 'podcast-partytime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Episode, EpisodeTranscript, PodcastFeed, TranscriptionJob } from '@redaktion/shared';
import { episodeAudioKey } from '../src/services/media/episode-audio.js';
import { startTranscribeStandIn } from './stand-ins/openai-transcribe.js';
import { HttpClient } from './support/http-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { signedInUser } from './support/users.js';

const KEY = 'sk-speech-stand-in';
/** Small parts, so that a demo episode of a little over a minute goes in several. */
const PART_BYTES = 40_000;

let server: TestServer;
let speech: Awaited<ReturnType<typeof startTranscribeStandIn>>;
let admin: HttpClient;
/** Podcast apps and signed-out readers: no cookie. */
let anonymous: HttpClient;

interface DemoEpisode { id: number; seriesId: number; audioFile: string }
let free: DemoEpisode;
let premium: DemoEpisode;
let other: DemoEpisode;

beforeAll(async () => {
  speech = await startTranscribeStandIn(KEY);
  server = await startTestServer({ seed: true, env: { AI_AUDIO_BASE_URL: speech.origin, AI_AUDIO_API_KEY: KEY, AI_TRANSCRIBE_PART_BYTES: String(PART_BYTES) } });
  admin = (await signedInUser(server.url, server.db, { role: 'admin' })).client;
  anonymous = new HttpClient(server.url);
  // Published episodes with audio of one active series: two free ones and a premium one.
  const series = (await server.db('podcastSeries').where({ active: true }).orderBy('id').first('id')) as { id: number };
  const episodes = () => server.db('podcasts').where({ seriesId: series.id, status: 'published' }).whereNotNull('audioFile')
    .where('publishedAt', '<=', new Date().toISOString()).orderBy('id').select('id', 'seriesId', 'audioFile');
  [free, other] = (await episodes().where({ premium: false }).limit(2)) as DemoEpisode[] as [DemoEpisode, DemoEpisode];
  [premium] = (await episodes().where({ premium: true }).limit(1)) as DemoEpisode[] as [DemoEpisode];
  expect([free, other, premium].every(Boolean)).toBe(true);
}, 60_000);
afterAll(async () => {
  await server?.close();
  await speech?.close();
});

const transcriptOf = async (id: number) => (await admin.get<EpisodeTranscript>(`/api/admin/podcasts/${id}/transcript`)).body;

async function uploadAndPublish(id: number, text: string) {
  const uploaded = await admin.post(`/api/admin/podcasts/${id}/transcript/upload`, { format: 'vtt', text });
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
  const published = await admin.post(`/api/admin/podcasts/${id}/transcript/publish`, { version: uploaded.body.version });
  expect(published.status, JSON.stringify(published.body)).toBe(200);
}

/** A file sent as the admin's upload form sends it. */
async function uploadFile(id: number, name: string, text: string) {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'application/octet-stream' }), name);
  const response = await fetch(`${server.url}/api/admin/podcasts/${id}/transcript/upload`, {
    method: 'POST', body: form, headers: { Cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A transcription's state once it has settled. */
async function settled(jobId: string): Promise<TranscriptionJob> {
  for (;;) {
    const { body } = await admin.get<TranscriptionJob>(`/api/admin/transcriptions/${jobId}`);
    if (body.status === 'done' || body.status === 'failed') return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const VTT = [
  'WEBVTT',
  '',
  '00:00:01.000 --> 00:00:04.500',
  'Välkomna till <b>Morgonekot</b> & dagens nyheter.',
  '',
  '00:00:04.500 --> 00:00:09.250',
  'Vi pratar om havsströmmarna i Östersjön.',
  '',
].join('\n');

describe('transcripts (contract §9 [voice])', () => {
  it('are uploaded as .vtt into a draft, edited, and served as text/vtt once an editor publishes them', async () => {
    const uploaded = await admin.post(`/api/admin/podcasts/${other.id}/transcript/upload`, { format: 'vtt', text: VTT });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    expect(uploaded.body).toMatchObject({ source: 'upload', version: 1 });
    // Cue markup is kept as written: it is shown as text.
    expect(uploaded.body.cues).toEqual([
      { start: 1, end: 4.5, text: 'Välkomna till <b>Morgonekot</b> & dagens nyheter.' },
      { start: 4.5, end: 9.25, text: 'Vi pratar om havsströmmarna i Östersjön.' },
    ]);
    // A draft is the newsroom's: nothing is served, nothing linked.
    expect((await anonymous.get(`/feeds/transcripts/${other.id}.vtt`)).status).toBe(404);
    expect((await anonymous.get<Episode>(`/api/podcasts/${other.id}`)).body.transcript).toBeNull();

    // The cue editor saves on the version it opened; a save on an older one is refused with the draft as it is.
    const cues = [...uploaded.body.cues, { start: 9.25, end: 12, text: 'Och sedan vädret.' }];
    const edited = await admin.request('PUT', `/api/admin/podcasts/${other.id}/transcript/draft`, { version: 1, cues });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ version: 2, source: 'upload', cues });
    const stale = await admin.request('PUT', `/api/admin/podcasts/${other.id}/transcript/draft`, { version: 1, cues });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'edit_conflict', current: { version: 2 } });
    expect((await admin.post(`/api/admin/podcasts/${other.id}/transcript/publish`, { version: 1 })).body.code).toBe('edit_conflict');

    const published = await admin.post(`/api/admin/podcasts/${other.id}/transcript/publish`, { version: 2 });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body).toMatchObject({ url: `/feeds/transcripts/${other.id}.vtt`, source: 'upload', cues });

    const served = await anonymous.get(`/feeds/transcripts/${other.id}.vtt`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(served.headers.get('cache-control')).toBe('public, no-cache');
    const parsed = await parseText(served.text, { type: 'vtt', strict: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.cues.map(({ startTime, endTime, text }) => ({ start: startTime, end: endTime, text }))).toEqual(cues);
    expect((await anonymous.get(`/feeds/transcripts/${other.id}.vtt`, { 'If-None-Match': served.headers.get('etag')! })).status).toBe(304);
    expect((await anonymous.get<Episode>(`/api/podcasts/${other.id}`)).body.transcript).toEqual({ url: `/feeds/transcripts/${other.id}.vtt` });

    const state = await transcriptOf(other.id);
    expect(state.draft).toMatchObject({ version: 2 });
    expect(state.published).toMatchObject({ cues });

    // Withdrawn, it is gone from the episode and the feed address; the draft stays to work on.
    expect((await admin.delete(`/api/admin/podcasts/${other.id}/transcript/published`)).status).toBe(204);
    expect((await anonymous.get(`/feeds/transcripts/${other.id}.vtt`)).status).toBe(404);
    expect((await anonymous.get<Episode>(`/api/podcasts/${other.id}`)).body.transcript).toBeNull();
    expect((await transcriptOf(other.id)).draft).toMatchObject({ version: 2 });
    await uploadAndPublish(other.id, VTT);
  });

  it('converts an uploaded .srt file', async () => {
    const srt = '1\r\n00:00:01,250 --> 00:00:03,000\r\nHej och <i>välkomna</i>.\r\n\r\n2\r\n00:01:02,000 --> 00:01:05,500\r\nAndra raden\r\nfortsätter här.\r\n';
    const response = await uploadFile(free.id, 'avsnitt.srt', srt);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.cues).toEqual([
      { start: 1.25, end: 3, text: 'Hej och <i>välkomna</i>.' },
      { start: 62, end: 65.5, text: 'Andra raden\nfortsätter här.' },
    ]);
  });

  it('refuses malformed files, naming the line of each problem', async () => {
    const badTime = 'WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nHej\n\n00:00:0x.000 --> 00:00:07.500\nAndra\n';
    const refused = await admin.post(`/api/admin/podcasts/${free.id}/transcript/upload`, { format: 'vtt', text: badTime });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('Line 6: the start time "00:00:0x.000" is not a time');
    expect(refused.body.issues).toEqual([{ path: 'line 6', message: refused.body.error }]);

    const backwards = 'WEBVTT\n\n00:00:09.000 --> 00:00:08.000\nBaklänges\n';
    expect((await admin.post(`/api/admin/podcasts/${free.id}/transcript/upload`, { format: 'vtt', text: backwards })).body.error)
      .toBe('Line 3: the cue ends before it starts');

    const noHeader = '00:00:01.000 --> 00:00:04.000\nHej\n';
    expect((await admin.post(`/api/admin/podcasts/${free.id}/transcript/upload`, { format: 'vtt', text: noHeader })).body.issues)
      .toEqual([{ path: 'line 1', message: 'Line 1: missing WEBVTT file header' }]);

    const missingArrow = '1\n00:00:01,000 --> 00:00:04,000\nHej\n\n2\n00:00:05,000 -> 00:00:07,500\nAndra\n';
    const srt = await uploadFile(free.id, 'avsnitt.srt', missingArrow);
    expect(srt.status).toBe(400);
    expect(srt.body.error).toBe('Line 5: this cue has no timing line (such as 00:00:01,000 --> 00:00:04,000)');

    const wrongKind = await uploadFile(free.id, 'avsnitt.txt', 'Hej');
    expect(wrongKind.status).toBe(415);
    // Nothing malformed became the draft: the .srt of the test before is still it.
    expect((await transcriptOf(free.id)).draft?.cues[0]?.start).toBe(1.25);
  });

  it('are linked in the feeds with <podcast:transcript>, a private feed giving its tokened address', async () => {
    await uploadAndPublish(premium.id, 'WEBVTT\n\n00:00:00.000 --> 00:00:03.000\nEtt premiumsamtal om flamingoparaden.\n');
    const feed = parseFeed((await anonymous.get(`/feeds/podcast-series/${other.seriesId}.xml`)).text)!;
    const item = feed.items.find((entry) => entry.link === `${server.url}/podcast/${other.id}`)!;
    expect(item.podcastTranscripts).toEqual([{ url: `${server.url}/feeds/transcripts/${other.id}.vtt`, type: 'text/vtt', language: 'sv' }]);
    expect(feed.items.find((entry) => entry.link === `${server.url}/podcast/${free.id}`)?.podcastTranscripts).toBeUndefined();

    const subscriber = (await signedInUser(server.url, server.db, { subscriptionStatus: 'active' })).client;
    const feeds = (await subscriber.get<PodcastFeed[]>('/api/podcast-feeds')).body;
    const mine = feeds.find((entry) => entry.seriesId === premium.seriesId)!;
    const token = /\/feeds\/private\/([^/]+)\//.exec(mine.url)![1]!;
    const privateFeed = parseFeed(await (await fetch(mine.url)).text())!;
    const premiumItem = privateFeed.items.find((entry) => entry.link === `${server.url}/podcast/${premium.id}`)!;
    const tokened = `${server.url}/feeds/private/${token}/transcripts/${premium.id}.vtt`;
    expect(premiumItem.podcastTranscripts).toEqual([{ url: tokened, type: 'text/vtt', language: 'sv' }]);

    // A podcast app sends no cookie: the token is what lets it in, until it is rotated.
    const served = await fetch(tokened);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toBe('private, no-cache');
    expect((await parseText(await served.text(), { type: 'vtt', strict: true })).cues[0]?.text).toBe('Ett premiumsamtal om flamingoparaden.');
    await subscriber.post('/api/podcast-feeds/rotate');
    expect((await fetch(tokened)).status).toBe(404);
  });

  it("withhold a premium episode's transcript like its audio", async () => {
    const reader = (await signedInUser(server.url, server.db)).client;
    const subscriber = (await signedInUser(server.url, server.db, { subscriptionStatus: 'active' })).client;
    const path = `/feeds/transcripts/${premium.id}.vtt`;
    for (const client of [anonymous, reader]) {
      expect((await client.get(path)).status).toBe(404);
      expect((await client.get<Episode>(`/api/podcasts/${premium.id}`)).body).toMatchObject({ locked: true, audioUrl: null, transcript: null });
    }
    const served = await subscriber.get(path);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toBe('private, no-cache');
    expect((await subscriber.get<Episode>(`/api/podcasts/${premium.id}`)).body.transcript).toEqual({ url: path });
  });

  it('are found by episode search on what is said, with the line that matched; premium words only for entitled readers', async () => {
    // Swedish words in another form than spoken (stemmed on PostgreSQL, a prefix in SQLite's FTS5).
    const found = (await anonymous.get<Episode[]>('/api/podcasts?q=havsströmmar')).body;
    expect(found.map((episode) => episode.id)).toEqual([other.id]);
    expect(found[0]!.transcriptMatch).toEqual({ start: 4.5, end: 9.25, text: 'Vi pratar om havsströmmarna i Östersjön.' });
    expect(found[0]!.transcript).toEqual({ url: `/feeds/transcripts/${other.id}.vtt` });

    // The title still finds an episode, with no spoken line.
    const title = (await server.db('podcasts').where({ id: free.id }).first('title')) as { title: string };
    const byTitle = (await anonymous.get<Episode[]>(`/api/podcasts?q=${encodeURIComponent(title.title)}`)).body;
    expect(byTitle.map((episode) => episode.id)).toContain(free.id);
    expect(byTitle.find((episode) => episode.id === free.id)!.transcriptMatch).toBeUndefined();

    const subscriber = (await signedInUser(server.url, server.db, { subscriptionStatus: 'active' })).client;
    const reader = (await signedInUser(server.url, server.db)).client;
    for (const client of [anonymous, reader]) expect((await client.get<Episode[]>('/api/podcasts?q=flamingoparaden')).body).toEqual([]);
    const entitled = (await subscriber.get<Episode[]>('/api/podcasts?q=flamingoparaden')).body;
    expect(entitled.map((episode) => episode.id)).toEqual([premium.id]);
    expect(entitled[0]!.transcriptMatch?.text).toBe('Ett premiumsamtal om flamingoparaden.');
  });

  it('are made by the speech integration in parts joined in the episode\'s time, a failed part tried again, and published only once reviewed', async () => {
    // The second part fails twice: the SDK's own second try, then the job's; the job's next try gets through.
    speech.failPart(2, 2);
    const started = await admin.post(`/api/admin/podcasts/${free.id}/transcript/transcribe`, {});
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body).toMatchObject({ episodeId: free.id, status: 'queued', partsDone: 0 });
    expect((await admin.post(`/api/admin/podcasts/${free.id}/transcript/transcribe`, {})).status).toBe(409);
    const job = await settled(started.body.id);
    expect(job).toMatchObject({ status: 'done', error: null });
    expect(job.partsTotal).toBeGreaterThanOrEqual(3);
    expect(job.partsDone).toBe(job.partsTotal);

    // Every part within the limit, sent to the model for Swedish, each once it got through.
    const parts = speech.received;
    expect(parts.map((part) => part.fileName)).toEqual(Array.from({ length: job.partsTotal! }, (_, index) => `part-${index + 1}.mp3`));
    for (const part of parts) {
      expect(part.bytes).toBeLessThanOrEqual(PART_BYTES);
      expect(part.fields).toMatchObject({ model: 'whisper-1', language: 'sv', response_format: 'verbose_json' });
    }
    expect(speech.requests.filter((request) => request.raw.includes('part-2.mp3')).length).toBe(3);

    // The cues follow on from each other across the parts, and the last ends where the audio does.
    const { draft } = await transcriptOf(free.id);
    expect(draft?.source).toBe('machine');
    const cues = draft!.cues;
    expect(cues.map((cue) => cue.text)).toEqual(parts.flatMap((_, index) => [`Del ${index + 1} börjar.`, `Del ${index + 1} slutar.`]));
    expect(cues[0]!.start).toBe(0);
    cues.slice(1).forEach((cue, index) => expect(cue.start).toBeCloseTo(cues[index]!.end, 3));
    const audio = await buffer((await server.services.storage.get(episodeAudioKey(free.audioFile)))!);
    const seconds = new CodecParser<CodecFrame>('audio/mpeg').parseAll(new Uint8Array(audio)).reduce((sum, frame) => sum + frame.duration, 0) / 1000;
    expect(cues.at(-1)!.end).toBeCloseTo(seconds, 3);

    // A machine transcript is never published unread.
    const unread = await admin.post(`/api/admin/podcasts/${free.id}/transcript/publish`, { version: draft!.version });
    expect(unread.status).toBe(409);
    expect(unread.body.error).toMatch(/only after an editor has read it/);
    const published = await admin.post(`/api/admin/podcasts/${free.id}/transcript/publish`, { version: draft!.version, reviewed: true });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect((await anonymous.get(`/feeds/transcripts/${free.id}.vtt`)).text).toContain('Del 2 börjar.');
  });

  it('end a transcription that cannot succeed as failed, with the reason, leaving the draft as it was', async () => {
    const before = await transcriptOf(other.id);
    // Audio that is not cut between frames goes whole, and this file is larger than a part.
    await server.db('podcasts').where({ id: other.id }).update({ audioType: 'audio/ogg' });
    try {
      const started = await admin.post(`/api/admin/podcasts/${other.id}/transcript/transcribe`, {});
      expect(started.status).toBe(202);
      expect(await settled(started.body.id)).toMatchObject({
        status: 'failed', partsDone: 0,
        error: `Part 1: Audio of type audio/ogg is sent whole, and this file is larger than the ${PART_BYTES} bytes the speech service takes: upload the episode as MP3`,
      });
    } finally {
      await server.db('podcasts').where({ id: other.id }).update({ audioType: 'audio/mpeg' });
    }
    expect((await transcriptOf(other.id)).draft).toEqual(before.draft);
    expect((await transcriptOf(other.id)).job?.status).toBe('failed');
  });

  it('send nothing unpublished or premium to the speech service without the editor confirming it', async () => {
    const before = speech.requests.length;
    const refused = await admin.post(`/api/admin/podcasts/${premium.id}/transcript/transcribe`, {});
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/^Nothing unpublished or premium is sent to the speech service without the editor confirming it/);
    await server.db('podcasts').where({ id: other.id }).update({ status: 'draft' });
    try {
      expect((await admin.post(`/api/admin/podcasts/${other.id}/transcript/transcribe`, {})).status).toBe(400);
    } finally {
      await server.db('podcasts').where({ id: other.id }).update({ status: 'published' });
    }
    expect(speech.requests.length).toBe(before);

    const confirmed = await admin.post(`/api/admin/podcasts/${premium.id}/transcript/transcribe`, { confirm: true });
    expect(confirmed.status).toBe(202);
    expect((await settled(confirmed.body.id)).status).toBe('done');
    expect(speech.requests.length).toBeGreaterThan(before);
  });

  it('answer 503 (not_configured) to Transcribe without the speech integration, and are for staff alone', async () => {
    const unconfigured = await startTestServer({ seed: true });
    try {
      const staff = (await signedInUser(unconfigured.url, unconfigured.db, { role: 'admin' })).client;
      const response = await staff.post(`/api/admin/podcasts/${free.id}/transcript/transcribe`, {});
      expect(response.status).toBe(503);
      expect(response.body).toEqual({ error: 'Speech (AI_AUDIO_BASE_URL) is not configured', code: 'not_configured' });
    } finally {
      await unconfigured.close();
    }
    const reader = (await signedInUser(server.url, server.db, { subscriptionStatus: 'active' })).client;
    expect((await reader.post(`/api/admin/podcasts/${free.id}/transcript/transcribe`, {})).status).toBe(403);
    expect((await reader.get(`/api/admin/podcasts/${free.id}/transcript`)).status).toBe(403);
  });
});

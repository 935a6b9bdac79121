import { parseFeed } from 'podcast-partytime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article, ReadAloud } from '@redaktion/shared';
import { mp3Frames, mp3Seconds } from '../src/services/media/mp3.js';
import { speechParts } from '../src/services/read-aloud/spoken-text.js';
import { HttpClient } from './support/http-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { signedInUser } from './support/users.js';
import { startSpeechStandIn } from './stand-ins/openai-speech.js';

const KEY = 'sk-speech-stand-in';
/** Small, so that an article of a few paragraphs is spoken in several parts. */
const MAX_CHARS = 160;
let speech: Awaited<ReturnType<typeof startSpeechStandIn>>;
let server: TestServer;
let admin: HttpClient;
let subscriber: HttpClient;
/** Signed in, no subscription. */
let reader: HttpClient;
/** No cookie: a visitor, or a podcast app. */
let anonymous: HttpClient;

beforeAll(async () => {
  speech = await startSpeechStandIn(KEY);
  server = await startTestServer({
    env: { AI_AUDIO_BASE_URL: speech.origin, AI_AUDIO_API_KEY: KEY, AI_SPEECH_MODEL: 'tts-1-hd', AI_SPEECH_VOICE: 'alloy', AI_SPEECH_MAX_CHARS: String(MAX_CHARS) },
  });
  admin = (await signedInUser(server.url, server.db, { role: 'admin' })).client;
  subscriber = (await signedInUser(server.url, server.db, { subscriptionStatus: 'active' })).client;
  reader = (await signedInUser(server.url, server.db)).client;
  anonymous = new HttpClient(server.url);
}, 60_000);
afterAll(async () => {
  await server?.close();
  await speech?.close();
});

const PARAGRAPHS = [
  'Elpriset steg kraftigt under natten. Hushåll i södra Sverige får betala mest! Varför blev det så?',
  'Experterna pekar på kyla och svag vind. Kärnkraften står delvis still för revision. Importen från Norge räcker inte.',
  'Regeringen lovar besked före jul. Oppositionen kräver elstöd direkt. Konsumentverket råder hushållen att se över sina avtal.',
];

const articleInput = (overrides: Record<string, unknown> = {}) => ({
  title: 'Elpriset stiger i vinter', excerpt: 'Priset väntas ligga högt hela säsongen.', content: PARAGRAPHS.join('\n\n'),
  category: 'news', author: 'Karin Ek', readTime: 3, status: 'published', ...overrides,
});

async function createArticle(overrides: Record<string, unknown> = {}): Promise<number> {
  const created = await admin.post('/api/admin/articles', articleInput(overrides));
  expect(created.status).toBe(201);
  return created.body.id as number;
}

/** Saves the article as the editor's form does: its admin answer (what it has) with the changes given. */
async function saveArticle(id: number, changes: Record<string, unknown>) {
  const { body } = await admin.get<Record<string, unknown>>(`/api/admin/articles/${id}`);
  const form = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null));
  const saved = await admin.request('PUT', `/api/admin/articles/${id}`, { ...form, ...changes });
  expect(saved.status, saved.text).toBe(200);
}

/** Follows the making as the article editor does, until it is done or failed. */
async function settled(id: number): Promise<ReadAloud> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const { body } = await admin.get<ReadAloud>(`/api/admin/articles/${id}/audio`);
    if (body.status === 'done' || body.status === 'failed') return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The read-aloud of article ${id} did not settle`);
}

async function madeAndPublished(id: number, body: Record<string, unknown> = {}): Promise<ReadAloud> {
  expect((await admin.post(`/api/admin/articles/${id}/audio`, body)).status).toBe(202);
  expect((await settled(id)).status).toBe('done');
  const published = await admin.post<ReadAloud>(`/api/admin/articles/${id}/audio/publish`);
  expect(published.status).toBe(200);
  return published.body;
}

/** An answer's bytes, as a player fetches audio (the client's cookies, if any). */
async function bytes(client: HttpClient, path: string, headers: Record<string, string> = {}) {
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await fetch(`${server.url}${path}`, { headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers } });
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

const articleOf = async (client: HttpClient, id: number) => (await client.get<Article>(`/api/articles/${id}`)).body;

describe('read-aloud (contract §9 [voice])', () => {
  it('speaks the article in parts cut at sentence ends and joins them into one file as long as its parts', async () => {
    expect((await admin.request('PUT', '/api/admin/settings/read-aloud', { voice: 'nova' })).body).toEqual({ voice: 'nova', defaultVoice: 'alloy' });
    const id = await createArticle();
    const before = speech.spoken.length;

    const started = await admin.post<ReadAloud>(`/api/admin/articles/${id}/audio`);
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ status: 'queued', voice: 'nova', draftUrl: null, published: false });
    const done = await settled(id);
    const parts = speech.spoken.slice(before);

    // Every part within the limit, ending where a sentence does; together the whole text, title and excerpt first.
    expect(parts.length).toBeGreaterThan(2);
    expect(done).toMatchObject({ status: 'done', partsDone: parts.length, partsTotal: parts.length, stale: false, published: false, audioUrl: null });
    for (const part of parts) {
      expect(part.input.length).toBeLessThanOrEqual(MAX_CHARS);
      expect(part.input).toMatch(/[.!?]$/);
      expect(part).toMatchObject({ model: 'tts-1-hd', voice: 'nova', responseFormat: 'mp3' });
    }
    const words = (text: string) => text.replace(/\s+/g, ' ').trim();
    expect(words(parts.map((part) => part.input).join(' '))).toBe(words(`Elpriset stiger i vinter Priset väntas ligga högt hela säsongen. ${PARAGRAPHS.join(' ')}`));

    // The draft, for editors only: one MP3 of nothing but frames, as long as the parts together.
    expect(done.draftUrl).toBe(`/api/admin/articles/${id}/audio/draft`);
    expect((await bytes(anonymous, done.draftUrl!)).status).toBe(401);
    const draft = await bytes(admin, done.draftUrl!);
    expect(draft.status).toBe(200);
    expect(draft.headers.get('content-type')).toBe('audio/mpeg');
    const frames = mp3Frames(draft.body);
    expect(frames.reduce((sum, frame) => sum + frame.data.length, 0)).toBe(draft.body.length);
    const partsSeconds = parts.reduce((sum, part) => sum + mp3Seconds(mp3Frames(part.audio)), 0);
    expect(mp3Seconds(frames)).toBeCloseTo(partsSeconds, 6);
    expect(done).toMatchObject({ duration: Math.round(partsSeconds), size: draft.body.length });

    // Nothing reaches readers before an editor publishes it.
    expect((await articleOf(anonymous, id)).audioUrl).toBeNull();
    expect((await anonymous.get(`/api/articles/${id}/audio`)).status).toBe(404);
    const published = await admin.post<ReadAloud>(`/api/admin/articles/${id}/audio/publish`);
    expect(published.body).toMatchObject({ status: 'done', published: true, audioUrl: `/api/articles/${id}/audio` });
    expect((await articleOf(anonymous, id)).audioUrl).toBe(`/api/articles/${id}/audio`);
    expect((await anonymous.get<Article[]>('/api/articles?limit=50')).body.find((article) => article.id === id)?.audioUrl).toBe(`/api/articles/${id}/audio`);

    // Served like episode audio: whole, or in ranges.
    const whole = await bytes(anonymous, `/api/articles/${id}/audio`);
    expect(whole.status).toBe(200);
    expect(whole.body.equals(draft.body)).toBe(true);
    const range = await bytes(anonymous, `/api/articles/${id}/audio`, { Range: 'bytes=100-199' });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 100-199/${draft.body.length}`);
    expect(range.body.equals(draft.body.subarray(100, 200))).toBe(true);
  });

  it('sends an unpublished or premium article only on the editor\'s word, and plays premium audio only to entitled readers', async () => {
    const draftId = await createArticle({ status: 'draft' });
    const premiumId = await createArticle({ premium: true, title: 'Bakom elpriset' });
    const requests = speech.spoken.length;

    const unconfirmed = await admin.post(`/api/admin/articles/${draftId}/audio`);
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.issues).toEqual([{ path: 'confirm', message: 'This article is not published: confirm that its text may be sent to the speech service' }]);
    const premium = await admin.post(`/api/admin/articles/${premiumId}/audio`, { confirm: false });
    expect(premium.status).toBe(400);
    expect(premium.body.issues).toEqual([{ path: 'confirm', message: 'This article is premium: confirm that its text may be sent to the speech service' }]);
    expect(speech.spoken.length).toBe(requests);

    await madeAndPublished(premiumId, { confirm: true });
    const audioUrl = `/api/articles/${premiumId}/audio`;
    expect((await articleOf(subscriber, premiumId)).audioUrl).toBe(audioUrl);
    expect((await bytes(subscriber, audioUrl, { Range: 'bytes=0-9' })).status).toBe(206);
    expect((await articleOf(anonymous, premiumId)).audioUrl).toBeNull();
    expect((await anonymous.get(audioUrl)).status).toBe(401);
    const refused = await reader.get(audioUrl);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('subscription_required');
    expect((await anonymous.get(`/feeds/read-aloud/${premiumId}.mp3`)).status).toBe(404);
  });

  it('lists the free articles\' published audio in /feeds/read-aloud.xml for podcast apps', async () => {
    const freeId = await createArticle({ title: 'Skolvalet ses över' });
    const premiumId = await createArticle({ title: 'Premium: skolvalet', premium: true });
    const unpublishedAudioId = await createArticle({ title: 'Utan uppläsning' });
    const free = await madeAndPublished(freeId);
    await madeAndPublished(premiumId, { confirm: true });
    expect((await admin.post(`/api/admin/articles/${unpublishedAudioId}/audio`)).status).toBe(202);
    await settled(unpublishedAudioId);

    const response = await anonymous.get('/feeds/read-aloud.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const feed = parseFeed(response.text)!;
    expect(feed).toMatchObject({ language: 'sv', explicit: false, itunesType: 'episodic' });
    const item = feed.items.find((entry) => entry.link === `${server.url}/article/${freeId}`)!;
    expect(item).toMatchObject({ title: 'Skolvalet ses över', duration: free.duration, enclosure: { url: `${server.url}/feeds/read-aloud/${freeId}.mp3`, length: free.size, type: 'audio/mpeg' } });
    const links = feed.items.map((entry) => entry.link);
    expect(links).not.toContain(`${server.url}/article/${premiumId}`);
    expect(links).not.toContain(`${server.url}/article/${unpublishedAudioId}`);

    // The enclosure plays with no cookie, in ranges.
    const enclosure = await fetch(item.enclosure!.url, { headers: { Range: 'bytes=0-99' } });
    expect(enclosure.status).toBe(206);
    expect(enclosure.headers.get('content-range')).toBe(`bytes 0-99/${free.size}`);
  });

  it('withdraws the audio when the article\'s words change, until it is made again; a status or category change keeps it', async () => {
    const id = await createArticle({ title: 'Felaktig siffra i budgeten' });
    await madeAndPublished(id);
    const audioUrl = `/api/articles/${id}/audio`;

    await saveArticle(id, { category: 'politics', featured: true });
    await saveArticle(id, { status: 'archived' });
    await saveArticle(id, { status: 'published' });
    expect((await articleOf(anonymous, id)).audioUrl).toBe(audioUrl);

    // A corrected error must not stay audible.
    await saveArticle(id, { content: PARAGRAPHS.join('\n\n').replace('kraftigt', 'något') });
    expect((await articleOf(anonymous, id)).audioUrl).toBeNull();
    expect((await anonymous.get(audioUrl)).status).toBe(404);
    expect((await anonymous.get('/feeds/read-aloud.xml')).text).not.toContain(`/article/${id}<`);
    expect((await admin.get<ReadAloud>(`/api/admin/articles/${id}/audio`)).body).toMatchObject({ status: 'done', stale: true, published: false, audioUrl: null });
    const refused = await admin.post(`/api/admin/articles/${id}/audio/publish`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('The article\'s text has changed since this read-aloud was made: make it again');

    const before = speech.spoken.length;
    await madeAndPublished(id);
    expect(speech.spoken.slice(before).map((part) => part.input).join(' ')).toContain('Elpriset steg något under natten.');
    expect((await articleOf(anonymous, id)).audioUrl).toBe(audioUrl);

    // Withdrawn by hand: gone for readers and editors alike.
    expect((await admin.delete(`/api/admin/articles/${id}/audio`)).status).toBe(204);
    expect((await articleOf(anonymous, id)).audioUrl).toBeNull();
    expect((await admin.get<ReadAloud>(`/api/admin/articles/${id}/audio`)).body).toMatchObject({ status: 'none', draftUrl: null, audioUrl: null });
    expect((await admin.post(`/api/admin/articles/${id}/audio/publish`)).status).toBe(409);
  });

  it('keeps the voice in the admin\'s settings, for admins only', async () => {
    expect((await admin.request('PUT', '/api/admin/settings/read-aloud', { voice: 'två ord' })).status).toBe(400);
    expect((await reader.get('/api/admin/settings/read-aloud')).status).toBe(403);
    expect((await reader.post(`/api/admin/articles/1/audio`, { confirm: true })).status).toBe(403);
    expect((await admin.request('PUT', '/api/admin/settings/read-aloud', { voice: null })).body).toEqual({ voice: null, defaultVoice: 'alloy' });
    expect((await admin.get('/api/admin/settings/read-aloud')).body).toEqual({ voice: null, defaultVoice: 'alloy' });
  });

  it('cuts at sentence ends, and a sentence longer than a part at a space', () => {
    expect(speechParts('Ett. Två tre. Fyra!', 9)).toEqual(['Ett.', 'Två tre.', 'Fyra!']);
    expect(speechParts('Ett. Två.\n\nTre.', 20)).toEqual(['Ett. Två.\n\nTre.']);
    expect(speechParts('Alldeles för lång mening utan slut', 12)).toEqual(['Alldeles för', 'lång mening', 'utan slut']);
  });
});

describe('read-aloud without a speech service', () => {
  it('answers 503 not_configured, as the other integrations do', async () => {
    const bare = await startTestServer();
    try {
      const staff = (await signedInUser(bare.url, bare.db, { role: 'admin' })).client;
      const created = await staff.post('/api/admin/articles', articleInput());
      const response = await staff.post(`/api/admin/articles/${created.body.id as number}/audio`);
      expect(response.status).toBe(503);
      expect(response.body.code).toBe('not_configured');
    } finally {
      await bare.close();
    }
  });
});

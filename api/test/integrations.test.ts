import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './support/http-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { signedInUser } from './support/users.js';
import { startOpenAiStandIn } from './stand-ins/openai.js';
import { startPexelsStandIn } from './stand-ins/pexels.js';
import { CHANNEL_ID, startYouTubeStandIn } from './stand-ins/youtube.js';

const OPENAI_KEY = 'sk-stand-in';
const PEXELS_KEY = 'pexels-stand-in';
const YOUTUBE_KEY = 'yt-stand-in';
let openai: Awaited<ReturnType<typeof startOpenAiStandIn>>;
let pexels: Awaited<ReturnType<typeof startPexelsStandIn>>;
let youtube: Awaited<ReturnType<typeof startYouTubeStandIn>>;
let server: TestServer;
let admin: HttpClient;

beforeAll(async () => {
  [openai, pexels, youtube] = await Promise.all([startOpenAiStandIn(OPENAI_KEY), startPexelsStandIn(PEXELS_KEY), startYouTubeStandIn(YOUTUBE_KEY)]);
  server = await startTestServer({
    env: {
      OPENAI_API_KEY: OPENAI_KEY, OPENAI_BASE_URL: openai.origin, AI_IMAGE_MODEL: 'dall-e-3',
      PEXELS_API_KEY: PEXELS_KEY, PEXELS_API_BASE: pexels.origin,
      YOUTUBE_CHANNEL_URL: 'https://www.youtube.com/@redaktion', YOUTUBE_FEED_BASE: youtube.origin,
    },
  });
  admin = (await signedInUser(server.url, server.db, { role: 'admin' })).client;
});
afterAll(async () => {
  await server?.close();
  await Promise.all([openai?.close(), pexels?.close(), youtube?.close()]);
});

describe('the AI generator', () => {
  it('writes a Swedish draft with structured output and computes the read time from its words', async () => {
    const response = await admin.post('/api/admin/ai/generate-article', { topic: 'Fjällrävens återkomst', length: 'medium', category: 'society', articleType: 'feature', tone: 'varm' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ title: 'Ny rubrik om ämnet', excerpt: 'En kort ingress om ämnet.', readTime: 4 });
    expect(response.body.content.split('\n\n')).toHaveLength(5);
    const sent = JSON.parse(openai.requests.at(-1)!.body);
    expect(sent.model).toBe('gpt-4o');
    expect(sent.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'article', strict: true } });
    expect(sent.messages[0].content).toMatch(/svenska/);
    expect(sent.messages[1].content).toMatch(/Fjällrävens återkomst.*800–1200 ord.*Ton: varm/s);
  });

  it('uses a custom model when given, and validates the request with the spec message', async () => {
    await admin.post('/api/admin/ai/generate-article', { topic: 'Val', length: 'short', category: 'politics', articleType: 'news', customGptModel: 'llama3.1:8b' });
    expect(JSON.parse(openai.requests.at(-1)!.body).model).toBe('llama3.1:8b');
    expect(JSON.parse(openai.requests.at(-1)!.body).messages[1].content).toMatch(/400–600 ord/);
    const blank = await admin.post('/api/admin/ai/generate-article', { topic: ' ', length: 'short', category: 'news', articleType: 'news' });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toBe('Please enter a topic for the article');
  });

  it('turns provider failures into a clear 502 with the provider message', async () => {
    try {
      for (const [behaviour, message] of [
        ['unauthorized', /Incorrect API key/], ['rate-limited', /Rate limit/], ['not-json', /not the JSON/], ['wrong-shape', /did not match/],
      ] as const) {
        openai.behave(behaviour);
        const response = await admin.post('/api/admin/ai/generate-article', { topic: 'Skolan', length: 'short', category: 'news', articleType: 'news' });
        expect(response.status, behaviour).toBe(502);
        expect(response.body.error).toMatch(message);
        expect(response.body.code).toBe('provider_failed');
      }
    } finally {
      openai.behave('ok');
    }
  });

  it('gives up on a provider that does not answer within AI_TIMEOUT_MS', async () => {
    const impatient = await startTestServer({ env: { OPENAI_API_KEY: OPENAI_KEY, OPENAI_BASE_URL: openai.origin, AI_TIMEOUT_MS: '300' } });
    openai.behave('slow');
    try {
      const staff = (await signedInUser(impatient.url, impatient.db, { role: 'admin' })).client;
      const response = await staff.post('/api/admin/ai/generate-article', { topic: 'Skolan', length: 'short', category: 'news', articleType: 'news' });
      expect(response.status).toBe(502);
      expect(response.body.error).toBe('AI provider: the request timed out');
    } finally {
      openai.behave('ok');
      await impatient.close();
    }
  });

  it('keeps a generated image in our own uploads, with variants and a credit', async () => {
    const response = await admin.post('/api/admin/ai/generate-image', { prompt: 'Fjällräv i snö', style: 'akvarell', size: '1792x1024' });
    expect(response.status).toBe(200);
    expect(response.body.url).toMatch(/^\/uploads\/images\/[0-9a-f-]{36}\.png$/);
    expect((await fetch(server.url + response.body.url)).status).toBe(200);
    expect(response.body.variants.map((v: { width: number }) => v.width)).toEqual([400, 800]);
    const sent = JSON.parse(openai.requests.at(-1)!.body);
    expect(sent).toMatchObject({ model: 'dall-e-3', size: '1792x1024', response_format: 'b64_json', prompt: 'Fjällräv i snö. Stil: akvarell' });
    expect(await server.db('media_credits').where({ url: response.body.url }).first()).toMatchObject({ source: 'ai' });
    expect((await admin.post('/api/admin/ai/generate-image', { prompt: '', size: '1024x1024' })).body.error).toBe('Prompt Required');
    expect((await admin.post('/api/admin/ai/generate-image', { prompt: 'x', size: '512x512' })).status).toBe(400);
  });

  it('suggests topics away from the recent headlines of the category', async () => {
    await admin.post('/api/admin/articles', { title: 'Elpriset stiger igen', content: 'C', excerpt: 'E', category: 'business', author: 'A', status: 'published' });
    const response = await admin.get('/api/admin/ai/topic-suggestions?category=business');
    expect(response.status).toBe(200);
    expect(response.body.topics).toHaveLength(3);
    expect(JSON.parse(openai.requests.at(-1)!.body).messages[1].content).toContain('Elpriset stiger igen');
  });

  it('answers 503 when not configured', async () => {
    const plain = await startTestServer();
    try {
      const staff = (await signedInUser(plain.url, plain.db, { role: 'admin' })).client;
      const response = await staff.post('/api/admin/ai/generate-article', { topic: 'x', length: 'short', category: 'news', articleType: 'news' });
      expect(response.status).toBe(503);
      expect(response.body.error).toBe('The AI generator is not configured');
      expect((await staff.get('/api/admin/pexels/curated')).body.error).toBe('Pexels is not configured');
      expect((await staff.get('/api/youtube/channel-videos')).body.error).toBe('YouTube is not configured');
    } finally {
      await plain.close();
    }
  });
});

describe('AI generation jobs', () => {
  /** Follows a job until it has settled, as the admin screens do. */
  async function settled(id: string, client = admin) {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const job = await client.get(`/api/admin/ai/jobs/${id}`);
      expect(job.status).toBe(200);
      if (job.body.status === 'done' || job.body.status === 'failed') return job.body;
      expect(['queued', 'running']).toContain(job.body.status);
      if (Date.now() > deadline) throw new Error(`job ${id} still ${job.body.status}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('answers 202 with an id and follows to done with the article', async () => {
    const started = await admin.post('/api/admin/ai/jobs', { type: 'article', topic: 'Vargen i Värmland', length: 'short', category: 'society', articleType: 'news' });
    expect(started.status).toBe(202);
    expect(Object.keys(started.body)).toEqual(['id']);
    const job = await settled(started.body.id);
    expect(job).toMatchObject({ id: started.body.id, status: 'done', result: { title: 'Ny rubrik om ämnet', excerpt: 'En kort ingress om ämnet.', readTime: 4 } });
    expect(job).not.toHaveProperty('error');
    expect(JSON.parse(openai.requests.at(-1)!.body).messages[1].content).toMatch(/Vargen i Värmland.*400–600 ord/s);
  });

  it('generates an image into our uploads in the job', async () => {
    const started = await admin.post('/api/admin/ai/jobs', { type: 'image', prompt: 'Älg i dimma', size: '1024x1024' });
    expect(started.status).toBe(202);
    const job = await settled(started.body.id);
    expect(job.status).toBe('done');
    expect(job.result.url).toMatch(/^\/uploads\/images\/[0-9a-f-]{36}\.png$/);
    expect((await fetch(server.url + job.result.url)).status).toBe(200);
  });

  it('ends failed with the provider message when the upstream fails', async () => {
    openai.behave('unauthorized');
    try {
      const started = await admin.post('/api/admin/ai/jobs', { type: 'article', topic: 'Skolan', length: 'short', category: 'news', articleType: 'news' });
      expect(started.status).toBe(202);
      const job = await settled(started.body.id);
      expect(job.status).toBe('failed');
      expect(job.error).toMatch(/Incorrect API key/);
      expect(job.code).toBe('provider_failed');
      expect(job).not.toHaveProperty('result');
    } finally {
      openai.behave('ok');
    }
  });

  it('refuses bad input with 400, an unknown id with 404, and anyone but an admin with 401 or 403', async () => {
    const noType = await admin.post('/api/admin/ai/jobs', { topic: 'x', length: 'short' });
    expect(noType.status).toBe(400);
    expect((await admin.post('/api/admin/ai/jobs', { type: 'video', prompt: 'x' })).status).toBe(400);
    const blank = await admin.post('/api/admin/ai/jobs', { type: 'image', prompt: '' });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toBe('Prompt Required');
    const unknown = await admin.get('/api/admin/ai/jobs/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('not_found');

    const started = await admin.post('/api/admin/ai/jobs', { type: 'article', topic: 'Skogen', length: 'short', category: 'news', articleType: 'news' });
    const anonymous = new HttpClient(server.url);
    expect((await anonymous.post('/api/admin/ai/jobs', { type: 'image', prompt: 'x' })).status).toBe(401);
    expect((await anonymous.get(`/api/admin/ai/jobs/${started.body.id}`)).status).toBe(401);
    const reader = (await signedInUser(server.url, server.db)).client;
    expect((await reader.post('/api/admin/ai/jobs', { type: 'image', prompt: 'x' })).status).toBe(403);
    expect((await reader.get(`/api/admin/ai/jobs/${started.body.id}`)).status).toBe(403);
    await settled(started.body.id);
  });

  it('lets generate-article answer 504 with the job id past AI_WAIT_MS, and the job still finishes', async () => {
    const hurried = await startTestServer({ env: { OPENAI_API_KEY: OPENAI_KEY, OPENAI_BASE_URL: openai.origin, AI_WAIT_MS: '500' } });
    openai.behave('slow');
    try {
      const staff = (await signedInUser(hurried.url, hurried.db, { role: 'admin' })).client;
      const response = await staff.post('/api/admin/ai/generate-article', { topic: 'Skolan', length: 'short', category: 'news', articleType: 'news' });
      expect(response.status).toBe(504);
      expect(response.body).toMatchObject({ code: 'still_running', id: expect.any(String) });
      expect(response.body.error).toContain(`/api/admin/ai/jobs/${response.body.id}`);
      expect(await settled(response.body.id, staff)).toMatchObject({ status: 'done', result: { title: 'Ny rubrik om ämnet' } });
    } finally {
      openai.behave('ok');
      await hurried.close();
    }
  });

  it('are documented in the OpenAPI document with their request and answer', async () => {
    const document = (await new HttpClient(server.url).get('/api/openapi.json')).body;
    expect(document.paths['/api/admin/ai/jobs'].post.responses['202']).toBeDefined();
    expect(document.paths['/api/admin/ai/jobs/{id}'].get.responses['200']).toBeDefined();
    expect(document.components.schemas).toHaveProperty('AiJobRequestInput');
    expect(document.components.schemas.AiJob.properties.status.enum).toEqual(['queued', 'running', 'done', 'failed']);
  });
});

describe('Pexels', () => {
  it('searches and lists curated photos with the key in the Authorization header', async () => {
    const search = await admin.get('/api/admin/pexels/search?query=sj%C3%B6');
    expect(search.status).toBe(200);
    expect(search.body.photos[0]).toEqual({
      id: 1001, alt: 'sjö vid vattnet', photographer: 'Fotograf 1001',
      src: { small: expect.stringContaining('h=130'), medium: expect.stringContaining('h=350'), large: expect.stringContaining('w=940') },
    });
    expect(pexels.requests.at(-1)!.headers.authorization).toBe(PEXELS_KEY);
    expect((await admin.get('/api/admin/pexels/search?query=ingenting')).body.photos).toEqual([]);
    expect((await admin.get('/api/admin/pexels/curated')).body.photos).toHaveLength(1);
    const blank = await admin.get('/api/admin/pexels/search?query=');
    expect(blank.status).toBe(400);
    expect(blank.body.error).toBe('Please enter a search term');
  });

  it('saves a photo into our uploads with the credit, and fetches from Pexels only', async () => {
    const [photo] = (await admin.get('/api/admin/pexels/search?query=skog')).body.photos;
    const saved = await admin.post('/api/admin/save-pexels-image', { imageUrl: photo.src.large, photographer: photo.photographer, alt: photo.alt, pexelsId: photo.id });
    expect(saved.status).toBe(200);
    expect(saved.body.localUrl).toMatch(/^\/uploads\/images\/[0-9a-f-]{36}\.jpg$/);
    expect(saved.body.credit).toBe('Foto: Fotograf 1001 / Pexels');
    expect((await fetch(server.url + saved.body.localUrl)).headers.get('content-type')).toBe('image/jpeg');
    const credit = await server.db('media_credits').where({ url: saved.body.localUrl }).first();
    expect(credit).toMatchObject({ credit: 'Foto: Fotograf 1001 / Pexels', source: 'pexels', sourceId: '1001' });

    const elsewhere = await admin.post('/api/admin/save-pexels-image', { imageUrl: `${server.url}/api/config`, photographer: 'X', pexelsId: 1 });
    expect(elsewhere.status).toBe(400);
    const metadata = await admin.post('/api/admin/save-pexels-image', { imageUrl: 'http://169.254.169.254/latest/meta-data', photographer: 'X', pexelsId: 1 });
    expect(metadata.status).toBe(400);
  });
});

describe('the YouTube channel', () => {
  it('reads the configured channel from its public feed without a key: the latest 10, cached for an hour', async () => {
    const response = await new HttpClient(server.url).get('/api/youtube/channel-videos');
    expect(response.status).toBe(200);
    expect(response.body.videos).toHaveLength(10);
    expect(response.body.videos[0]).toEqual({
      id: 'vid00000000', videoId: 'vid00000000', title: 'Flödesvideo 1 & mer', description: 'Beskrivning 1',
      thumbnail: 'https://i.ytimg.com/vi/vid00000000/hqdefault.jpg', duration: null, isLive: false,
      publishedAt: '2026-11-20T08:00:00.000Z', viewCount: 1000,
    });
    const fetched = youtube.requests.length;
    await new HttpClient(server.url).get('/api/youtube/channel-videos');
    expect(youtube.requests.length).toBe(fetched);
  });

  it('never fetches an address a reader gives; admins may name another channel', async () => {
    const reader = await signedInUser(server.url, server.db);
    const before = youtube.requests.length;
    const asReader = await reader.client.get(`/api/youtube/channel-videos?channelUrl=${encodeURIComponent('http://169.254.169.254/')}`);
    expect(asReader.status).toBe(200);
    expect(youtube.requests.length).toBe(before);
    const byId = await admin.get(`/api/youtube/channel-videos?channelUrl=${encodeURIComponent(`https://www.youtube.com/channel/${CHANNEL_ID}`)}`);
    expect(byId.body.videos).toHaveLength(10);
    const bad = await admin.get(`/api/youtube/channel-videos?channelUrl=${encodeURIComponent('https://example.com/video')}`);
    expect(bad.status).toBe(400);
    const unknown = await admin.get(`/api/youtube/channel-videos?channelUrl=${encodeURIComponent('https://www.youtube.com/user/finnsinte')}`);
    expect(unknown.status).toBe(502);
    expect(unknown.body.error).toMatch(/YouTube/);
  });

  it('uses the Data API with a key: durations, live flag and view counts', async () => {
    const keyed = await startTestServer({
      env: { YOUTUBE_CHANNEL_URL: 'https://www.youtube.com/@redaktion', YOUTUBE_API_KEY: YOUTUBE_KEY, YOUTUBE_API_BASE: youtube.origin },
    });
    try {
      const { body } = await new HttpClient(keyed.url).get('/api/youtube/channel-videos');
      expect(body.videos).toHaveLength(10);
      expect(body.videos[0]).toMatchObject({ title: 'API-video 1', isLive: true, duration: '4:05', viewCount: 5000 });
      expect(body.videos[1].duration).toBe('1:02:03');
      const playlist = youtube.requests.find((r) => r.path === '/youtube/v3/playlistItems')!;
      expect(playlist.query.get('maxResults')).toBe('10');
      expect((await fetch(keyed.url + '/')).headers.get('content-security-policy')).toContain('https://www.youtube-nocookie.com');
    } finally {
      await keyed.close();
    }
  });
});

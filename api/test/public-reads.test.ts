import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './support/http-client.js';
import { hoursFromNow, insertArticle, insertEpisode, useUpMeter } from './support/fixtures.js';
import { engine, startTestServer, type TestServer } from './support/test-server.js';
import { signedInUser } from './support/users.js';

let server: TestServer;
let anonymous: HttpClient;
beforeAll(async () => {
  server = await startTestServer({ seed: true });
  anonymous = new HttpClient(server.url);
});
afterAll(async () => { await server?.close(); });

const times = (items: { publishedAt: string }[]) => items.map((item) => new Date(item.publishedAt).getTime());
const isNewestFirst = (items: { publishedAt: string }[]) => times(items).every((time, i, all) => i === 0 || all[i - 1]! >= time);

describe('the seeded demo publication', () => {
  it('has at least 20 published articles in every category, some premium and one featured', async () => {
    const { body } = await anonymous.get('/api/articles?limit=100');
    expect(body.length).toBeGreaterThanOrEqual(20);
    for (const category of ['news', 'politics', 'society', 'culture', 'business', 'technology', 'opinion', 'people']) {
      expect(body.some((article: { category: string }) => article.category === category), category).toBe(true);
    }
    expect(body.filter((article: { featured: boolean }) => article.featured)).toHaveLength(1);
    expect(body.some((article: { premium: boolean }) => article.premium)).toBe(true);
  });

  it('has 3 series, at least 10 episodes with playable audio and interview episodes', async () => {
    expect((await anonymous.get('/api/podcast-series')).body).toHaveLength(3);
    const episodes = (await anonymous.get('/api/podcasts?limit=100')).body;
    expect(episodes.length).toBeGreaterThanOrEqual(10);
    const open = episodes.find((episode: { premium: boolean }) => !episode.premium);
    const audio = await fetch(server.url + open.audioUrl);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/mpeg');
    const bytes = new Uint8Array(await audio.arrayBuffer());
    // An MP3 starts with an ID3 tag or a frame sync.
    expect(bytes[0] === 0x49 || bytes[0] === 0xff).toBe(true);
    expect((await anonymous.get('/api/podcasts/interviews')).body.length).toBeGreaterThanOrEqual(3);
  });

  it('has people profiles with achievements and galleries, ads in several placements and custom videos', async () => {
    const people = (await anonymous.get('/api/people')).body;
    expect(people.length).toBeGreaterThanOrEqual(4);
    expect(people[0].achievements.length).toBeGreaterThan(0);
    expect(people[0].photoGallery.length).toBeGreaterThan(0);
    const gallery = await fetch(server.url + people[0].photoGallery[0]);
    expect(gallery.status).toBe(200);
    const ads = (await anonymous.get('/api/advertisements')).body;
    expect(new Set(ads.map((ad: { placement: string }) => ad.placement)).size).toBeGreaterThanOrEqual(5);
    const videos = (await anonymous.get('/api/custom-videos')).body;
    expect(videos.length).toBeGreaterThanOrEqual(2);
    expect((await fetch(server.url + videos[0].videoUrl, { headers: { Range: 'bytes=0-99' } })).status).toBe(206);
  });

  it('seeds the eight categories', async () => {
    const categories = (await anonymous.get('/api/categories')).body.map((category: { slug: string }) => category.slug);
    expect(categories).toEqual(['news', 'politics', 'society', 'culture', 'business', 'technology', 'opinion', 'people']);
  });
});

describe('articles', () => {
  it('lists only published articles, newest first, without content', async () => {
    const draft = await insertArticle(server, { title: 'Utkast som inte syns', status: 'draft' });
    const scheduled = await insertArticle(server, { title: 'Schemalagd', publishedAt: hoursFromNow(5) });
    const archived = await insertArticle(server, { title: 'Arkiverad', status: 'archived' });
    const { body } = await anonymous.get('/api/articles?limit=100&offset=0');
    const ids = body.map((article: { id: number }) => article.id);
    for (const hidden of [draft, scheduled, archived]) expect(ids).not.toContain(hidden);
    expect(isNewestFirst(body)).toBe(true);
    expect(body[0]).not.toHaveProperty('content');
    expect((await anonymous.get(`/api/articles/${draft}`)).status).toBe(404);
    expect((await anonymous.get(`/api/articles/${scheduled}`)).status).toBe(404);
  });

  it('pages with limit and offset and filters by category', async () => {
    const all = (await anonymous.get('/api/articles?limit=10')).body;
    const second = (await anonymous.get('/api/articles?limit=5&offset=5')).body;
    expect(second.map((a: { id: number }) => a.id)).toEqual(all.slice(5, 10).map((a: { id: number }) => a.id));
    const opinion = (await anonymous.get('/api/articles?category=opinion&limit=2')).body;
    expect(opinion).toHaveLength(2);
    expect(opinion.every((a: { category: string }) => a.category === 'opinion')).toBe(true);
  });

  it.each(['limit=0', 'limit=101', 'limit=abc', 'offset=-1'])('answers 400 for %s', async (query) => {
    const response = await anonymous.get(`/api/articles?${query}`);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validation_failed');
  });

  it('searches the full text, in Swedish word forms on PostgreSQL', async () => {
    const id = await insertArticle(server, {
      title: 'Fjällräven återvänder', excerpt: 'Ovanliga djur', content: 'Inventeringen visar att fjällrävarna blivit fler i Jämtland.',
    });
    const exact = (await anonymous.get(`/api/articles?q=${encodeURIComponent('fjällräven')}`)).body;
    expect(exact.map((a: { id: number }) => a.id)).toContain(id);
    const plural = (await anonymous.get(`/api/articles?q=${encodeURIComponent('fjällrävarna Jämtland')}`)).body;
    expect(plural.map((a: { id: number }) => a.id)).toContain(id);
    if (engine === 'postgres') {
      // Stemming: the singular form finds the plural in the body.
      const stemmed = (await anonymous.get(`/api/articles?q=${encodeURIComponent('inventering')}`)).body;
      expect(stemmed.map((a: { id: number }) => a.id)).toContain(id);
    }
    expect((await anonymous.get('/api/articles?q=zzqqxxnotaword')).body).toEqual([]);
    expect((await anonymous.get(`/api/articles?q=${encodeURIComponent('"*) OR (')}`)).status).toBe(200);
  });

  it('puts the featured article first on /featured', async () => {
    const { body } = await anonymous.get('/api/articles/featured');
    expect(body[0].featured).toBe(true);
  });

  it('answers 404 for an unknown id and 400 for an id that is not a number', async () => {
    expect((await anonymous.get('/api/articles/999999')).status).toBe(404);
    expect((await anonymous.get('/api/articles/abc')).status).toBe(400);
  });

  it('finds related stories in the same category', async () => {
    const list = (await anonymous.get('/api/articles?category=politics&limit=1')).body;
    const related = (await anonymous.get(`/api/articles/${list[0].id}/related`)).body;
    expect(related.length).toBeGreaterThan(0);
    expect(related.every((a: { category: string; id: number }) => a.category === 'politics' && a.id !== list[0].id)).toBe(true);
  });
});

describe("an article's author", () => {
  it('is the journalist of that name, without their e-mail; their articles list by byline; inactive ones are not shown', async () => {
    const now = new Date().toISOString();
    const [inserted] = (await server.db('journalists').insert({
      name: 'Saga Lindqvist', email: 'saga@redaktion.se', title: 'Reporter', bio: 'Skriver om klimat.', expertise: '["klimat"]',
      status: 'active', active: true, socialLinks: '{}', createdAt: now, updatedAt: now,
    }, ['id'])) as { id: number }[];
    const id = Number(inserted!.id);
    const articleId = await insertArticle(server, { author: 'saga lindqvist', title: 'Klimatet i Norrland' });
    await insertArticle(server, { author: 'Någon Annan' });

    const author = await anonymous.get(`/api/articles/${articleId}/author`);
    expect(author.status).toBe(200);
    expect(author.body).toMatchObject({ id, name: 'Saga Lindqvist', bio: 'Skriver om klimat.', expertise: ['klimat'] });
    expect(author.body).not.toHaveProperty('email');
    expect((await anonymous.get(`/api/journalists/${id}`)).body).not.toHaveProperty('email');
    const byline = await anonymous.get('/api/articles?author=Saga%20Lindqvist');
    expect(byline.body.map((a: { id: number }) => a.id)).toEqual([articleId]);

    await server.db('journalists').where({ id }).update({ status: 'inactive', active: false });
    await server.contentChanged();
    expect((await anonymous.get(`/api/journalists/${id}`)).status).toBe(404);
    expect((await anonymous.get(`/api/articles/${articleId}/author`)).status).toBe(404);
  });
});

describe('the premium gate', () => {
  it('sends a premium article\'s content only to entitled readers and admins, not to a reader past the meter', async () => {
    const id = await insertArticle(server, { title: 'Premiumanalys', premium: true, content: 'Hemligt innehåll för prenumeranter.' });
    const reader = await signedInUser(server.url, server.db);
    const cancelled = await signedInUser(server.url, server.db, { subscriptionStatus: 'canceled' });
    const subscriber = await signedInUser(server.url, server.db, { subscriptionStatus: 'active' });
    const admin = await signedInUser(server.url, server.db, { role: 'admin' });
    // Signed-in readers who are not entitled, past their free articles of the month (paywall.test.ts meters).
    for (const { id: userId } of [reader, cancelled]) await useUpMeter(server, userId);

    for (const client of [anonymous, reader.client, cancelled.client]) {
      const response = await client.get(`/api/articles/${id}`);
      expect(response.status).toBe(200);
      expect(response.body.locked).toBe(true);
      expect(response.body).not.toHaveProperty('content');
      expect(response.text).not.toContain('Hemligt innehåll');
      expect(response.body.excerpt).toBe('Ingress');
    }
    for (const client of [subscriber.client, admin.client]) {
      const response = await client.get(`/api/articles/${id}`);
      expect(response.body.locked).toBe(false);
      expect(response.body.content).toBe('Hemligt innehåll för prenumeranter.');
    }
    // The answer cached for a subscriber never reaches a reader afterwards.
    expect((await anonymous.get(`/api/articles/${id}`)).text).not.toContain('Hemligt innehåll');
  });

  it('matches premium articles on title and excerpt only for readers who may not read them', async () => {
    const secret = 'hemligtordet';
    const premium = await insertArticle(server, { title: 'Låst granskning', excerpt: 'Ingressen syns', content: `Texten innehåller ${secret} mitt i.`, premium: true });
    const open = await insertArticle(server, { title: 'Öppen text', excerpt: 'Ingress', content: 'Här står ordet öppenordet.', premium: false });
    const reader = await signedInUser(server.url, server.db);
    const subscriber = await signedInUser(server.url, server.db, { subscriptionStatus: 'active' });
    const ids = async (client: HttpClient, q: string) =>
      ((await client.get(`/api/articles?q=${encodeURIComponent(q)}`)).body as { id: number }[]).map((article) => article.id);

    for (const client of [anonymous, reader.client]) {
      expect(await ids(client, secret)).not.toContain(premium);
      expect(await ids(client, `${secret} granskning`)).not.toContain(premium);
      expect(await ids(client, 'granskning')).toContain(premium);
      expect(await ids(client, 'syns')).toContain(premium);
      expect(await ids(client, 'öppenordet')).toContain(open);
    }
    expect(await ids(subscriber.client, secret)).toContain(premium);
  });

  it('withholds premium audio: no audioUrl, and the audio call answers 401 or 403', async () => {
    const id = await insertEpisode(server, { title: 'Premiumavsnitt', premium: true });
    const reader = await signedInUser(server.url, server.db);
    const subscriber = await signedInUser(server.url, server.db, { subscriptionStatus: 'active' });
    const asAnonymous = await anonymous.get(`/api/podcasts/${id}`);
    expect(asAnonymous.body).toMatchObject({ premium: true, locked: true, audioUrl: null });
    expect((await anonymous.get(`/api/podcasts/${id}/audio`)).status).toBe(401);
    const asReader = await reader.client.get(`/api/podcasts/${id}/audio`);
    expect(asReader.status).toBe(403);
    expect(asReader.body.code).toBe('subscription_required');
    const asSubscriber = await subscriber.client.get(`/api/podcasts/${id}`);
    expect(asSubscriber.body.audioUrl).toBe(`/api/podcasts/${id}/audio`);
    const audio = await subscriber.client.get(`/api/podcasts/${id}/audio`);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('episode audio with HTTP Range', () => {
  it('answers 206 with the asked bytes, 416 for a range past the end, 200 without a range', async () => {
    const id = await insertEpisode(server, {}, 5000);
    const url = `/api/podcasts/${id}/audio`;
    const partial = await fetch(server.url + url, { headers: { Range: 'bytes=100-199' } });
    expect(partial.status).toBe(206);
    expect(partial.headers.get('content-range')).toBe('bytes 100-199/5000');
    expect((await partial.arrayBuffer()).byteLength).toBe(100);
    const suffix = await fetch(server.url + url, { headers: { Range: 'bytes=-10' } });
    expect(suffix.headers.get('content-range')).toBe('bytes 4990-4999/5000');
    await suffix.arrayBuffer();
    const open = await fetch(server.url + url, { headers: { Range: 'bytes=4000-' } });
    expect(open.headers.get('content-range')).toBe('bytes 4000-4999/5000');
    await open.arrayBuffer();
    const beyond = await fetch(server.url + url, { headers: { Range: 'bytes=6000-7000' } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe('bytes */5000');
    await beyond.arrayBuffer();
    const whole = await fetch(server.url + url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect((await whole.arrayBuffer()).byteLength).toBe(5000);
  });

  it('never serves episode audio as a public upload', async () => {
    const id = await insertEpisode(server);
    const row = await server.db('podcasts').where({ id }).first();
    expect((await fetch(`${server.url}/uploads/${row.audioFile}`)).status).toBe(404);
    expect((await fetch(`${server.url}/uploads/../audio/${row.audioFile}`)).status).toBe(404);
    expect((await fetch(`${server.url}/uploads/%2e%2e/audio/${row.audioFile}`)).status).toBe(404);
  });
});

describe('podcasts, series, people, ads and videos', () => {
  it('lists episodes of a series by episode number, and series with counts', async () => {
    const series = (await anonymous.get('/api/podcast-series')).body;
    const first = series[0];
    expect(first.episodeCount).toBeGreaterThan(0);
    expect((await anonymous.get(`/api/podcast-series/${first.id}`)).body.title).toBe(first.title);
    const episodes = (await anonymous.get(`/api/podcasts/series/${first.id}`)).body;
    expect(episodes).toHaveLength(first.episodeCount);
    const numbers = episodes.map((e: { episodeNumber: number }) => e.episodeNumber);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expect((await anonymous.get('/api/podcast-series/999999')).status).toBe(404);
    expect((await anonymous.get('/api/podcasts/series/999999')).status).toBe(404);
  });

  it('lists featured episodes (4 by default) and a single episode with its audio URL', async () => {
    const featured = (await anonymous.get('/api/podcasts/featured')).body;
    expect(featured.length).toBeLessThanOrEqual(4);
    expect(featured.every((e: { featured: boolean }) => e.featured)).toBe(true);
    const [latest] = (await anonymous.get('/api/podcasts?limit=1')).body;
    const single = (await anonymous.get(`/api/podcasts/${latest.id}`)).body;
    expect(single.id).toBe(latest.id);
    expect(typeof single.duration).toBe('number');
    expect((await anonymous.get('/api/podcasts/999999')).status).toBe(404);
  });

  it('finds interviews by kind and, for older episodes, by their words', async () => {
    const worded = await insertEpisode(server, { title: 'Samtal om skogen', kind: 'episode' });
    const plain = await insertEpisode(server, { title: 'Veckans nyheter', kind: 'episode' });
    const ids = (await anonymous.get('/api/podcasts/interviews?limit=100')).body.map((e: { id: number }) => e.id);
    expect(ids).toContain(worded);
    expect(ids).not.toContain(plain);
  });

  it('shows a person, and 404 for an unknown one', async () => {
    const [person] = (await anonymous.get('/api/people?limit=1')).body;
    const profile = (await anonymous.get(`/api/people/${person.id}`)).body;
    expect(profile).toMatchObject({ name: person.name, socialLinks: expect.any(Object) });
    expect(typeof profile.birthDate).toBe('string');
    expect((await anonymous.get('/api/people/999999')).status).toBe(404);
  });

  it('shows ads only inside their dates, with a counting click URL', async () => {
    const now = new Date().toISOString();
    const base = { description: 'D', placement: 'banner', linkUrl: 'https://partner.example', active: true, createdAt: now, updatedAt: now };
    await server.db('advertisements').insert([
      { ...base, title: 'Framtida kampanj', startDate: hoursFromNow(48) },
      { ...base, title: 'Avslutad kampanj', endDate: hoursFromNow(-1) },
      { ...base, title: 'Pausad kampanj', active: false },
      { ...base, title: 'Pågående kampanj', startDate: hoursFromNow(-1), endDate: hoursFromNow(24) },
    ]);
    await server.contentChanged();
    const titles = (await anonymous.get('/api/advertisements?limit=100')).body.map((ad: { title: string }) => ad.title);
    expect(titles).toContain('Pågående kampanj');
    for (const hidden of ['Framtida kampanj', 'Avslutad kampanj', 'Pausad kampanj']) expect(titles).not.toContain(hidden);
    const banners = (await anonymous.get('/api/advertisements?placement=banner')).body;
    expect(banners.every((ad: { placement: string; clickUrl: string }) => ad.placement === 'banner' && ad.clickUrl.endsWith('/click'))).toBe(true);
    expect((await anonymous.get('/api/advertisements?placement=nowhere')).status).toBe(400);
  });

  it('orders custom videos by priority, finds one by slug, and 404 for an unknown slug', async () => {
    const videos = (await anonymous.get('/api/custom-videos')).body;
    const priorities = videos.map((v: { priority: number }) => v.priority);
    expect(priorities).toEqual([...priorities].sort((a, b) => b - a));
    expect((await anonymous.get(`/api/custom-videos/slug/${videos[0].slug}`)).body.id).toBe(videos[0].id);
    expect((await anonymous.get('/api/custom-videos/slug/finns-inte')).status).toBe(404);
  });
});

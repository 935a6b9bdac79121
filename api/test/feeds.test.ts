import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Stripe from 'stripe';
import sharp from 'sharp';
import { parseFeed } from 'podcast-partytime';
import RssParser from 'rss-parser';
import { validateXML } from 'xmllint-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { podcastGuid } from '../src/services/feeds/uuid.js';
import { HttpClient } from './support/http-client.js';
import { image, MB, postForm, videoHeads } from './support/media.js';
import { hoursFromNow, insertArticle, insertEpisode } from './support/fixtures.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { signedInUser } from './support/users.js';
import { startStripeStandIn } from './stand-ins/stripe.js';

const STRIPE_SECRET = 'sk_test_feeds';
const WEBHOOK_SECRET = 'whsec_feeds_test';
const SHARED_NETWORKS = 3;
let stripe: Awaited<ReturnType<typeof startStripeStandIn>>;
let server: TestServer;
/** Podcast apps and crawlers: no cookie, ever. */
let anonymous: HttpClient;
const rss = new RssParser();

beforeAll(async () => {
  stripe = await startStripeStandIn(STRIPE_SECRET);
  server = await startTestServer({
    seed: true,
    env: {
      STRIPE_SECRET_KEY: STRIPE_SECRET, STRIPE_PUBLISHABLE_KEY: 'pk_test_feeds', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: stripe.origin,
      PODCAST_OWNER_EMAIL: 'podd@redaktion.example', PODCAST_SHARED_FEED_NETWORKS: String(SHARED_NETWORKS),
      // Each download below comes from a network of its own through X-Forwarded-For.
      TRUST_PROXY: '1',
    },
  });
  anonymous = new HttpClient(server.url);
}, 60_000);
afterAll(async () => {
  await server?.close();
  await stripe?.close();
});

const fixture = (name: string) => readFile(new URL(`./fixtures/sitemaps/${name}`, import.meta.url), 'utf8');

/** Validates against the sitemaps.org schema (plus Google News for its extension) with libxml2. */
async function assertValidSitemap(xml: string, schema: 'siteindex.xsd' | 'sitemap.xsd' | 'urlset-with-news.xsd') {
  const files = ['sitemap.xsd', 'siteindex.xsd', 'sitemap-news.xsd', 'urlset-with-news.xsd'];
  const contents = await Promise.all(files.map(fixture));
  const result = await validateXML({
    xml: [{ fileName: 'answer.xml', contents: xml }],
    schema: [{ fileName: schema, contents: contents[files.indexOf(schema)]! }],
    preload: files.filter((name) => name !== schema).map((name) => ({ fileName: name, contents: contents[files.indexOf(name)]! })),
  });
  expect(result.errors).toEqual([]);
  expect(result.valid).toBe(true);
}

async function seriesWithPremium(): Promise<{ seriesId: number; premiumId: number; freeId: number }> {
  const series = (await server.db('podcastSeries').orderBy('id').first('id')) as { id: number };
  const premium = (await server.db('podcasts').where({ seriesId: series.id, premium: true, status: 'published' }).first('id')) as { id: number };
  const free = (await server.db('podcasts').where({ seriesId: series.id, premium: false, status: 'published' }).first('id')) as { id: number };
  return { seriesId: series.id, premiumId: premium.id, freeId: free.id };
}

/** Every enclosure answers HEAD with its exact length and Range with 206, with no cookie. */
async function assertEnclosuresPlay(enclosures: { url: string; length: number; type: string }[]) {
  expect(enclosures.length).toBeGreaterThan(0);
  for (const enclosure of enclosures) {
    expect(enclosure.url).toMatch(/\.mp3$/);
    const head = await fetch(enclosure.url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBe(enclosure.length);
    expect(head.headers.get('content-type')).toBe(enclosure.type);
    const range = await fetch(enclosure.url, { headers: { Range: 'bytes=0-99' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 0-99/${enclosure.length}`);
    expect((await range.arrayBuffer()).byteLength).toBe(100);
  }
}

async function subscriber(): Promise<Awaited<ReturnType<typeof signedInUser>>> {
  return signedInUser(server.url, server.db, { subscriptionStatus: 'active' });
}

describe('public podcast feeds', () => {
  it('carry the Apple and Podcasting 2.0 tags podcast apps read, and only free published episodes', async () => {
    const { seriesId, premiumId } = await seriesWithPremium();
    const response = await anonymous.get(`/feeds/podcast-series/${seriesId}.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const feed = parseFeed(response.text)!;
    const url = `${server.url}/feeds/podcast-series/${seriesId}.xml`;
    expect(feed).toMatchObject({
      title: 'Morgonekot', language: 'sv', author: 'Karin Ekholm', explicit: false, itunesType: 'episodic', itunesBlock: false,
      owner: { name: 'Redaktion', email: 'podd@redaktion.example' }, itunesCategory: ['News > Daily News'],
      guid: podcastGuid(url), locked: true, podcastOwner: 'podd@redaktion.example',
      podcastFunding: [{ url: `${server.url}/subscribe`, message: 'Prenumerera på Redaktion' }],
    });
    expect(feed.podcastPeople).toEqual([expect.objectContaining({ name: 'Karin Ekholm', role: 'Host', href: expect.stringMatching(/\/journalists\/\d+$/) })]);

    const expected = (await server.db('podcasts').where({ seriesId, premium: false, status: 'published' }).whereNotNull('audioFile').pluck('id')) as number[];
    expect(feed.items.map((item) => Number(/\/podcast\/(\d+)$/.exec(item.link!)![1])).sort()).toEqual(expected.sort());
    expect(feed.items.map((item) => item.link)).not.toContain(`${server.url}/podcast/${premiumId}`);
    for (const item of feed.items) {
      expect(item.duration).toBeGreaterThan(0);
      expect(item.itunesEpisode).toBeGreaterThan(0);
      expect(item.itunesEpisodeType).toBe('full');
      expect(item.guid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    await assertEnclosuresPlay(feed.items.map((item) => item.enclosure!));

    // A second, independent parser (the one many aggregators use) reads the same episodes.
    const other = await rss.parseString(response.text);
    expect(other.items.map((item) => item.guid)).toEqual(feed.items.map((item) => item.guid));
    expect(other.itunes?.owner).toEqual({ name: 'Redaktion', email: 'podd@redaktion.example' });
  });

  it('follows the Podcast Index guid rule (its own published example)', () => {
    expect(podcastGuid('https://mp3s.nashownotes.com/pc20rss.xml')).toBe('917393e3-1b1e-5cef-ace4-edaa54e1f810');
  });

  it('has square JPEG or PNG artwork between 1400 and 3000 pixels, made from the SVG cover', async () => {
    const { seriesId } = await seriesWithPremium();
    const feed = parseFeed((await anonymous.get(`/feeds/podcast-series/${seriesId}.xml`)).text)!;
    const response = await fetch(feed.itunesImage!);
    expect(response.status).toBe(200);
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(['jpeg', 'png']).toContain(meta.format);
    expect(meta.width).toBe(meta.height);
    expect(meta.width).toBeGreaterThanOrEqual(1400);
    expect(meta.width).toBeLessThanOrEqual(3000);

    // Only our uploads, only the fixed sizes: nothing else is drawn or read.
    for (const path of ['/media/artwork/%2e%2e/session-secret.jpg', '/media/og/..%2F..%2Fredaktion.sqlite.jpg', '/media/artwork/%E0%A4%A.jpg', '/media/huge/demo/x.svg.jpg', '/media/og/demo/finns-inte.svg.jpg']) {
      expect((await anonymous.get(path)).status, path).toBe(404);
    }
  });

  /** 150 parallel requests for `url`, like those that drained the memory: their statuses, and how far the server's buffers grew meanwhile. */
  async function previewBurst(url: string) {
    const before = process.memoryUsage().arrayBuffers;
    let peak = before;
    const sampling = setInterval(() => { peak = Math.max(peak, process.memoryUsage().arrayBuffers); }, 5);
    try {
      const statuses = await Promise.all(Array.from({ length: 150 }, async () => (await fetch(server.url + url)).status));
      return { statuses, grownMb: (Math.max(peak, process.memoryUsage().arrayBuffers) - before) / MB };
    } finally {
      clearInterval(sampling);
    }
  }

  it("answers a public custom video's preview image with 404, to 150 parallel requests, without reading the video", async () => {
    const admin = await signedInUser(server.url, server.db, { role: 'admin' });
    const cookies = [...admin.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    // Just under the largest image: read whole for every request, such a video took gigabytes.
    const video = await postForm(server.url, '/api/admin/custom-videos', cookies,
      { video: [Buffer.concat([videoHeads.mp4(), Buffer.alloc(19 * MB)]), 'klipp.mp4'] }, { title: 'Klipp', description: 'Ett klipp', duration: '0:30' });
    expect(video.status).toBe(201);
    const answers = await previewBurst(`/media/og/${(video.body.videoUrl as string).slice('/uploads/'.length)}.jpg`);
    expect(answers.statuses).toEqual(Array(150).fill(404));
    expect(answers.grownMb).toBeLessThan(19);
  });

  it('reads a stored picture that cannot be drawn once, however many ask at once or after', async () => {
    // No upload makes one (sharp reads each image before it is kept), but a damaged store could hold one.
    const name = `${randomUUID()}.png`;
    const images = join(server.config.dataDir, 'uploads', 'images');
    await mkdir(images, { recursive: true });
    await writeFile(join(images, name), Buffer.concat([await image('png', 8, 8), Buffer.alloc(19 * MB)]).fill(7, 20));
    // At once, the requests share one reading (a few copies of the file, not 150); after, none reads it again.
    for (const [round, mostMb] of [['at once', 100], ['after', 19]] as const) {
      const answers = await previewBurst(`/media/og/images/${name}.jpg`);
      expect(answers.statuses, round).toEqual(Array(150).fill(404));
      expect(answers.grownMb, round).toBeLessThan(mostMb);
    }
  });

  it('keeps every item guid when the episode is edited, and shows the edit after the cache is cleared', async () => {
    const { seriesId } = await seriesWithPremium();
    const episodeId = await insertEpisode(server, { seriesId, title: 'Före redigering', description: 'Vi möter Astrid Holmberg.', episodeNumber: 40 });
    const before = parseFeed((await anonymous.get(`/feeds/podcast-series/${seriesId}.xml`)).text)!;
    const item = before.items.find((entry) => entry.title === 'Före redigering')!;
    expect(item.enclosure).toMatchObject({ length: 10_000, type: 'audio/mpeg' });
    // The people profile the episode mentions is its guest; the series' journalist its host.
    const guest = (await server.db('peopleProfiles').where({ name: 'Astrid Holmberg' }).first('id')) as { id: number };
    expect(item.podcastPeople).toEqual([
      expect.objectContaining({ name: 'Karin Ekholm', role: 'Host' }),
      expect.objectContaining({ name: 'Astrid Holmberg', role: 'Guest', href: `${server.url}/people/${guest.id}` }),
    ]);

    await server.db('podcasts').where({ id: episodeId }).update({ title: 'Efter redigering', description: 'Ny text', updatedAt: new Date().toISOString() });
    await server.contentChanged();
    const after = parseFeed((await anonymous.get(`/feeds/podcast-series/${seriesId}.xml`)).text)!;
    const edited = after.items.find((entry) => entry.title === 'Efter redigering')!;
    expect(edited.guid).toBe(item.guid);
  });

  it("states the size and type kept when an editor attaches the audio, and the episode's season, type and explicit flag", async () => {
    const { seriesId } = await seriesWithPremium();
    const admin = await signedInUser(server.url, server.db, { role: 'admin' });
    const form = new FormData();
    form.append('file', new Blob([Buffer.concat([Buffer.from('ID3'), Buffer.alloc(4321, 1)])]), 'bonus.mp3');
    const upload = await fetch(`${server.url}/api/upload`, { method: 'POST', body: form, headers: { Cookie: [...admin.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    expect(upload.status).toBe(201);
    const created = await admin.client.post('/api/admin/podcasts', {
      title: 'Bonusavsnitt', description: 'Extra', duration: 61, seriesId, episodeNumber: 41, audioUrl: ((await upload.json()) as { url: string }).url,
      status: 'published', explicit: true, season: 2, episodeType: 'bonus',
    });
    expect(created.status).toBe(201);
    const stored = (await server.db('podcasts').where({ id: created.body.id }).first('audioSize', 'audioType')) as { audioSize: number | string; audioType: string };
    expect([Number(stored.audioSize), stored.audioType]).toEqual([4324, 'audio/mpeg']);

    // An edit that leaves the podcast fields out keeps them; the staff write refreshes the cached feed.
    const edited = await admin.client.request('PUT', `/api/admin/podcasts/${created.body.id}`, {
      title: 'Bonusavsnitt, redigerat', description: 'Extra', duration: 61, seriesId, episodeNumber: 41, audioUrl: created.body.audioUrl, status: 'published',
    });
    expect(edited.status).toBe(200);
    const xml = (await anonymous.get(`/feeds/podcast-series/${seriesId}.xml`)).text;
    const item = parseFeed(xml)!.items.find((entry) => entry.title === 'Bonusavsnitt, redigerat')!;
    expect(item).toMatchObject({ explicit: true, itunesEpisode: 41, itunesEpisodeType: 'bonus', itunesSeason: 2, enclosure: { length: 4324, type: 'audio/mpeg' } });
  });

  it('answers 304 to its ETag from the shared cache, and 404 for a series that is missing or inactive', async () => {
    const { seriesId } = await seriesWithPremium();
    const first = await anonymous.get(`/feeds/podcast-series/${seriesId}.xml`);
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await anonymous.get(`/feeds/podcast-series/${seriesId}.xml`, { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');

    expect((await anonymous.get('/feeds/podcast-series/99999.xml')).status).toBe(404);
    const [inactive] = (await server.db('podcastSeries').insert({
      title: 'Nedlagd', description: 'Borta', category: 'news', active: false, featured: false, createdAt: new Date().toISOString(), updatedAt: new Date().toISOString(),
    }, ['id'])) as ({ id: number } | number)[];
    const inactiveId = typeof inactive === 'number' ? inactive : inactive!.id;
    await server.contentChanged();
    expect((await anonymous.get(`/feeds/podcast-series/${inactiveId}.xml`)).status).toBe(404);
  });

  it('never serves premium audio through a public enclosure address', async () => {
    const { premiumId } = await seriesWithPremium();
    for (const method of ['GET', 'HEAD']) {
      const response = await fetch(`${server.url}/feeds/audio/${premiumId}.mp3`, { method });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).not.toMatch(/^audio\//);
    }
    expect((await anonymous.get('/feeds/audio/abc.mp3')).status).toBe(400);
  });
});

describe('private podcast feeds', () => {
  it('are only for signed-in subscribers', async () => {
    expect((await anonymous.get('/api/podcast-feeds')).status).toBe(401);
    const reader = await signedInUser(server.url, server.db);
    const refused = await reader.client.get('/api/podcast-feeds');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('subscription_required');
    expect((await reader.client.post('/api/podcast-feeds/rotate')).status).toBe(403);
  });

  it('give a subscriber their own feed of every active series, with premium episodes, blocked from directories', async () => {
    const user = await subscriber();
    const list = await user.client.get('/api/podcast-feeds');
    expect(list.status).toBe(200);
    const active = (await server.db('podcastSeries').where({ active: true }).pluck('id')) as number[];
    expect(list.body.map((feed: { seriesId: number }) => feed.seriesId).sort()).toEqual(active.sort());
    const { seriesId, premiumId } = await seriesWithPremium();
    const mine = list.body.find((feed: { seriesId: number }) => feed.seriesId === seriesId);
    expect(mine.title).toBe('Morgonekot');
    expect(mine.url).toMatch(new RegExp(`^${server.url}/feeds/private/[A-Za-z0-9_-]{32}/podcast-series/${seriesId}\\.xml$`));
    // The token is the subscriber's own and stays until rotated.
    expect((await user.client.get('/api/podcast-feeds')).body).toEqual(list.body);
    const other = await subscriber();
    expect((await other.client.get('/api/podcast-feeds')).body[0].url).not.toBe(list.body[0].url);

    const response = await fetch(mine.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    const xml = await response.text();
    const feed = parseFeed(xml)!;
    expect(feed.itunesBlock).toBe(true);
    expect(feed.podcastBlocked).toBe('yes');
    expect(xml).toContain('<podcast:block>yes</podcast:block>');
    const token = /\/feeds\/private\/([^/]+)\//.exec(mine.url)![1]!;
    expect(feed.items.every((item) => item.enclosure!.url.includes(`/feeds/private/${token}/audio/`))).toBe(true);
    expect(feed.items.map((item) => item.link)).toContain(`${server.url}/podcast/${premiumId}`);
    await assertEnclosuresPlay(feed.items.map((item) => item.enclosure!));
    const premiumAudio = await fetch(feed.items.find((item) => item.link === `${server.url}/podcast/${premiumId}`)!.enclosure!.url);
    expect(premiumAudio.headers.get('cache-control')).toBe('private, no-cache');

    const cached = await fetch(mine.url, { headers: { 'If-None-Match': response.headers.get('etag')! } });
    expect(cached.status).toBe(304);
  });

  it('stop at once when the token is rotated: old feed and audio 404, the new ones work', async () => {
    const user = await subscriber();
    const { seriesId, premiumId } = await seriesWithPremium();
    const before = (await user.client.get('/api/podcast-feeds')).body.find((feed: { seriesId: number }) => feed.seriesId === seriesId).url as string;
    const oldAudio = before.replace(/podcast-series\/\d+\.xml$/, `audio/${premiumId}.mp3`);
    expect((await fetch(oldAudio, { method: 'HEAD' })).status).toBe(200);

    const rotated = await user.client.post('/api/podcast-feeds/rotate');
    expect(rotated.status).toBe(200);
    const after = rotated.body.find((feed: { seriesId: number }) => feed.seriesId === seriesId).url as string;
    expect(after).not.toBe(before);
    expect((await fetch(before)).status).toBe(404);
    const refused = await fetch(oldAudio, { headers: { Range: 'bytes=0-99' } });
    expect(refused.status).toBe(404);
    expect(refused.headers.get('content-type')).not.toMatch(/^audio\//);
    expect((await fetch(after)).status).toBe(200);
    expect((await fetch(after.replace(/podcast-series\/\d+\.xml$/, `audio/${premiumId}.mp3`), { method: 'HEAD' })).status).toBe(200);
  });

  it('stop at once when Stripe says the subscription ended (the webhook), and never send audio after', async () => {
    const sdk = new Stripe('sk_test_unused');
    const deliver = async (id: string, type: string, subscriptionId: string) => {
      const payload = JSON.stringify({
        id, object: 'event', type, api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000), livemode: false, pending_webhooks: 1,
        request: { id: null, idempotency_key: null }, data: { object: { id: subscriptionId, object: 'subscription', status: 'canceled' } },
      });
      const response = await fetch(`${server.url}/api/stripe/webhook`, {
        method: 'POST', body: payload,
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': sdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
      });
      expect(response.status).toBe(200);
    };
    const user = await signedInUser(server.url, server.db);
    const { subscriptionId } = (await user.client.post('/api/create-subscription', { plan: 'monthly' })).body as { subscriptionId: string };
    stripe.setSubscription(subscriptionId, { status: 'active' });
    await deliver('evt_feeds_active', 'customer.subscription.updated', subscriptionId);

    const { seriesId, premiumId } = await seriesWithPremium();
    const issued = await user.client.get('/api/podcast-feeds');
    expect(issued.status).toBe(200);
    const feedUrl = issued.body.find((feed: { seriesId: number }) => feed.seriesId === seriesId).url as string;
    const audioUrl = feedUrl.replace(/podcast-series\/\d+\.xml$/, `audio/${premiumId}.mp3`);
    expect((await fetch(audioUrl, { headers: { Range: 'bytes=0-9' } })).status).toBe(206);

    stripe.setSubscription(subscriptionId, { status: 'canceled' });
    await deliver('evt_feeds_deleted', 'customer.subscription.deleted', subscriptionId);
    const feed = await fetch(feedUrl);
    expect(feed.status).toBe(403);
    expect(await feed.text()).not.toContain('<rss');
    for (const init of [{ method: 'HEAD' }, { headers: { Range: 'bytes=0-9' } }, {}]) {
      const audio = await fetch(audioUrl, init);
      expect(audio.status).toBe(403);
      expect(audio.headers.get('content-type')).not.toMatch(/^audio\//);
    }
    expect((await user.client.get('/api/podcast-feeds')).status).toBe(403);
  });

  it('count downloads per token and flag a feed fetched from many networks in a day for admins', async () => {
    const sharer = await subscriber();
    const careful = await subscriber();
    const { seriesId, freeId } = await seriesWithPremium();
    const audioOf = async (user: typeof sharer) => ((await user.client.get('/api/podcast-feeds')).body
      .find((feed: { seriesId: number }) => feed.seriesId === seriesId).url as string).replace(/podcast-series\/\d+\.xml$/, `audio/${freeId}.mp3`);
    const shared = await audioOf(sharer);
    for (let n = 1; n <= SHARED_NETWORKS; n += 1) {
      expect((await fetch(shared, { headers: { 'X-Forwarded-For': `198.51.${n}.7` } })).status).toBe(200);
    }
    // One household: two devices on one network, and a phone on IPv6 twice in the same /48.
    const home = await audioOf(careful);
    for (const ip of ['203.0.113.5', '203.0.113.9', '2001:db8:1:1::5', '2001:db8:1:2::9']) {
      expect((await fetch(home, { headers: { 'X-Forwarded-For': ip } })).status).toBe(200);
    }

    expect((await sharer.client.get('/api/admin/podcast-feeds/shared')).status).toBe(403);
    const admin = await signedInUser(server.url, server.db, { role: 'admin' });
    const flagged = await admin.client.get('/api/admin/podcast-feeds/shared');
    expect(flagged.status).toBe(200);
    expect(flagged.body).toEqual([{
      userId: sharer.id, username: sharer.username, email: sharer.email, day: new Date().toISOString().slice(0, 10),
      networks: SHARED_NETWORKS, downloads: SHARED_NETWORKS, revoked: false,
    }]);
  });
});

describe('article feeds', () => {
  it('give the newest 50 as RSS, Atom and JSON Feed 1.1, premium articles with their excerpt only', async () => {
    for (let n = 0; n < 30; n += 1) await insertArticle(server, { title: `Flödesartikel ${n}`, publishedAt: hoursFromNow(-2 - n) });
    const premiumBody = 'Hemlig premiumtext som aldrig lämnar servern.';
    const premiumId = await insertArticle(server, { title: 'Premiumartikel i flödet', excerpt: 'Premiumingress', content: premiumBody, premium: true, publishedAt: hoursFromNow(-0.5) });
    const newest = (await server.db('articles').where({ status: 'published' }).where('publishedAt', '<=', new Date().toISOString())
      .orderBy('publishedAt', 'desc').orderBy('id', 'desc').limit(50).pluck('id')) as number[];

    const rssAnswer = await anonymous.get('/rss.xml');
    expect(rssAnswer.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const atomAnswer = await anonymous.get('/atom.xml');
    expect(atomAnswer.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    for (const answer of [rssAnswer, atomAnswer]) {
      const feed = await rss.parseString(answer.text);
      expect(feed.items.map((item) => Number(/\/article\/(\d+)$/.exec(item.link!)![1]))).toEqual(newest);
      const premium = feed.items.find((item) => item.link === `${server.url}/article/${premiumId}`)!;
      expect(premium.title).toBe('Premiumartikel i flödet');
      expect(answer.text).not.toContain(premiumBody);
    }

    const json = await anonymous.get('/feed.json');
    expect(json.headers.get('content-type')).toBe('application/feed+json; charset=utf-8');
    const document = JSON.parse(json.text) as { version: string; language: string; authors: unknown[]; items: { url: string; content_html: string; authors: { name: string }[] }[] };
    expect(document.version).toBe('https://jsonfeed.org/version/1.1');
    expect(document.language).toBe('sv');
    expect(document.authors).toEqual([{ name: 'Redaktion', url: `${server.url}/` }]);
    expect(document.items.map((item) => Number(/\/article\/(\d+)$/.exec(item.url)![1]))).toEqual(newest);
    expect(document.items.every((item) => item.authors.length === 1 && !('author' in item))).toBe(true);
    expect(document.items.find((item) => item.url.endsWith(`/article/${premiumId}`))!.content_html).toBe('Premiumingress');
    expect(json.text).not.toContain(premiumBody);
  });

  it('narrow to one category with ?category=, and answer 404 for an unknown one', async () => {
    const politics = (await server.db('articles').where({ category: 'politics', status: 'published' }).where('publishedAt', '<=', new Date().toISOString()).pluck('id')) as number[];
    expect(politics.length).toBeGreaterThan(0);
    const feed = await rss.parseString((await anonymous.get('/rss.xml?category=politics')).text);
    expect(feed.items.map((item) => Number(/\/article\/(\d+)$/.exec(item.link!)![1])).sort()).toEqual([...politics].sort());
    const missing = await anonymous.get('/atom.xml?category=finns-inte');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'Category not found', code: 'not_found' });
  });
});

describe('sitemaps and robots.txt', () => {
  it('index every sitemap, each valid against the sitemaps.org schema', async () => {
    const index = await anonymous.get('/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    await assertValidSitemap(index.text, 'siteindex.xsd');
    const named = [...index.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    for (const name of ['articles', 'podcasts', 'news', 'people', 'pages']) expect(named).toContain(`${server.url}/sitemap-${name}.xml`);
    for (const url of named) {
      const sitemap = await fetch(url!);
      expect(sitemap.status).toBe(200);
      await assertValidSitemap(await sitemap.text(), url!.endsWith('news.xml') ? 'urlset-with-news.xsd' : 'sitemap.xsd');
    }
    const articles = (await anonymous.get('/sitemap-articles.xml')).text;
    const published = (await server.db('articles').where({ status: 'published' }).where('publishedAt', '<=', new Date().toISOString()).pluck('id')) as number[];
    for (const id of published) expect(articles).toContain(`<loc>${server.url}/article/${id}</loc>`);
  });

  it('list in Google News only the articles of the last 48 hours, as Redaktion in Swedish', async () => {
    const fresh = await insertArticle(server, { title: 'Färsk nyhet & mer', publishedAt: hoursFromNow(-3) });
    const old = await insertArticle(server, { title: 'Gammal nyhet', publishedAt: hoursFromNow(-50) });
    const draft = await insertArticle(server, { title: 'Utkast', status: 'draft', publishedAt: hoursFromNow(-1) });
    const news = (await anonymous.get('/sitemap-news.xml')).text;
    await assertValidSitemap(news, 'urlset-with-news.xsd');
    expect(news).toContain(`<loc>${server.url}/article/${fresh}</loc>`);
    expect(news).toContain('<news:title>Färsk nyhet &amp; mer</news:title>');
    expect(news).not.toContain(`/article/${old}<`);
    expect(news).not.toContain(`/article/${draft}<`);
    const entries = [...news.matchAll(/<news:news><news:publication><news:name>([^<]+)<\/news:name><news:language>([^<]+)<\/news:language>/g)];
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((entry) => entry[1] === 'Redaktion' && entry[2] === 'sv')).toBe(true);
  });

  it('robots.txt names the sitemap and keeps crawlers out of admin, dashboard and the API', async () => {
    const robots = await anonymous.get('/robots.txt');
    expect(robots.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const lines = robots.text.split('\n');
    for (const rule of ['Disallow: /admin', 'Disallow: /dashboard', 'Disallow: /api/']) expect(lines).toContain(rule);
    expect(lines).toContain(`Sitemap: ${server.url}/sitemap.xml`);
  });
});

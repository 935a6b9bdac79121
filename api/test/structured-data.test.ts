import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './support/http-client.js';
import { insertArticle } from './support/fixtures.js';
import { startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
let reader: HttpClient;

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  reader = new HttpClient(server.url);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

type Node = Record<string, unknown>;

/** What a crawler reads from a rendered page's head. */
async function head(path: string) {
  const response = await reader.get(path, { 'Accept-Language': 'sv' });
  const html = response.text.slice(0, response.text.indexOf('</head>'));
  const meta = (attribute: 'name' | 'property', key: string) =>
    new RegExp(`<meta ${attribute}="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(html)?.[1];
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Node);
  const canonical = /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
  return { status: response.status, html, meta, jsonLd, canonical };
}

const firstId = async (table: string, where: Record<string, unknown> = {}) =>
  ((await server.db(table).where(where).orderBy('id').first('id')) as { id: number }).id;

describe('what crawlers and link previews read', () => {
  it('links the article feeds from every reader page', async () => {
    for (const path of ['/', '/news', `/article/${await firstId('articles')}`, '/podcasts', '/people']) {
      const { html } = await head(path);
      expect(html, path).toContain('<link rel="alternate" type="application/rss+xml" title="Redaktion (RSS)" href="/rss.xml" />');
      expect(html, path).toContain('<link rel="alternate" type="application/atom+xml" title="Redaktion (Atom)" href="/atom.xml" />');
      expect(html, path).toContain('<link rel="alternate" type="application/feed+json" title="Redaktion (JSON Feed)" href="/feed.json" />');
    }
  });

  it('gives an article NewsArticle data, large image previews and Open Graph article times, paywall marked', async () => {
    const free = await firstId('articles', { premium: false, status: 'published' });
    const page = await head(`/article/${free}`);
    expect(page.meta('name', 'robots')).toBe('index, follow, max-image-preview:large');
    const row = (await server.db('articles').where({ id: free }).first()) as { title: string; category: string; publishedAt: string | Date; author: string };
    expect(page.meta('property', 'og:type')).toBe('article');
    expect(page.meta('property', 'article:published_time')).toBe(new Date(row.publishedAt).toISOString());
    expect(page.meta('property', 'article:section')).toBe(row.category);
    expect(page.meta('property', 'og:locale')).toBe('sv_SE');
    const [article] = page.jsonLd;
    expect(article).toMatchObject({
      '@context': 'https://schema.org', '@type': 'NewsArticle', headline: row.title, isAccessibleForFree: true,
      datePublished: new Date(row.publishedAt).toISOString(), dateModified: expect.any(String),
      author: { '@type': 'Person', name: row.author }, publisher: { '@type': 'Organization', name: 'Redaktion', logo: { '@type': 'ImageObject' } },
    });

    // The image a preview shows is a real JPEG, not the SVG the demo uploaded.
    const image = (article!.image as string[])[0]!;
    expect(page.meta('property', 'og:image')).toBe(image);
    const picture = await fetch(image);
    expect(picture.headers.get('content-type')).toBe('image/jpeg');
    expect(await sharp(Buffer.from(await picture.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });

    const premiumId = await insertArticle(server, { premium: true, title: 'Bakom betalväggen', content: 'Endast prenumeranter.' });
    const premium = await head(`/article/${premiumId}`);
    expect(premium.jsonLd[0]).toMatchObject({ '@type': 'NewsArticle', headline: 'Bakom betalväggen', isAccessibleForFree: false });
    expect(premium.html).not.toContain('Endast prenumeranter.');
  });

  it('gives an article without an image the publication\'s default picture, on the site\'s own origin', async () => {
    const id = await insertArticle(server, { title: 'Utan bild', imageUrl: null });
    const page = await head(`/article/${id}`);
    const image = `${server.url}/icons/og-default.png`;
    expect(page.jsonLd[0]).toMatchObject({ '@type': 'NewsArticle', headline: 'Utan bild', image: [image] });
    expect(page.meta('property', 'og:image')).toBe(image);
    const picture = await fetch(image);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
  });

  it('describes the site and its search on the home page', async () => {
    const { jsonLd } = await head('/');
    expect(jsonLd.map((node) => node['@type'])).toEqual(['Organization', 'WebSite']);
    expect(jsonLd[1]).toMatchObject({
      url: `${server.url}/`,
      potentialAction: { '@type': 'SearchAction', target: { urlTemplate: `${server.url}/search?q={search_term_string}` }, 'query-input': 'required name=search_term_string' },
    });
  });

  it('marks episodes, series, people, journalists and videos with their schema.org types', async () => {
    const episode = await firstId('podcasts', { status: 'published', premium: false });
    expect((await head(`/podcast/${episode}`)).jsonLd[0]).toMatchObject({ '@type': 'PodcastEpisode', url: `${server.url}/podcast/${episode}`, isAccessibleForFree: true });
    const series = await firstId('podcastSeries');
    expect((await head(`/podcast-series/${series}`)).jsonLd[0]).toMatchObject({ '@type': 'PodcastSeries', webFeed: `${server.url}/feeds/podcast-series/${series}.xml` });
    const person = await firstId('peopleProfiles', { status: 'published' });
    expect((await head(`/people/${person}`)).jsonLd[0]).toMatchObject({ '@type': 'Person', url: `${server.url}/people/${person}` });
    const journalist = await firstId('journalists');
    expect((await head(`/journalists/${journalist}`)).jsonLd[0]).toMatchObject({ '@type': 'Person', url: `${server.url}/journalists/${journalist}` });
    const video = (await server.db('customVideos').orderBy('id').first('slug', 'duration')) as { slug: string; duration: string } | undefined;
    expect(video).toBeDefined();
    const watch = (await head(`/watch/${video!.slug}`)).jsonLd[0]!;
    expect(watch).toMatchObject({ '@type': 'VideoObject', uploadDate: expect.any(String), thumbnailUrl: [expect.stringMatching(/^http/)] });
    expect(watch.duration).toMatch(/^PT(\d+H)?(\d+M)?(\d+S)?$/);
  });

  it('keeps account pages out of search results', async () => {
    for (const path of ['/auth', '/forgot-password', '/reset-password?token=x', '/dashboard/settings']) {
      expect((await head(path)).meta('name', 'robots'), path).toBe('noindex, nofollow');
    }
    expect((await head('/news')).meta('name', 'robots')).toBeUndefined();
  });

  it('keeps search results out of search results, but lets crawlers follow their links', async () => {
    for (const path of ['/search?q=klimat', '/search']) expect((await head(path)).meta('name', 'robots'), path).toBe('noindex, follow');
  });

  it('names the canonical address without tracking parameters', async () => {
    const { canonical, meta } = await head('/news?category=politics&utm_source=nyhetsbrev&utm_medium=mail&fbclid=abc&gclid=x');
    expect(canonical).toBe(`${server.url}/news?category=politics`);
    expect(meta('property', 'og:url')).toBe(canonical);
  });
});

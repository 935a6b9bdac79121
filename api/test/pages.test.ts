import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './support/http-client.js';
import { insertArticle, useUpMeter } from './support/fixtures.js';
import { engine, startTestServer, type TestServer } from './support/test-server.js';
import { signedInUser } from './support/users.js';

let server: TestServer;
let anonymous: HttpClient;
beforeAll(async () => {
  server = await startTestServer();
  anonymous = new HttpClient(server.url);
});
afterAll(async () => { await server?.close(); });

/** The API answers a page was rendered with, as the browser finds them. */
const bootOf = (html: string) => JSON.parse(/<script type="application\/json" id="__BOOT__">(.*?)<\/script>/s.exec(html)![1]!) as {
  cache: Record<string, { data?: { content?: string; locked?: boolean } }>; user: { username: string } | null;
};

describe('a rendered page reads the API in process, for its reader', () => {
  it('shows a premium article whole to a subscriber and locked to everyone else, in the HTML and in its boot data', async () => {
    const id = await insertArticle(server, { title: 'Premiumreportage', premium: true, content: 'Det hemliga stycket.' });
    const reader = await signedInUser(server.url, server.db);
    await useUpMeter(server, reader.id);
    const subscriber = await signedInUser(server.url, server.db, { subscriptionStatus: 'active' });
    for (const client of [anonymous, reader.client]) {
      const page = await client.get(`/article/${id}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain('Premiumreportage');
      expect(page.text).not.toContain('Det hemliga stycket');
      expect(bootOf(page.text).cache[`/api/articles/${id}`]!.data!.locked).toBe(true);
    }
    const page = await subscriber.client.get(`/article/${id}`);
    expect(page.text).toContain('Det hemliga stycket.');
    expect(bootOf(page.text).user!.username).toBe(subscriber.username);
    // What the subscriber was shown never reaches a signed-out reader afterwards.
    expect((await anonymous.get(`/article/${id}`)).text).not.toContain('Det hemliga stycket');
  });

  it('answers 503, kept by nobody, when a read fails for a fault of ours: never a "not found" page a CDN may keep', async () => {
    // A real fault: the table the person page reads is gone.
    await server.db.schema.renameTable('people_profiles', 'people_profiles_away');
    try {
      const page = await anonymous.get('/people/1');
      expect(page.status).toBe(503);
      expect(page.headers.get('cache-control')).toBe('no-store');
    } finally {
      await server.db.schema.renameTable('people_profiles_away', 'people_profiles');
    }
  });

  it('shows staff a draft and everyone else the not-found page', async () => {
    const id = await insertArticle(server, { title: 'Utkast i redaktionen', status: 'draft', publishedAt: null });
    const admin = await signedInUser(server.url, server.db, { role: 'admin' });
    expect((await admin.client.get(`/article/${id}`)).text).toContain('Utkast i redaktionen');
    const missing = await anonymous.get(`/article/${id}`);
    expect(missing.status).toBe(404);
    expect(missing.text).not.toContain('Utkast i redaktionen');
  });
});

describe('a reader route takes an id, nothing else', () => {
  it.each([
    '/article/..%2Fadmin%2Fusers', '/article/..%2F..%2Fapi%2Fadmin%2Fusers', '/article/1%2F..%2F..%2Fadmin%2Fusers', '/article/%2e%2e%2fadmin',
    '/article/%E0%A4%A', '/article/1e3', '/article/-1', '/article/0', '/article/1%00', '/article/99999999999999999999',
    '/podcast/..%2F..%2Fadmin%2Fusers', '/podcast-series/..%2Fadmin', '/people/abc', '/journalists/1;DROP',
    '/watch/..%2F..%2Fadmin%2Fusers', '/watch/%2e%2e%2f%2e%2e%2fadmin',
  ])('answers %s with the 404 page and reads no admin data', async (route) => {
    const superAdmin = await signedInUser(server.url, server.db, { role: 'super_admin' });
    // Someone the user list would show: the page must not.
    const listed = await signedInUser(server.url, server.db);
    const response = await superAdmin.client.get(route);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(response.text).not.toContain(listed.email);
    expect(response.text).not.toContain('/api/admin/users');
  });
});

describe('images in a rendered page', () => {
  it('carry sizes only beside a srcset: an image without variants has neither, as HTML requires', async () => {
    const images = async (path: string) => [...(await anonymous.get(path)).text.matchAll(/<img [^>]*>/g)].map(([tag]) => tag);
    // HTML attribute names are case-insensitive (React writes srcSet).
    const sizesAlone = (tag: string) => / sizes="/i.test(tag) && !/ srcset="/i.test(tag);
    const outside = await insertArticle(server, { title: 'Bilder utan varianter', imageUrl: 'https://bilder.example/bro.jpg', authorImage: '/images/byline.svg' });
    const plain = await images(`/article/${outside}`);
    expect(plain.filter((tag) => tag.includes('https://bilder.example/bro.jpg') || tag.includes('/images/byline.svg'))).toHaveLength(2);
    expect(plain.filter(sizesAlone)).toEqual([]);
    const uploaded = await insertArticle(server, { title: 'Bilder med varianter', imageUrl: '/uploads/images/bro.jpg' });
    const [picture] = (await images(`/article/${uploaded}`)).filter((tag) => tag.includes('src="/uploads/images/bro.jpg"'));
    expect(picture).toMatch(/ srcset="\/uploads\/images\/bro\.jpg\?w=\d+ \d+w/i);
    expect(picture).toMatch(/ sizes="\(max-width: 1200px\) 100vw, 1200px"/);
  });
});

const article = (overrides: Record<string, unknown> = {}) => ({
  title: 'Sidcachen i riksdagen', content: 'Första stycket.\n\nAndra stycket.', excerpt: 'En kort ingress.',
  category: 'politics', author: 'Karin Ek', readTime: 4, status: 'published', ...overrides,
});

describe('a signed-out page is shared', () => {
  it('sets no cookie, may be kept by a CDN, carries an ETag answered with 304 and names what chooses its variant', async () => {
    const id = await insertArticle(server, { title: 'Delad sida' });
    const first = await anonymous.get(`/article/${id}`);
    const again = await anonymous.get(`/article/${id}`);
    for (const page of [first, again]) {
      expect(page.status).toBe(200);
      expect(page.headers.getSetCookie()).toEqual([]);
      expect(page.headers.get('cache-control')).toMatch(/^public, .*s-maxage=\d+/);
      // A browser's cache serves nothing stale (Chromium applies stale-while-revalidate to fetch()); a CDN may.
      expect(page.headers.get('cache-control')).not.toMatch(/stale/);
      expect(page.headers.get('cdn-cache-control')).toMatch(/stale-while-revalidate=\d+/);
      expect(page.headers.get('vary')).toMatch(/Accept-Language/);
      expect(page.headers.get('vary')).toMatch(/Cookie/);
      expect(page.text).toContain('Delad sida');
    }
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect(again.headers.get('etag')).toBe(etag);
    const revalidated = await anonymous.get(`/article/${id}`, { 'If-None-Match': etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.text).toBe('');
  });

  it('keeps one page per language and theme', async () => {
    const english = await anonymous.get('/news', { 'Accept-Language': 'en-GB,en;q=0.9' });
    const swedish = await anonymous.get('/news', { 'Accept-Language': 'sv-SE,sv;q=0.9' });
    const dark = await anonymous.get('/news', { 'Accept-Language': 'en', Cookie: 'redaktion.prefs=sv.dark' });
    expect(english.text).toContain('<html lang="en" data-theme="light">');
    expect(swedish.text).toContain('<html lang="sv" data-theme="light">');
    expect(dark.text).toContain('<html lang="sv" data-theme="dark">');
    expect((await anonymous.get('/news', { 'Accept-Language': 'en' })).text).toContain('<html lang="en"');
  });

  it('never gives a signed-in reader the shared page, nor anyone else theirs', async () => {
    const id = await insertArticle(server, { title: 'Personlig sida' });
    await anonymous.get(`/article/${id}`);
    const reader = await signedInUser(server.url, server.db);
    const theirs = await reader.client.get(`/article/${id}`);
    expect(theirs.headers.get('cache-control')).toBe('private, no-store');
    expect(theirs.headers.get('etag')).toBeNull();
    expect(bootOf(theirs.text).user!.username).toBe(reader.username);
    const shared = await anonymous.get(`/article/${id}`);
    expect(bootOf(shared.text).user).toBeNull();
    expect(shared.text).not.toContain(reader.username);
    // A request with credentials of another kind is not served from the shared cache either.
    const withToken = await anonymous.get(`/article/${id}`, { Authorization: 'Bearer not-a-real-token' });
    expect(withToken.headers.get('cache-control')).toBe('private, no-store');
  });

  it('marks every answer to a signed-in reader private, no-store', async () => {
    const user = await signedInUser(server.url, server.db);
    for (const path of ['/api/user', '/api/articles?limit=2', '/api/config', '/news']) {
      expect((await user.client.get(path)).headers.get('cache-control')).toBe('private, no-store');
    }
    expect((await anonymous.get('/api/articles?limit=2')).headers.get('cache-control')).toBe('no-cache');
  });

  it('shows an admin\'s edit on the next signed-out page, and a scheduled article when its time comes', async () => {
    const admin = await signedInUser(server.url, server.db, { role: 'admin' });
    const created = await admin.client.post('/api/admin/articles', article());
    expect(created.status).toBe(201);
    expect((await anonymous.get(`/article/${created.body.id}`)).text).toContain('Sidcachen i riksdagen');
    expect((await admin.client.request('PUT', `/api/admin/articles/${created.body.id}`, article({ title: 'Ny rubrik direkt' }))).status).toBe(200);
    expect((await anonymous.get(`/article/${created.body.id}`)).text).toContain('Ny rubrik direkt');

    const before = await anonymous.get('/news?category=culture');
    await insertArticle(server, { title: 'Publiceras strax', category: 'culture', publishedAt: new Date(Date.now() + 1500).toISOString() });
    expect(before.text).not.toContain('Publiceras strax');
    let seen = false;
    const deadline = Date.now() + 5000;
    while (!seen && Date.now() < deadline) {
      seen = (await anonymous.get('/news?category=culture')).text.includes('Publiceras strax');
      if (!seen) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(seen).toBe(true);
  });

  // Only PostgreSQL is shared by several API processes; the embedded SQLite has one.
  if (engine === 'postgres') it('shows an admin\'s edit on the signed-out page of another process within a second', async () => {
    const other = await startTestServer({ database: server.database });
    try {
      const elsewhere = new HttpClient(other.url);
      const admin = await signedInUser(server.url, server.db, { role: 'admin' });
      const created = await admin.client.post('/api/admin/articles', article({ title: 'Före ändringen' }));
      expect((await elsewhere.get(`/article/${created.body.id}`)).text).toContain('Före ändringen');
      expect((await elsewhere.get(`/article/${created.body.id}`)).text).toContain('Före ändringen');
      await admin.client.request('PUT', `/api/admin/articles/${created.body.id}`, article({ title: 'Efter ändringen' }));
      const edited = Date.now();
      let seenAfter = Infinity;
      while (Date.now() - edited < 1000) {
        if ((await elsewhere.get(`/article/${created.body.id}`)).text.includes('Efter ändringen')) {
          seenAfter = Date.now() - edited;
          break;
        }
      }
      expect(seenAfter).toBeLessThan(1000);
    } finally {
      await other.close();
    }
  });
});

describe('overload is refused, not queued', () => {
  // On SQLite a page's reads never leave the event loop, so renders never wait in line beside each other.
  if (engine === 'postgres') it('answers 503 with Retry-After to renders that waited past their budget, and every cached page at once', async () => {
    // The article first: its change notice must not reach the busy process after it has cached the page.
    const id = await insertArticle(server, { title: 'Under belastning' });
    const busy = await startTestServer({ database: server.database, env: { WORK_CONCURRENCY: '1', QUEUE_BUDGET_MS: '30' } });
    try {
      const client = new HttpClient(busy.url);
      expect((await client.get(`/article/${id}`)).status).toBe(200);
      // Twenty pages nobody asked for yet (each must be rendered) beside twenty readers of the cached one.
      const [renders, cached] = await Promise.all([
        Promise.all(Array.from({ length: 20 }, (_, n) => client.get(`/article/${id}?variant=${n}`))),
        Promise.all(Array.from({ length: 20 }, () => client.get(`/article/${id}`))),
      ]);
      expect(cached.map((page) => page.status)).toEqual(Array(20).fill(200));
      const refused = renders.filter((page) => page.status === 503);
      expect(refused.length).toBeGreaterThan(0);
      for (const page of refused) {
        expect(page.headers.get('retry-after')).toBe('1');
        expect(page.headers.get('cache-control')).toBe('no-store');
      }
      for (const page of renders.filter((p) => p.status !== 503)) expect(page.text).toContain('Under belastning');
    } finally {
      await busy.close();
    }
  });

  it('stops a render that runs past its time budget and answers 503', async () => {
    const slow = await startTestServer({ database: server.database, env: { RENDER_BUDGET_MS: '1' } });
    try {
      const page = await new HttpClient(slow.url).get('/news');
      expect(page.status).toBe(503);
      expect(page.headers.get('retry-after')).toBe('1');
    } finally {
      await slow.close();
    }
  });
});

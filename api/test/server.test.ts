import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idParam, MAX_ID } from '@redaktion/shared';
import { DEMO_PUBLISHER, loadConfig } from '../src/config.js';
import { insertArticle } from './support/fixtures.js';
import { HttpClient, requestAsWritten } from './support/http-client.js';
import { postForm } from './support/media.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { signedInUser } from './support/users.js';

let server: TestServer;
let client: HttpClient;
beforeAll(async () => {
  server = await startTestServer();
  client = new HttpClient(server.url);
});
afterAll(async () => { await server?.close(); });

const raw = (method: string, path: string) => requestAsWritten(server.url, method, path);

describe('security headers', () => {
  it('sends nosniff, a referrer policy and a CSP without unsafe-inline scripts or third parties when nothing is configured', async () => {
    for (const path of ['/', '/api/articles', '/api/nothing-here']) {
      const response = await client.get(path);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      const csp = response.headers.get('content-security-policy')!;
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).not.toContain('stripe.com');
      expect(csp).not.toContain('youtube');
      expect(csp).toContain("frame-ancestors 'none'");
    }
  });

  it('allows a page\'s one inline script, the one that holds early taps, by its hash', async () => {
    const page = await client.get('/');
    const inline = [...page.text.matchAll(/<script>(.*?)<\/script>/gs)].map((match) => match[1]!);
    expect(inline).toHaveLength(1);
    const scriptSrc = page.headers.get('content-security-policy')!.split('; ').find((directive) => directive.startsWith('script-src '));
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${createHash('sha256').update(inline[0]!).digest('base64')}'`);
  });

  it('allows Stripe and the YouTube embed only when they are configured', async () => {
    const configured = await startTestServer({
      env: { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', YOUTUBE_CHANNEL_URL: 'https://www.youtube.com/@redaktion' },
    });
    try {
      const csp = (await fetch(configured.url + '/')).headers.get('content-security-policy')!;
      expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/);
      expect(csp).toMatch(/frame-src [^;]*https:\/\/www\.youtube-nocookie\.com/);
      expect(csp).toMatch(/img-src [^;]*https:\/\/i\.ytimg\.com/);
      const config = await (await fetch(configured.url + '/api/config')).json();
      expect(config.payments).toEqual({ enabled: true, publishableKey: 'pk_test_x', passPrices: { month: 149, year: 1490 } });
      expect(config.integrations.youtube).toBe(true);
    } finally {
      await configured.close();
    }
  });
});

describe('routing', () => {
  it('renders the PWA for its routes with 200, and a missing path or subject with 404 and the app', async () => {
    for (const path of ['/', '/news', '/podcasts', '/auth', '/dashboard/settings', '/admin']) {
      const response = await client.get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(response.text).toContain('<div id="root">');
    }
    for (const path of ['/finns/inte', '/article/12', '/podcast/3']) {
      const missing = await client.get(path);
      expect(missing.status, path).toBe(404);
      expect(missing.text).toContain('<div id="root">');
    }
  });

  it('takes ids up to the largest the database holds: past it every call that takes one answers 400, and its page 404', async () => {
    const superAdmin = (await signedInUser(server.url, server.db, { role: 'super_admin' })).client;
    // Every call whose id is a database row's (an AI job's id is a UUID).
    const calls = server.endpoints.filter((definition) => (definition.params as { shape?: { id?: unknown } } | undefined)?.shape?.id === idParam);
    expect(calls.length).toBeGreaterThan(30);
    for (const { method, path } of calls) {
      const url = path.replace(':id', String(MAX_ID + 1)).replace(/:\w+/g, 'x');
      const answer = await superAdmin.request(method.toUpperCase(), url, method === 'get' || method === 'delete' ? undefined : {});
      expect({ url, status: answer.status, error: answer.body?.error }).toEqual({ url, status: 400, error: 'Invalid id' });
    }
    const preview = await superAdmin.post('/api/admin/newsletter/preview', { articleIds: [MAX_ID + 1] });
    expect(preview.status).toBe(400);
    expect(preview.body.issues).toContainEqual({ path: 'articleIds.0', message: 'Invalid id' });
    expect((await client.get(`/api/articles/${MAX_ID}`)).status).toBe(404);
    for (const page of [`/article/${MAX_ID + 1}`, `/podcast/${MAX_ID}`]) expect((await client.get(page)).status, page).toBe(404);
  });

  it('sends a page asked with a trailing slash, or empty or dot segments, to its one address', async () => {
    const moved = [['/privacy/', '/privacy'], ['/terms/', '/terms'], ['/cookies/', '/cookies'], ['/privacy/.', '/privacy'], ['//', '/'],
      ['///', '/'], ['//evil.example/', '/evil.example'], ['/news/?category=sport', '/news?category=sport']];
    for (const [asked, canonical] of moved) {
      const answer = await raw('GET', asked!);
      expect({ asked, status: answer.status, location: answer.headers.location }).toEqual({ asked, status: 301, location: canonical });
    }
    for (const path of ['/privacy', '/terms', '/cookies']) expect((await client.get(path)).status, path).toBe(200);
  });

  it('answers a method a path does not take with 405 and the methods it does, TRACE included', async () => {
    const paths = ['/rss.xml', '/sitemap.xml', '/robots.txt', '/feeds/podcast-series/1.xml', '/api/articles', '/news', '/uploads/images/x.png'];
    for (const path of paths) {
      for (const method of path.startsWith('/news') || path.startsWith('/uploads') ? ['TRACE', 'PROPFIND'] : ['TRACE', 'PROPFIND', 'PUT']) {
        const answer = await raw(method, path);
        expect({ path, method, status: answer.status, allow: answer.headers.allow }).toEqual({ path, method, status: 405, allow: 'GET, HEAD' });
        expect(JSON.parse(answer.text)).toMatchObject({ code: 'method_not_allowed' });
      }
    }
    expect((await raw('TRACE', '/api/does-not-exist')).status).toBe(404);
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    const response = await client.get('/api/does-not-exist');
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ code: 'not_found' });
  });

  it('redirects /articles?category=x to /news?category=x', async () => {
    const response = await client.get('/articles?category=society');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/news?category=society');
  });

  it('serves hashed assets for a year and the shell for revalidation', async () => {
    const html = (await client.get('/')).text;
    const asset = /src="(\/assets\/index-[^"]+\.js)"/.exec(html)![1]!;
    const response = await fetch(server.url + asset);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect((await client.get('/')).headers.get('cache-control')).toMatch(/^public, .*s-maxage=/);
  });

  it("preloads the page's own chunk beside the app's, and never serves the build's hidden manifest", async () => {
    const home = (await client.get('/')).text;
    const preloads = [...home.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]!);
    expect(preloads.some((href) => /^\/assets\/Home-[\w-]+\.js$/.test(href))).toBe(true);
    expect(new Set(preloads).size).toBe(preloads.length);
    expect((await fetch(`${server.url}/.vite/manifest.json`)).status).toBe(404);
  });

  it("precaches the reader app for offline use, and none of the admin screens' code", async () => {
    const worker = await (await fetch(`${server.url}/sw.js`)).text();
    const precached = [...worker.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]!);
    expect(precached).toEqual(expect.arrayContaining(['index.html', 'manifest.sv.webmanifest', 'manifest.en.webmanifest']));
    const scripts = precached.filter((url) => url.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(5);
    for (const url of scripts) {
      // Words only the admin screens carry (their dialog titles).
      expect(await (await fetch(`${server.url}/${url}`)).text(), url).not.toMatch(/Create Interview Podcast|YouTube Channel Integration/);
    }
  });

  it("serves the hero's two built-in videos, and nothing else from beside them", async () => {
    for (const name of ['bakom-redaktionen.webm', 'klimatet-i-siffror.webm', 'bakom-redaktionen.jpg']) {
      const response = await fetch(`${server.url}/media/hero/${name}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^(video\/webm|image\/jpeg)/);
    }
    expect((await fetch(`${server.url}/media/hero/..%2F..%2Fapp.ts`)).status).toBe(404);
    expect((await fetch(`${server.url}/media/hero/okänd.webm`)).status).toBe(404);
  });

  it('sends pages compressed, and hashed assets from their build-time Brotli copies', async () => {
    const head = (path: string, encoding: string) => new Promise<Record<string, string | string[] | undefined>>((resolve, reject) => {
      http.get(server.url + path, { headers: { 'Accept-Encoding': encoding } }, (response) => {
        response.resume();
        resolve(response.headers);
      }).on('error', reject);
    });
    expect((await head('/', 'br, gzip'))['content-encoding']).toBe('br');
    expect((await head('/api/openapi.json', 'gzip'))['content-encoding']).toBe('gzip');
    const html = (await client.get('/')).text;
    const asset = /src="(\/assets\/index-[^"]+\.js)"/.exec(html)![1]!;
    const packed = await head(asset, 'br');
    expect(packed['content-encoding']).toBe('br');
    expect(Number(packed['content-length'])).toBeLessThan(0.4 * (await fetch(server.url + asset).then((r) => r.arrayBuffer())).byteLength);
    expect((await head(asset, 'identity'))['content-encoding']).toBeUndefined();
  });

  it('does not leave the uploads folder', async () => {
    expect((await fetch(`${server.url}/uploads/..%2f..%2fsession-secret`)).status).toBe(404);
    expect((await fetch(`${server.url}/uploads/%2e%2e/session-secret`)).status).toBe(404);
  });

  it('serves the API under its paths as written only, so that no other spelling escapes those rules', async () => {
    const user = await signedInUser(server.url, server.db);
    const { token } = (await user.client.post('/api/tokens', { name: 'Skript' })).body as { token: string };
    for (const path of ['/API/user', '/Api/tokens', '/api/USER']) {
      for (const answer of [await user.client.get(path), await new HttpClient(server.url).request('GET', path, undefined, { Authorization: `Bearer ${token}` })]) {
        expect(answer.status, path).toBe(404);
        expect(answer.body).toEqual({ error: `No such API endpoint: GET ${path}`, code: 'not_found' });
      }
    }
  });
});

describe('writes from another site are refused', () => {
  it('refuses a foreign Origin, Origin: null and a foreign Referer with 403, and lets its own site, curl and bearer clients through', async () => {
    const user = await signedInUser(server.url, server.db);
    const patch = (headers: Record<string, string>) => user.client.request('PATCH', '/api/user/profile', { firstName: 'Ändrad' }, headers);
    const foreign: Record<string, string>[] = [{ Origin: 'https://evil.example' }, { Origin: 'null' }, { Origin: 'http://sub.127.0.0.1:1' },
      { Referer: 'https://evil.example/page' }, { Referer: 'not a url' }];
    for (const headers of foreign) {
      const refused = await patch(headers);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ error: 'This request came from another site and was refused', code: 'cross_site_request' });
    }
    expect((await server.db('users').where({ id: user.id }).first()).firstName).toBeNull();
    expect((await patch({ Origin: server.url })).status).toBe(200);
    expect((await patch({ Referer: `${server.url}/dashboard/profile` })).status).toBe(200);
    expect((await patch({})).status).toBe(200);
    // A bearer token without the session cookie is not something a browser attaches on its own.
    const bearer = await new HttpClient(server.url).request('PATCH', '/api/user/profile', { firstName: 'X' },
      { Origin: 'https://evil.example', Authorization: 'Bearer some-token' });
    expect(bearer.status).toBe(401);
    // The session cookie beside a bearer header is still a browser's request.
    expect((await patch({ Origin: 'https://evil.example', Authorization: 'Bearer some-token' })).status).toBe(403);
  });

  it('refuses a cross-site multipart upload by an admin and keeps nothing', async () => {
    const admin = await signedInUser(server.url, server.db, { role: 'admin' });
    const cookies = [...admin.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const jpeg = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#246' } }).jpeg().toBuffer();
    const images = path.join(server.config.dataDir, 'uploads', 'images');
    const before = await readdir(images).catch(() => []);
    const response = await postForm(server.url, '/api/upload', cookies, { file: [jpeg, 'a.jpg'] }, {}, { Origin: 'https://sibling.example' });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('cross_site_request');
    expect(await readdir(images).catch(() => [])).toEqual(before);
  });

  it('takes PUBLIC_ORIGIN as the site\'s own origin when it is set', async () => {
    const site = await startTestServer({ env: { PUBLIC_ORIGIN: 'https://redaktion.example' } });
    try {
      const user = await signedInUser(site.url, site.db);
      const patch = (origin: string) => user.client.request('PATCH', '/api/user/profile', { firstName: 'Y' }, { Origin: origin });
      expect((await patch('https://redaktion.example')).status).toBe(200);
      expect((await patch(site.url)).status).toBe(403);
    } finally {
      await site.close();
    }
  });
});

describe('reference and meta calls', () => {
  it('publishes an OpenAPI document made from the schemas, and a readable reference', async () => {
    const { status, body } = await client.get('/api/openapi.json');
    expect(status).toBe(200);
    expect(body.openapi).toBe('3.0.3');
    expect(body.paths['/api/articles'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['limit', 'offset', 'category', 'q']),
    );
    expect(body.components.schemas.RegisterRequestInput.required).toEqual(
      expect.arrayContaining(['username', 'email', 'password']),
    );
    expect(body.paths['/api/podcasts/{id}/audio'].get).toBeDefined();
    expect(body.paths['/api/upload'].post.requestBody.content['multipart/form-data'].schema.required).toEqual(['file']);
    expect(body.paths['/api/admin/articles'].post.responses['403']).toBeDefined();
    const docs = await client.get('/api/docs');
    expect(docs.headers.get('content-type')).toMatch(/text\/html/);
    expect(docs.text).toContain('/api/articles');
    expect(docs.text).toContain('curl');
  });

  it('tells the browser which integrations are on', async () => {
    const { body } = await client.get('/api/config');
    expect(body).toEqual({
      payments: { enabled: false, publishableKey: null, passPrices: { month: 149, year: 1490 } },
      integrations: { ai: false, aiAudio: false, pexels: false, youtube: false, email: false },
      vapidPublicKey: expect.stringMatching(/^[\w-]{87}$/),
      meter: { freeArticles: 3 },
      gifts: { perMonth: 10 },
      site: { responsiblePublisher: DEMO_PUBLISHER, accessibilityContact: 'no-reply@redaktion.example' },
      insight: { askConsent: false },
    });
    // The newsroom's figures ask first where the publisher says so (contract §9 [insight]); a typo stops the start.
    expect(loadConfig({ DATA_DIR: server.config.dataDir, INSIGHT_CONSENT: '1' }).insight).toEqual({ askConsent: true });
    expect(() => loadConfig({ DATA_DIR: server.config.dataDir, INSIGHT_CONSENT: 'ja' })).toThrow("INSIGHT_CONSENT must be 1 or 0, not 'ja'");
  });

  it('sends speech work to its own server with its own key, else to the text integration\'s (contract §9 [voice])', () => {
    const env = { DATA_DIR: server.config.dataDir };
    const speech = (more: Record<string, string>) => {
      const { configured, apiKey, baseUrl } = loadConfig({ ...env, ...more }).aiAudio;
      return { configured, apiKey, baseUrl };
    };
    expect(speech({})).toEqual({ configured: false, apiKey: null, baseUrl: null });
    expect(speech({ OPENAI_API_KEY: 'sk-text', OPENAI_BASE_URL: 'https://ai.example' }))
      .toEqual({ configured: true, apiKey: 'sk-text', baseUrl: 'https://ai.example' });
    // A server of the newsroom's own never receives the text provider's key; it may need none.
    expect(speech({ OPENAI_API_KEY: 'sk-text', AI_AUDIO_BASE_URL: 'http://127.0.0.1:8000' }))
      .toEqual({ configured: true, apiKey: null, baseUrl: 'http://127.0.0.1:8000' });
    expect(speech({ OPENAI_API_KEY: 'sk-text', AI_AUDIO_BASE_URL: 'http://127.0.0.1:8000', AI_AUDIO_API_KEY: 'sk-speech' }))
      .toEqual({ configured: true, apiKey: 'sk-speech', baseUrl: 'http://127.0.0.1:8000' });
    expect(() => loadConfig({ ...env, AI_SPEECH_MAX_CHARS: 'many' })).toThrow(/AI_SPEECH_MAX_CHARS must be a whole number from 1/);
  });

  it('reads the responsible publisher and the accessibility contact: configured, else none invented in production', () => {
    const env = { DATA_DIR: server.config.dataDir, PUBLIC_ORIGIN: 'https://redaktion.example', MAIL_FROM: 'Redaktion <hej@redaktion.example>' };
    expect(loadConfig({ ...env, RESPONSIBLE_PUBLISHER: 'Anna Ansvarig', ACCESSIBILITY_CONTACT: 'tillganglighet@redaktion.example' }).site)
      .toEqual({ responsiblePublisher: 'Anna Ansvarig', accessibilityContact: 'tillganglighet@redaktion.example' });
    expect(loadConfig({ ...env, NODE_ENV: 'production' }).site).toEqual({ responsiblePublisher: null, accessibilityContact: 'hej@redaktion.example' });
    expect(() => loadConfig({ ...env, ACCESSIBILITY_CONTACT: 'Redaktion <a@redaktion.example>' })).toThrow(/ACCESSIBILITY_CONTACT must be a bare e-mail address/);
  });

  it('draws placeholders within bounds', async () => {
    const response = await client.get('/api/placeholder/400/300');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/image\/svg\+xml/);
    expect(response.text).toContain('width="400"');
    for (const bad of ['/api/placeholder/0/300', '/api/placeholder/5000/10', '/api/placeholder/abc/10']) {
      expect((await client.get(bad)).status).toBe(400);
    }
  });
});

/** Every absolute URL in a page or a feed, by origin. */
const originsIn = (text: string) => new Set([...text.matchAll(/https?:\/\/[^/"'<\s]+/g)].map((match) => match[0]));

describe('links are built on PUBLIC_ORIGIN, never on the Host header', () => {
  it('never lets a forged Host header into the page or the feed another reader is served from the cache', async () => {
    const id = await insertArticle(server, { title: 'Värdhuvudet' });
    for (const path of [`/article/${id}`, '/rss.xml']) {
      const forged = await requestAsWritten(server.url, 'GET', path, { Host: 'evil.example' });
      expect(forged.status, path).toBe(200);
      const answer = await new HttpClient(server.url).get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.text, path).toContain(server.url);
      expect([...originsIn(answer.text)].filter((origin) => origin.includes('evil.example')), path).toEqual([]);
    }
  });

  it('builds pages\' and feeds\' links on PUBLIC_ORIGIN when set, whatever the Host header says', async () => {
    const site = await startTestServer({ env: { PUBLIC_ORIGIN: 'https://redaktion.example' } });
    try {
      const id = await insertArticle(site, { title: 'Värdhuvudet' });
      for (const path of [`/article/${id}`, '/rss.xml']) {
        const forged = await requestAsWritten(site.url, 'GET', path, { Host: 'evil.example' });
        expect(forged.status, path).toBe(200);
        expect(forged.text, path).toContain(`https://redaktion.example/article/${id}`);
        expect([...originsIn(forged.text)].filter((origin) => origin.includes('evil.example')), path).toEqual([]);
      }
    } finally {
      await site.close();
    }
  });

  it('refuses to start in production without PUBLIC_ORIGIN, naming the variable', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: server.config.dataDir })).toThrow(/PUBLIC_ORIGIN is required/);
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'redaktion.se', DATA_DIR: server.config.dataDir })).toThrow(/PUBLIC_ORIGIN must be/);
  });
});

describe('Secure cookies and HSTS follow PUBLIC_ORIGIN', () => {
  /** Registers on a server started with `env`: the session cookie it sets, and the HSTS header of its answer. */
  async function signUpOn(env: Record<string, string>, headers: Record<string, string> = {}) {
    const server = await startTestServer({ env });
    try {
      const client = new HttpClient(server.url);
      const response = await client.request('POST', '/api/register', { username: 'https_user', email: 'https@example.se', password: 'lösenord123' }, headers);
      expect(response.status).toBe(201);
      return { cookie: client.lastSetCookie.find((cookie) => cookie.startsWith('redaktion.sid=')), hsts: response.headers.get('strict-transport-security') };
    } finally {
      await server.close();
    }
  }

  it('marks the session cookie Secure behind a TLS proxy and sends HSTS in production', async () => {
    const answer = await signUpOn({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://redaktion.example', TRUST_PROXY: '1' }, { 'X-Forwarded-Proto': 'https' });
    expect(answer.cookie).toMatch(/; secure/i);
    expect(answer.hsts).toBe('max-age=31536000; includeSubDomains');
  });

  it('does so on an https site whatever NODE_ENV says', async () => {
    const answer = await signUpOn({ PUBLIC_ORIGIN: 'https://redaktion.example' });
    expect(answer.cookie).toMatch(/; secure/i);
    expect(answer.hsts).toBe('max-age=31536000; includeSubDomains');
  });

  it('does neither on a plain-http site, in production too (a Secure cookie would never come back)', async () => {
    const answer = await signUpOn({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'http://intranat.example' });
    expect(answer.cookie).toBeDefined();
    expect(answer.cookie).not.toMatch(/secure/i);
    expect(answer.hsts).toBeNull();
  });
});

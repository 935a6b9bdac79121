import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PUBLISHER } from '../src/config.js';
import { HttpClient } from './support/http-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/**
 * Contract §9 [revenue]: the accessibility statement at /tillganglighet and /accessibility, and the responsible
 * publisher in the footer of every page, both in the server's HTML (before any script runs).
 */
let demo: TestServer;
let configured: TestServer;
beforeAll(async () => {
  [demo, configured] = await Promise.all([
    startTestServer(),
    startTestServer({ env: { RESPONSIBLE_PUBLISHER: 'Anna Ansvarig', ACCESSIBILITY_CONTACT: 'tillganglighet@redaktion.example' } }),
  ]);
});
afterAll(async () => {
  await Promise.all([demo?.close(), configured?.close()]);
});

const page = (server: TestServer, path: string, language: 'sv' | 'en') =>
  new HttpClient(server.url).request('GET', path, undefined, { 'Accept-Language': language === 'sv' ? 'sv-SE,sv;q=0.9' : 'en-GB,en;q=0.9' });

const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1];
const h1Of = (html: string) => /<h1[^>]*>([^<]+)<\/h1>/.exec(html)?.[1];

describe('the accessibility statement', () => {
  it.each([
    ['/tillganglighet', 'sv', 'Tillgänglighetsredogörelse', '/tillganglighet'],
    ['/accessibility', 'sv', 'Tillgänglighetsredogörelse', '/tillganglighet'],
    ['/accessibility', 'en', 'Accessibility statement', '/accessibility'],
    ['/tillganglighet', 'en', 'Accessibility statement', '/accessibility'],
  ] as const)('%s in %s: rendered on the server, its canonical address the one of the reader’s language', async (path, language, title, canonical) => {
    const answer = await page(demo, path, language);
    expect(answer.status).toBe(200);
    expect(h1Of(answer.text)).toBe(title);
    expect(canonicalOf(answer.text)).toBe(`${demo.url}${canonical}`);
    // The footer links to it at the address of the reader's language.
    expect(answer.text).toContain(`href="${canonical}"`);
  });

  it('says where to report a problem: ACCESSIBILITY_CONTACT, else MAIL_FROM’s address; and names the supervisory authority', async () => {
    const own = await page(configured, '/tillganglighet', 'sv');
    expect(own.text).toContain('href="mailto:tillganglighet@redaktion.example"');
    expect(own.text).toContain('href="https://www.pts.se/"');
    expect(own.text).toContain('27 november 2026');
    expect((await page(demo, '/accessibility', 'en')).text).toContain('href="mailto:no-reply@redaktion.example"');
  });

  it('is in the sitemap of pages at both addresses', async () => {
    const sitemap = await new HttpClient(demo.url).get('/sitemap-pages.xml');
    expect(sitemap.text).toContain(`<loc>${demo.url}/tillganglighet</loc>`);
    expect(sitemap.text).toContain(`<loc>${demo.url}/accessibility</loc>`);
  });
});

describe('the responsible publisher', () => {
  it.each(['/', '/auth', '/subscribe', '/dashboard', '/no-such-page'])('%s names RESPONSIBLE_PUBLISHER in the footer of the server’s HTML', async (path) => {
    const swedish = await page(configured, path, 'sv');
    expect(swedish.text).toContain('<p class="footer-publisher">Ansvarig utgivare: Anna Ansvarig</p>');
    expect((await page(configured, path, 'en')).text).toContain('<p class="footer-publisher">Responsible publisher: Anna Ansvarig</p>');
  });

  it('names the demo publication’s fictional publisher when none is configured (npm start)', async () => {
    expect((await page(demo, '/', 'sv')).text).toContain(`Ansvarig utgivare: ${DEMO_PUBLISHER}`);
  });
});

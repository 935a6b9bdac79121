import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './support/http-client.js';
import { insertArticle } from './support/fixtures.js';
import { startTestServer, type TestServer } from './support/test-server.js';
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

  it('shows staff a draft and everyone else the not-found page', async () => {
    const id = await insertArticle(server, { title: 'Utkast i redaktionen', status: 'draft', publishedAt: null });
    const admin = await signedInUser(server.url, server.db, { role: 'admin' });
    expect((await admin.client.get(`/article/${id}`)).text).toContain('Utkast i redaktionen');
    const missing = await anonymous.get(`/article/${id}`);
    expect(missing.status).toBe(404);
    expect(missing.text).not.toContain('Utkast i redaktionen');
  });
});

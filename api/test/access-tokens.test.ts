import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertArticle } from './support/fixtures.js';
import { HttpClient } from './support/http-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { signedInUser } from './support/users.js';

let server: TestServer;
const logged: unknown[][] = [];

beforeAll(async () => {
  server = await startTestServer();
  // Everything the server process writes to its log during these tests, to check that no token is in it.
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => { logged.push(args); });
  }
});
afterAll(async () => {
  vi.restoreAllMocks();
  await server?.close();
});
afterEach(() => server.db('users').update({ active: true }));

/** A client that sends only a bearer token, as the desktop app and curl do: no cookie. */
const withToken = (token: string, method: string, path: string, body?: unknown) =>
  new HttpClient(server.url).request(method, path, body, { Authorization: `Bearer ${token}` });

async function tokenFor(options: Parameters<typeof signedInUser>[2] = {}) {
  const user = await signedInUser(server.url, server.db, options);
  const created = await user.client.post('/api/tokens', { name: 'Skrivbordsappen' });
  expect(created.status).toBe(201);
  return { ...user, token: created.body.token as string, tokenId: created.body.id as number };
}

describe('personal access tokens', () => {
  it('are created in a signed-in session, shown once and stored only as a hash', async () => {
    const { client } = await signedInUser(server.url, server.db);
    const created = await client.post('/api/tokens', { name: ' Min laptop ' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(Number), name: 'Min laptop', token: expect.stringMatching(/^rdk_[A-Za-z0-9_-]{43}$/), createdAt: expect.any(String) });

    const rows = await server.db('access_tokens').select();
    expect(JSON.stringify(rows)).not.toContain(created.body.token);
    expect(rows.find((row) => row.id === created.body.id)?.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const listed = await client.get('/api/tokens');
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([{ id: created.body.id, name: 'Min laptop', createdAt: created.body.createdAt, lastUsedAt: null }]);
    expect(listed.text).not.toContain(created.body.token);
  });

  it('need a name and a signed-in user', async () => {
    const { client } = await signedInUser(server.url, server.db);
    expect(await client.post('/api/tokens', { name: '  ' })).toMatchObject({ status: 400, body: { error: 'Token name is required' } });
    const anonymous = new HttpClient(server.url);
    expect((await anonymous.post('/api/tokens', { name: 'x' })).status).toBe(401);
    expect((await anonymous.get('/api/tokens')).status).toBe(401);
  });

  it('sign calls in as their user without a cookie, and record when they were last used', async () => {
    const { token, id, username } = await tokenFor();
    const me = await withToken(token, 'GET', '/api/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id, username });
    // A token call starts no session.
    expect(me.headers.getSetCookie()).toEqual([]);
    const listed = await withToken(token, 'GET', '/api/tokens');
    expect(listed.body[0].lastUsedAt).toEqual(expect.any(String));
  });

  it('cannot mint further tokens', async () => {
    const { token } = await tokenFor();
    const minted = await withToken(token, 'POST', '/api/tokens', { name: 'Ännu en' });
    expect(minted.status).toBe(403);
    expect(minted.body.error).toBe('Sign in with your password to create a token');
  });

  it("carry the user's current role, checked on every call", async () => {
    const { token, id } = await tokenFor();
    expect((await withToken(token, 'GET', '/api/admin/articles')).status).toBe(403);
    await server.db('users').where({ id }).update({ role: 'admin' });
    expect((await withToken(token, 'GET', '/api/admin/articles')).status).toBe(200);
    const created = await withToken(token, 'POST', '/api/admin/articles', { title: 'Via token', content: 'Text', excerpt: 'Kort', category: 'news', author: 'A' });
    expect(created.status).toBe(201);
    await server.db('users').where({ id }).update({ role: 'user' });
    expect((await withToken(token, 'GET', '/api/admin/articles')).status).toBe(403);
    expect((await withToken(token, 'GET', '/api/admin/users')).status).toBe(403);
  });

  it('die the moment they are revoked, and only their owner can revoke them', async () => {
    const owner = await tokenFor();
    const other = await signedInUser(server.url, server.db);
    expect((await other.client.delete(`/api/tokens/${owner.tokenId}`)).status).toBe(404);
    expect((await withToken(owner.token, 'GET', '/api/user')).status).toBe(200);

    expect((await owner.client.delete(`/api/tokens/${owner.tokenId}`)).status).toBe(204);
    const after = await withToken(owner.token, 'GET', '/api/user');
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ error: 'The access token is invalid or has been revoked', code: 'not_authenticated' });
    // Even a public read refuses a dead token rather than silently treating the caller as signed out.
    expect((await withToken(owner.token, 'GET', '/api/articles')).status).toBe(401);
    expect((await owner.client.get('/api/tokens')).body).toEqual([]);
  });

  it('may revoke themselves (the desktop app signing out)', async () => {
    const { token, tokenId } = await tokenFor();
    expect((await withToken(token, 'DELETE', `/api/tokens/${tokenId}`)).status).toBe(204);
    expect((await withToken(token, 'GET', '/api/user')).status).toBe(401);
  });

  it('die the moment their user is deactivated', async () => {
    const { token, id } = await tokenFor({ role: 'admin' });
    expect((await withToken(token, 'GET', '/api/admin/articles')).status).toBe(200);
    await server.db('users').where({ id }).update({ active: false });
    expect((await withToken(token, 'GET', '/api/admin/articles')).status).toBe(401);
    expect((await withToken(token, 'GET', '/api/user')).status).toBe(401);
  });

  it('stay dead when a super admin deactivates their user and later reactivates them', async () => {
    const { token, id } = await tokenFor();
    const { client: superAdmin } = await signedInUser(server.url, server.db, { role: 'super_admin' });
    expect((await superAdmin.patch(`/api/admin/users/${id}`, { active: false })).status).toBe(200);
    expect((await superAdmin.patch(`/api/admin/users/${id}`, { active: true })).status).toBe(200);
    expect((await withToken(token, 'GET', '/api/user')).status).toBe(401);
  });

  it('die when the password is reset (an account recovered may have been someone else\'s)', async () => {
    const { token, id } = await tokenFor();
    // A reset link as the e-mail would carry it: only its SHA-256 is stored.
    const link = 'aterstallning-for-test-0123456789';
    await server.db('password_reset_tokens').insert({
      token: createHash('sha256').update(link).digest('hex'), userId: id, expiresAt: new Date(Date.now() + 60_000).toISOString(), used: false, createdAt: new Date().toISOString(),
    });
    const reset = await new HttpClient(server.url).post('/api/auth/reset-password', { token: link, newPassword: 'ett-nytt-lösenord' });
    expect(reset.status).toBe(200);
    expect((await withToken(token, 'GET', '/api/user')).status).toBe(401);
  });

  it('refuse tokens that were never issued', async () => {
    for (const value of ['rdk_' + 'A'.repeat(43), 'nonsense', 'rdk_short']) {
      const answer = await withToken(value, 'GET', '/api/user');
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    }
  });

  it('are never answered from the signed-out readers\' cache', async () => {
    const articleId = await insertArticle(server, { title: 'Premiumanalys', premium: true, content: 'Bara för prenumeranter.' });
    const anonymous = new HttpClient(server.url);
    // Twice, so that the reader's answer is certainly in the cache.
    for (let i = 0; i < 2; i += 1) expect((await anonymous.get(`/api/articles/${articleId}`)).body).toMatchObject({ locked: true });
    const { token } = await tokenFor({ subscriptionStatus: 'active' });
    const asSubscriber = await withToken(token, 'GET', `/api/articles/${articleId}`);
    expect(asSubscriber.body).toMatchObject({ locked: false, content: 'Bara för prenumeranter.' });
    // And a subscriber's answer never reaches a reader afterwards.
    expect((await anonymous.get(`/api/articles/${articleId}`)).body).toMatchObject({ locked: true });
  });

  it('never appear in the log', () => {
    expect(JSON.stringify(logged.map((args) => args.map(String)))).not.toMatch(/rdk_/);
  });
});

import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HttpClient, requestAsWritten } from './support/http-client.js';
import { mailsIn, resetLinkIn, waitForFolderMail } from './support/mail-folder.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { signedInUser } from './support/users.js';

/** The server trusts X-Forwarded-For here, so that a test can be a client address of its own for the login throttle. */
let server: TestServer;
beforeAll(async () => { server = await startTestServer({ env: { TRUST_PROXY: '1' } }); });
afterAll(async () => { await server?.close(); });

const fresh = () => new HttpClient(server.url);
let addresses = 0;
/** A browser-like client from an address of its own. */
const fromNewAddress = () => {
  addresses += 1;
  return new HttpClient(server.url, `10.0.${Math.floor(addresses / 250)}.${addresses % 250}`);
};

describe('registration', () => {
  it('creates the account, signs it in and answers the user without secrets', async () => {
    const client = fresh();
    const response = await client.post('/api/register', { username: 'Astrid.L', email: 'Astrid@Example.se', password: 'lösenord123' });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ username: 'Astrid.L', email: 'astrid@example.se', role: 'user', active: true, subscriptionPlan: null });
    expect(response.body).not.toHaveProperty('password');
    expect(response.body).not.toHaveProperty('stripeCustomerId');
    const me = await client.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body.username).toBe('Astrid.L');
  });

  it('sets an HttpOnly, SameSite=Lax session cookie (not Secure outside production)', async () => {
    const client = fresh();
    await client.post('/api/register', { username: 'cookiecheck', email: 'cookie@example.se', password: 'lösenord123' });
    const session = client.lastSetCookie.find((cookie) => cookie.startsWith('redaktion.sid='));
    expect(session).toBeDefined();
    expect(session).toMatch(/httponly/i);
    expect(session).toMatch(/samesite=lax/i);
    expect(session).not.toMatch(/secure/i);
    expect(client.lastSetCookie.some((cookie) => cookie.startsWith('redaktion.sid.sig='))).toBe(true);
  });

  it('refuses usernames and e-mails taken in another case with 409, without saying which', async () => {
    await fresh().post('/api/register', { username: 'Bertil', email: 'bertil@example.se', password: 'lösenord123' });
    const sameName = await fresh().post('/api/register', { username: 'BERTIL', email: 'other@example.se', password: 'lösenord123' });
    expect(sameName.status).toBe(409);
    expect(sameName.body).toEqual({ error: 'Username or email already registered', code: 'account_taken' });
    const sameEmail = await fresh().post('/api/register', { username: 'bertil2', email: 'BERTIL@example.SE', password: 'lösenord123' });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.code).toBe('account_taken');
  });

  it('does not say whether the username or the e-mail is the one taken', async () => {
    const user = await signedInUser(server.url, server.db);
    const sameName = await fresh().post('/api/register', { username: user.username.toUpperCase(), email: 'annan@example.se', password: 'lösenord123' });
    const sameEmail = await fresh().post('/api/register', { username: 'helt_annan', email: user.email, password: 'lösenord123' });
    expect(sameName.status).toBe(409);
    expect(sameName.text).toBe(sameEmail.text);
    expect(sameName.body).toEqual({ error: 'Username or email already registered', code: 'account_taken' });
  });

  it.each([
    [{ username: 'ab', email: 'a@example.se', password: 'lösenord123' }, 'username', /Username must be 3 to 32/],
    [{ username: 'has space', email: 'a@example.se', password: 'lösenord123' }, 'username', /Username must be/],
    [{ username: 'valid_name', email: 'not-an-email', password: 'lösenord123' }, 'email', /Please enter a valid email address/],
    [{ username: 'valid_name', email: 'a@example.se', password: 'short' }, 'password', /Password must be at least 8 characters long/],
    [{ username: 'valid_name', email: 'a@example.se' }, 'password', /Password must be at least 8 characters long/],
  ])('answers 400 with the message for %j', async (body, path, message) => {
    const response = await fresh().post('/api/register', body);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validation_failed');
    expect(response.body.error).toMatch(message);
    expect(response.body.issues[0].path).toBe(path);
  });
});

describe('login and logout', () => {
  it('accepts the username or the e-mail in any case, and logout ends the session', async () => {
    const user = await signedInUser(server.url, server.db);
    for (const login of [user.username.toUpperCase(), user.email.toUpperCase()]) {
      const client = fresh();
      const response = await client.post('/api/login', { username: login, password: user.password });
      expect(response.status).toBe(200);
      expect(response.body.id).toBe(user.id);
      expect((await client.get('/api/user')).status).toBe(200);
      expect((await client.post('/api/logout')).status).toBe(204);
      const after = await client.get('/api/user');
      expect(after.status).toBe(401);
      expect(after.body).toEqual({ error: 'Not authenticated', code: 'not_authenticated' });
    }
  });

  it('stores sessions in the database, where an expired one no longer signs anyone in', async () => {
    const user = await signedInUser(server.url, server.db);
    const rows = await server.db('sessions').where({ userId: user.id });
    expect(rows).toHaveLength(1);
    await server.db('sessions').where({ userId: user.id }).update({ expire: new Date(Date.now() - 1000).toISOString() });
    expect((await user.client.get('/api/user')).status).toBe(401);
  });

  it('gives a new session key at login, so that a planted key is worthless', async () => {
    const user = await signedInUser(server.url, server.db);
    const client = fresh();
    client.cookies.set('redaktion.sid', 'planted');
    await client.post('/api/login', { username: user.username, password: user.password });
    expect(client.cookies.get('redaktion.sid')).not.toBe('planted');
  });

  it('answers 400 for a missing field and 401 for a wrong password', async () => {
    const user = await signedInUser(server.url, server.db);
    const missing = await fresh().post('/api/login', { username: user.username });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('Please fill in all fields');
    const wrong = await fresh().post('/api/login', { username: user.username, password: 'wrong-password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'Invalid username or password', code: 'invalid_credentials' });
  });

  it('refuses an inactive account and signs out its open sessions', async () => {
    const user = await signedInUser(server.url, server.db);
    await server.db('users').where({ id: user.id }).update({ active: false });
    expect((await user.client.get('/api/user')).status).toBe(401);
    const login = await fresh().post('/api/login', { username: user.username, password: user.password });
    expect(login.status).toBe(403);
    expect(login.body.code).toBe('account_inactive');
  });

  it('throttles repeated failures with 429 and Retry-After, even for the right password', async () => {
    const user = await signedInUser(server.url, server.db);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await fresh().post('/api/login', { username: user.username, password: 'guess-number-x' })).status).toBe(401);
    }
    const blocked = await fresh().post('/api/login', { username: user.username, password: user.password });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('too_many_attempts');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('answers 400, not 500, for a body that is not JSON', async () => {
    const response = await fresh().request('POST', '/api/login', '{"username": ', { 'Content-Type': 'application/json' });
    expect(response.status).toBe(400);
    expect(response.body.error).toBeTypeOf('string');
    expect(response.text).not.toMatch(/at .*\.ts:\d+/);
  });
});

describe('the login throttle counts before it checks', () => {
  it('checks at most 5 of 100 simultaneous wrong passwords', async () => {
    const user = await signedInUser(server.url, server.db);
    const client = fromNewAddress();
    const answers = await Promise.all(Array.from({ length: 100 }, (_, n) =>
      client.request('POST', '/api/login', { username: user.username, password: `gissning-${n}` })));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(95);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    // Another address still reaches the account: nobody locks an editor out from elsewhere.
    expect((await fromNewAddress().request('POST', '/api/login', { username: user.username, password: user.password })).status).toBe(200);
  });

  it('counts the username and the e-mail of one account together', async () => {
    const user = await signedInUser(server.url, server.db);
    const client = fromNewAddress();
    for (const login of [user.username, user.email, user.username.toUpperCase(), user.email, user.username]) {
      expect((await client.request('POST', '/api/login', { username: login, password: 'fel-fel-fel' })).status).toBe(401);
    }
    const blocked = await client.request('POST', '/api/login', { username: user.email, password: user.password });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('too_many_attempts');
  });

  it('gives a successful login its attempt back', async () => {
    const user = await signedInUser(server.url, server.db);
    const client = fromNewAddress();
    for (let round = 0; round < 8; round += 1) {
      expect((await client.request('POST', '/api/login', { username: user.username, password: 'fel-fel-fel' })).status).toBe(401);
      expect((await client.request('POST', '/api/login', { username: user.username, password: user.password })).status).toBe(200);
    }
  });
});

describe('own profile', () => {
  it('updates the signed-in user only', async () => {
    const user = await signedInUser(server.url, server.db);
    const other = await signedInUser(server.url, server.db);
    const response = await user.client.patch('/api/user/profile', {
      firstName: 'Greta', lastName: 'Lind', bio: 'Läser allt om klimat.', location: 'Umeå', website: 'https://greta.example', locale: 'en',
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: user.id, firstName: 'Greta', location: 'Umeå', website: 'https://greta.example', locale: 'en' });
    const otherNow = await other.client.get('/api/user');
    expect(otherNow.body.firstName).toBeNull();
  });

  it('refuses a website that is not http(s), and a taken e-mail', async () => {
    const user = await signedInUser(server.url, server.db);
    const other = await signedInUser(server.url, server.db);
    const script = await user.client.patch('/api/user/profile', { website: 'javascript:alert(1)' });
    expect(script.status).toBe(400);
    expect(script.body.error).toBe('Website must be an http(s) URL');
    const taken = await user.client.patch('/api/user/profile', { email: other.email.toUpperCase(), currentPassword: user.password });
    expect(taken.status).toBe(409);
  });

  it('answers 401 when signed out', async () => {
    expect((await fresh().patch('/api/user/profile', { firstName: 'X' })).status).toBe(401);
  });

  it('changes the e-mail address only with the current password', async () => {
    const user = await signedInUser(server.url, server.db);
    const missing = await user.client.patch('/api/user/profile', { email: 'ny-adress@example.se' });
    expect(missing.status).toBe(400);
    expect(missing.body.issues).toEqual([{ path: 'currentPassword', message: 'Enter your current password to change your e-mail address' }]);
    const wrong = await user.client.patch('/api/user/profile', { email: 'ny-adress@example.se', currentPassword: 'inte-det-har' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('Current password is incorrect');
    expect((await user.client.get('/api/user')).body.email).toBe(user.email);
    // The same address (in another case) and other fields need no password.
    expect((await user.client.patch('/api/user/profile', { email: user.email.toUpperCase(), firstName: 'Ella' })).status).toBe(200);
    const changed = await user.client.patch('/api/user/profile', { email: 'ny-adress@example.se', currentPassword: user.password });
    expect(changed.status).toBe(200);
    expect(changed.body.email).toBe('ny-adress@example.se');
  });
});

describe('password change, export and deletion', () => {
  it('changes the password with the current one and ends the other sessions', async () => {
    const user = await signedInUser(server.url, server.db);
    const elsewhere = fresh();
    await elsewhere.post('/api/login', { username: user.username, password: user.password });
    const wrong = await user.client.post('/api/user/password', { currentPassword: 'not-it-at-all', newPassword: 'nytt-lösenord-1' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('Current password is incorrect');
    const changed = await user.client.post('/api/user/password', { currentPassword: user.password, newPassword: 'nytt-lösenord-1' });
    expect(changed.status).toBe(200);
    expect((await user.client.get('/api/user')).status).toBe(200);
    expect((await elsewhere.get('/api/user')).status).toBe(401);
    expect((await fresh().post('/api/login', { username: user.username, password: 'nytt-lösenord-1' })).status).toBe(200);
  });

  it('exports the account as a JSON download without the hash', async () => {
    const user = await signedInUser(server.url, server.db);
    const response = await user.client.get('/api/user/export');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/attachment/);
    expect(response.body.account).toMatchObject({ id: user.id, username: user.username, email: user.email });
    expect(response.text).not.toMatch(/scrypt\$/);
  });

  it('deletes the account only with the password', async () => {
    const user = await signedInUser(server.url, server.db);
    expect((await user.client.delete('/api/user', { password: 'wrong-one-here' })).status).toBe(400);
    expect((await user.client.delete('/api/user', { password: user.password })).status).toBe(204);
    expect((await user.client.get('/api/user')).status).toBe(401);
    expect((await fresh().post('/api/login', { username: user.username, password: user.password })).status).toBe(401);
  });
});

// The first e-mails this file's server sends: the first test counts every file in DATA_DIR/mail.
describe('the reset link never travels in an answer', () => {
  const resetRequest = (email: string) => fresh().post('/api/auth/reset-password-request', { email });

  it('answers byte for byte the same for a known, an unknown and an inactive address, and e-mails the link into DATA_DIR/mail', async () => {
    const user = await signedInUser(server.url, server.db);
    const inactive = await signedInUser(server.url, server.db);
    await server.db('users').where({ id: inactive.id }).update({ active: false });
    const known = await resetRequest(user.email.toUpperCase());
    const unknown = await resetRequest('ingen-alls@example.se');
    const off = await resetRequest(inactive.email);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.text).toBe(unknown.text);
    expect(off.text).toBe(known.text);
    expect(known.text).not.toMatch(/token|reset-password\?/);
    expect(Object.keys(known.body)).toEqual(['message']);

    const mail = await waitForFolderMail(server.config.mailDir, user.email);
    const link = resetLinkIn(mail.text)!;
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:3000\/reset-password\?token=/);
    const token = new URL(link).searchParams.get('token')!;
    const reset = await fresh().post('/api/auth/reset-password', { token, newPassword: 'från-mappen-1' });
    expect(reset.status).toBe(200);
    expect((await fresh().post('/api/login', { username: user.username, password: 'från-mappen-1' })).status).toBe(200);
    const files = await readdir(server.config.mailDir);
    expect(files.length).toBe(1);
  });

  it('no longer announces an on-screen link in /api/config', async () => {
    const config = await fresh().get('/api/config');
    expect(config.body).not.toHaveProperty('passwordResetLinkOnScreen');
  });

  it('in production without SMTP answers the same, writes no e-mail to the log or the disk, and warns at start that mail is off', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const production = await startTestServer({ env: { NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://redaktion.example', TRUST_PROXY: '1' } });
    try {
      expect(warn.mock.calls.flat().join(' ')).toMatch(/SMTP_URL is not set: e-mail is off/);
      const user = await signedInUser(production.url, production.db);
      const https = { 'X-Forwarded-Proto': 'https' };
      const known = await new HttpClient(production.url).request('POST', '/api/auth/reset-password-request', { email: user.email }, https);
      const unknown = await new HttpClient(production.url).request('POST', '/api/auth/reset-password-request', { email: 'ingen@example.se' }, https);
      expect(known.status).toBe(200);
      expect(known.text).toBe(unknown.text);
      await vi.waitFor(async () => expect(await production.db('password_reset_tokens').where({ userId: user.id }).first()).toBeDefined());
      const logged = [...log.mock.calls, ...warn.mock.calls].flat().join('\n');
      expect(logged).not.toContain(user.email);
      expect(logged).not.toMatch(/reset-password\?token=/);
      expect(await readdir(production.config.mailDir).catch(() => [])).toEqual([]);
    } finally {
      log.mockRestore();
      warn.mockRestore();
      await production.close();
    }
  });
});

describe('the reset link is built on PUBLIC_ORIGIN, never on the Host header', () => {
  it('builds the e-mailed link from the server\'s own address when a request claims Host: evil.example', async () => {
    const user = await signedInUser(server.url, server.db);
    expect((await requestAsWritten(server.url, 'POST', '/api/auth/reset-password-request', { Host: 'evil.example' }, { email: user.email })).status).toBe(200);
    const link = resetLinkIn((await waitForFolderMail(server.config.mailDir, user.email)).text)!;
    expect(new URL(link).origin).toBe('http://127.0.0.1:3000');
  });

  it('uses PUBLIC_ORIGIN when set', async () => {
    const site = await startTestServer({ env: { PUBLIC_ORIGIN: 'https://redaktion.example/' } });
    try {
      const user = await signedInUser(site.url, site.db);
      expect((await requestAsWritten(site.url, 'POST', '/api/auth/reset-password-request', { Host: 'evil.example' }, { email: user.email })).status).toBe(200);
      const link = resetLinkIn((await waitForFolderMail(site.config.mailDir, user.email)).text)!;
      expect(link).toMatch(/^https:\/\/redaktion\.example\/reset-password\?token=/);
    } finally {
      await site.close();
    }
  });
});

describe('password reset without SMTP outside production', () => {
  /** Asks for a reset and answers the token of the link e-mailed into DATA_DIR/mail. */
  async function mailedToken(email: string): Promise<string> {
    const before = (await mailsIn(server.config.mailDir)).length;
    const requested = await fresh().post('/api/auth/reset-password-request', { email: email.toUpperCase() });
    expect(requested.status).toBe(200);
    await vi.waitFor(async () => expect((await mailsIn(server.config.mailDir)).length).toBeGreaterThan(before));
    const mail = (await mailsIn(server.config.mailDir)).filter((message) => message.to.includes(email)).at(-1)!;
    return new URL(resetLinkIn(mail.text)!).searchParams.get('token')!;
  }

  it('e-mails a link that works once and ends the other sessions', async () => {
    const user = await signedInUser(server.url, server.db);
    const token = await mailedToken(user.email);
    const stored = await server.db('password_reset_tokens').where({ userId: user.id }).first();
    expect(stored.token).not.toBe(token);

    const reset = await fresh().post('/api/auth/reset-password', { token, newPassword: 'återställt-123' });
    expect(reset.status).toBe(200);
    expect((await user.client.get('/api/user')).status).toBe(401);
    expect((await fresh().post('/api/login', { username: user.username, password: 'återställt-123' })).status).toBe(200);

    const again = await fresh().post('/api/auth/reset-password', { token, newPassword: 'en-gång-till-1' });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('invalid_reset_token');
  });

  it('refuses an expired token and validates the request', async () => {
    const user = await signedInUser(server.url, server.db);
    const token = await mailedToken(user.email);
    await server.db('password_reset_tokens').where({ userId: user.id }).update({ expiresAt: new Date(Date.now() - 1000).toISOString() });
    expect((await fresh().post('/api/auth/reset-password', { token, newPassword: 'återställt-123' })).status).toBe(400);
    expect((await fresh().post('/api/auth/reset-password', { newPassword: 'återställt-123' })).body.error).toBe('Reset token is required');
    expect((await fresh().post('/api/auth/reset-password', { token, newPassword: 'kort' })).body.error)
      .toBe('Password must be at least 8 characters long');
    expect((await fresh().post('/api/auth/reset-password-request', { email: 'nope' })).body.error).toBe('Please enter a valid email address');
  });
});

describe('the admin guard', () => {
  it('refuses signed-out visitors (401) and readers (403) everywhere under /api/admin and /api/upload', async () => {
    const reader = await signedInUser(server.url, server.db);
    for (const [method, path] of [['GET', '/api/admin/articles'], ['POST', '/api/admin/articles'], ['DELETE', '/api/admin/podcasts/1'],
      ['GET', '/api/admin/anything/at/all'], ['POST', '/api/upload']]) {
      expect((await fresh().request(method!, path!)).status).toBe(401);
      const asReader = await reader.client.request(method!, path!);
      expect(asReader.status).toBe(403);
      expect(asReader.body.code).toBe('forbidden');
    }
  });

  it('lets admins and super admins through', async () => {
    for (const role of ['admin', 'super_admin'] as const) {
      const admin = await signedInUser(server.url, server.db, { role });
      const response = await admin.client.get('/api/admin/anything/at/all');
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('not_found');
    }
  });
});

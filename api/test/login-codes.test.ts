import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './support/http-client.js';
import { mailsIn, resetLinkIn, waitForFolderMail } from './support/mail-folder.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { signedInUser } from './support/users.js';

/** Sign-in by e-mailed code (contract §9 [revenue]). The server trusts X-Forwarded-For: each test is a client of its own. */
let server: TestServer;
beforeAll(async () => { server = await startTestServer({ env: { TRUST_PROXY: '1' } }); });
afterAll(async () => { await server?.close(); });

let clients = 0;
/** A browser from an address of its own, so that one test's throttle counts never reach another's. */
const client = () => {
  clients += 1;
  return new HttpClient(server.url, `10.1.${Math.floor(clients / 250)}.${clients % 250}`);
};

const mailsTo = async (address: string) => (await mailsIn(server.config.mailDir)).filter((mail) => mail.to.includes(address));
const codeIn = (text: string) => /^(\d{6})$/m.exec(text)![1]!;

/** Asks for a code and answers it from the e-mail (the mails to the address before it are passed over). */
async function mailedCode(email: string, from = client()): Promise<{ code: string; text: string; subject: string }> {
  const before = (await mailsTo(email)).length;
  expect((await from.post('/api/auth/code', { email })).status).toBe(202);
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const mails = await mailsTo(email);
    if (mails.length > before) return { code: codeIn(mails.at(-1)!.text), text: mails.at(-1)!.text, subject: mails.at(-1)!.subject };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no new mail to ${email}`);
}

/** Waits until the jobs asked for before it have run: a mail to a fresh address, asked for last, has arrived. */
async function afterEarlierMail(): Promise<void> {
  const marker = `marker${clients}_${Date.now()}@example.se`;
  await client().post('/api/auth/code', { email: marker });
  await waitForFolderMail(server.config.mailDir, marker);
  // On PostgreSQL jobs run side by side: give a job fetched with the marker's the moment it needs to finish.
  await new Promise((resolve) => setTimeout(resolve, 300));
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('asking for a code', () => {
  it('answers 202 with the same body for a reader, an unknown address, staff and a deactivated account, and mails only the first two', async () => {
    const reader = await signedInUser(server.url, server.db);
    const admin = await signedInUser(server.url, server.db, { role: 'admin' });
    const inactive = await signedInUser(server.url, server.db);
    await server.db('users').where({ id: inactive.id }).update({ active: false });
    const unknown = 'ingen-alls@example.se';

    const answers = await Promise.all([reader.email, unknown, admin.email, inactive.email]
      .map((email) => client().post('/api/auth/code', { email })));
    expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202, 202]);
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
    expect(answers[0]!.body.message).toMatch(/e-mailed/);

    const mail = await waitForFolderMail(server.config.mailDir, reader.email);
    expect(mail.subject).toMatch(/^Din inloggningskod till Redaktion: \d{6}$/);
    expect(mail.text).toContain('10 minuter');
    const link = new URL(/\S+\/sign-in\/code\?\S+/.exec(mail.text)![0]);
    expect(link.searchParams.get('email')).toBe(reader.email);
    expect(link.searchParams.get('code')).toBe(codeIn(mail.text));
    await waitForFolderMail(server.config.mailDir, unknown);
    await afterEarlierMail();
    expect(await mailsTo(admin.email)).toEqual([]);
    expect(await mailsTo(inactive.email)).toEqual([]);
  });

  it('writes in English when asked in English, and the link leads back to the page given', async () => {
    const email = 'english@example.se';
    await client().post('/api/auth/code', { email, locale: 'en', returnTo: '/article/7' });
    const mail = await waitForFolderMail(server.config.mailDir, email);
    expect(mail.subject).toMatch(/^Your Redaktion sign-in code: \d{6}$/);
    expect(new URL(/\S+\/sign-in\/code\?\S+/.exec(mail.text)![0]).searchParams.get('returnTo')).toBe('/article/7');
  });

  it('refuses a bad address or returnTo with 400', async () => {
    expect((await client().post('/api/auth/code', { email: 'inte en adress' })).status).toBe(400);
    const offSite = await client().post('/api/auth/code', { email: 'a@example.se', returnTo: '//evil.example/' });
    expect(offSite.status).toBe(400);
    expect(offSite.body.issues[0].path).toBe('returnTo');
  });

  it('mails at most 5 codes an hour to one address, answering the 6th as every other, and keeps only the newest live', async () => {
    const email = 'fem-i-timmen@example.se';
    const codes: string[] = [];
    for (let i = 0; i < 5; i += 1) codes.push((await mailedCode(email)).code);
    const sixth = await client().post('/api/auth/code', { email });
    const other = await client().post('/api/auth/code', { email: 'nagon-annan@example.se' });
    expect(sixth.status).toBe(202);
    expect(sixth.text).toBe(other.text);
    await afterEarlierMail();
    expect(await mailsTo(email)).toHaveLength(5);

    // One live code per address: the earlier ones were replaced (if the codes differ; two equal draws are 1 in a million).
    if (codes[0] !== codes[4]) expect((await client().post('/api/auth/code/verify', { email, code: codes[0] })).status).toBe(400);
    expect((await client().post('/api/auth/code/verify', { email, code: codes[4] })).status).toBe(200);
  });

  it('throttles one client past 10 requests in 15 minutes with 429', async () => {
    const from = client();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await from.post('/api/auth/code', { email: `kund${i}@example.se` })).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(202));
    expect(statuses[10]).toBe(429);
    expect(client().ip).not.toBe(from.ip);
    expect((await client().post('/api/auth/code', { email: 'kund0@example.se' })).status).toBe(202);
  });
});

describe('signing in with the code', () => {
  it('signs in once with the mailed code, and the code is then spent', async () => {
    const reader = await signedInUser(server.url, server.db);
    const { code } = await mailedCode(reader.email);
    const browser = client();
    const signedIn = await browser.post('/api/auth/code/verify', { email: reader.email.toUpperCase(), code });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ id: reader.id, username: reader.username, hasPassword: false });
    expect(signedIn.body).not.toHaveProperty('password');
    expect((await browser.get('/api/user')).body.id).toBe(reader.id);

    const again = await client().post('/api/auth/code/verify', { email: reader.email, code });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'invalid_code', issues: [{ path: 'code' }] });
  });

  it('refuses an expired code', async () => {
    const email = 'sent@example.se';
    const { code } = await mailedCode(email);
    await server.db('login_codes').where({ email }).update({ expiresAt: new Date(Date.now() - 1000).toISOString() });
    const late = await client().post('/api/auth/code/verify', { email, code });
    expect(late.status).toBe(400);
    expect(late.body.error).toBe('This code is wrong or no longer valid. Ask for a new one.');
  });

  it('refuses a code of another address and a malformed code', async () => {
    const { code } = await mailedCode('forsta@example.se');
    expect((await client().post('/api/auth/code/verify', { email: 'andra@example.se', code })).status).toBe(400);
    const malformed = await client().post('/api/auth/code/verify', { email: 'forsta@example.se', code: '12ab56' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.issues[0]).toMatchObject({ path: 'code', message: 'The code is the 6 digits from the e-mail' });
  });

  it('ends a code after 5 wrong tries, even for the right code from another client', async () => {
    const email = 'fem-fel@example.se';
    const { code } = await mailedCode(email);
    const guesser = client();
    for (let i = 0; i < 5; i += 1) expect((await guesser.post('/api/auth/code/verify', { email, code: wrong(code) })).status).toBe(400);
    const right = await client().post('/api/auth/code/verify', { email, code });
    expect(right.status).toBe(400);
    expect(right.body.code).toBe('invalid_code');
  });

  it('locks code sign-in for the address after 10 wrong tries a day from any clients, until the next day in Stockholm', async () => {
    const email = 'tio-fel@example.se';
    await mailedCode(email);
    for (let i = 0; i < 4; i += 1) await client().post('/api/auth/code/verify', { email, code: '000000' });
    await mailedCode(email);
    for (let i = 0; i < 4; i += 1) await client().post('/api/auth/code/verify', { email, code: '000001' });
    const { code } = await mailedCode(email);
    const tries = [await client().post('/api/auth/code/verify', { email, code: wrong(code) })];
    tries.push(await client().post('/api/auth/code/verify', { email, code: wrong(code) }));
    expect(tries.map((answer) => answer.body.code)).toEqual(['invalid_code', 'code_locked']);

    // The live code (2 wrong tries of its own) is right, but the address is locked, and no new code is mailed.
    const locked = await client().post('/api/auth/code/verify', { email, code });
    expect(locked.status).toBe(400);
    expect(locked.body).toMatchObject({ code: 'code_locked', error: expect.stringMatching(/tomorrow/) });
    const mailed = (await mailsTo(email)).length;
    expect((await client().post('/api/auth/code', { email })).status).toBe(202);
    await afterEarlierMail();
    expect(await mailsTo(email)).toHaveLength(mailed);

    // Yesterday's count locks nothing today.
    await server.db('login_codes').where({ email }).update({ day: '2000-01-01' });
    expect((await client().post('/api/auth/code/verify', { email, code })).status).toBe(200);
  });

  it('throttles one client past 5 tries for an address with 429, as the password login does', async () => {
    const email = 'strypt@example.se';
    const from = client();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await from.post('/api/auth/code/verify', { email, code: '123456' })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const last = await from.post('/api/auth/code/verify', { email, code: '123456' });
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('makes a reader account for an address that has none, its username from the address and unique', async () => {
    await signedInUser(server.url, server.db);
    const first = client();
    const taken = await first.post('/api/register', { username: 'Nykund', email: 'nykund@annat.se', password: 'lösenord123' });
    expect(taken.status).toBe(201);

    const email = 'nykund@example.se';
    const { code } = await mailedCode(email);
    const browser = client();
    const made = await browser.request('POST', '/api/auth/code/verify', { email, code, locale: 'en' });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ username: 'nykund2', email, role: 'user', locale: 'en', hasPassword: false, active: true });
    expect(made.body.emailVerifiedAt).toEqual(expect.any(String));

    const exported = await browser.get('/api/user/export');
    expect(exported.status).toBe(200);
    expect(exported.body.account).toMatchObject({ username: 'nykund2', hasPassword: false, emailVerifiedAt: made.body.emailVerifiedAt });

    // Signing in by code again finds the same account.
    const { code: second } = await mailedCode(email);
    expect((await client().post('/api/auth/code/verify', { email, code: second })).body.id).toBe(made.body.id);
  });

  it("proves the address: a stranger who registered it loses the sessions, tokens and password", async () => {
    const stranger = await signedInUser(server.url, server.db);
    const token = (await stranger.client.post('/api/tokens', { name: 'skript' })).body.token as string;
    expect((await client().get('/api/user', { Authorization: `Bearer ${token}` })).status).toBe(200);

    const { code } = await mailedCode(stranger.email);
    const owner = client();
    const signedIn = await owner.post('/api/auth/code/verify', { email: stranger.email, code });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ hasPassword: false, emailVerifiedAt: expect.any(String) });

    expect((await stranger.client.get('/api/user')).status).toBe(401);
    expect((await client().get('/api/user', { Authorization: `Bearer ${token}` })).status).toBe(401);
    const login = await client().post('/api/login', { username: stranger.username, password: stranger.password });
    expect(login.status).toBe(401);
    expect((await owner.get('/api/user')).status).toBe(200);

    // Proven once: a later code sign-in leaves the other sessions alone.
    const { code: later } = await mailedCode(stranger.email);
    expect((await client().post('/api/auth/code/verify', { email: stranger.email, code: later })).status).toBe(200);
    expect((await owner.get('/api/user')).status).toBe(200);
  });

  it('keeps the password and sessions of an account whose address a reset link proved', async () => {
    const reader = await signedInUser(server.url, server.db);
    await client().post('/api/auth/reset-password-request', { email: reader.email });
    const token = new URL(resetLinkIn((await waitForFolderMail(server.config.mailDir, reader.email)).text)!).searchParams.get('token');
    const browser = client();
    expect((await browser.post('/api/auth/reset-password', { token, newPassword: 'efter-aterstallning' })).status).toBe(200);
    expect((await browser.post('/api/login', { username: reader.username, password: 'efter-aterstallning' })).body.emailVerifiedAt).toEqual(expect.any(String));

    const { code } = await mailedCode(reader.email);
    const signedIn = await client().post('/api/auth/code/verify', { email: reader.email, code });
    expect(signedIn.body).toMatchObject({ id: reader.id, hasPassword: true });
    expect((await browser.get('/api/user')).status).toBe(200);
    expect((await client().post('/api/login', { username: reader.username, password: 'efter-aterstallning' })).status).toBe(200);
  });

  it('signs in no staff account and no deactivated one, even with a right code mailed before', async () => {
    for (const change of [{ role: 'admin' }, { active: false }]) {
      const user = await signedInUser(server.url, server.db);
      const { code } = await mailedCode(user.email);
      await server.db('users').where({ id: user.id }).update(change);
      const refused = await client().post('/api/auth/code/verify', { email: user.email, code });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('invalid_code');
    }
  });
});

describe('an account without a password', () => {
  async function passwordless(email: string) {
    const { code } = await mailedCode(email);
    const browser = client();
    const user = (await browser.post('/api/auth/code/verify', { email, code })).body as { id: number; email: string };
    return { browser, user };
  }

  it('changes its e-mail address with a fresh code, which leaves the new address unproven', async () => {
    const { browser } = await passwordless('byter@example.se');
    const noCode = await browser.patch('/api/user/profile', { email: 'bytt@example.se' });
    expect(noCode.status).toBe(400);
    expect(noCode.body.issues[0]).toMatchObject({ path: 'code', message: 'Enter the code we e-mailed you' });
    expect((await browser.patch('/api/user/profile', { email: 'bytt@example.se', currentPassword: 'vad som helst' })).status).toBe(400);

    const { code } = await mailedCode('byter@example.se');
    const changed = await browser.patch('/api/user/profile', { email: 'bytt@example.se', code });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ email: 'bytt@example.se', emailVerifiedAt: null });
    expect((await browser.patch('/api/user/profile', { email: 'igen@example.se', code })).status).toBe(400);
  });

  it('sets a first password with a code, and then signs in with it', async () => {
    const { browser, user } = await passwordless('forsta-losen@example.se');
    const { code } = await mailedCode(user.email);
    const set = await browser.post('/api/user/password', { code, newPassword: 'ett-nytt-losen' });
    expect(set.status).toBe(200);
    expect((await browser.get('/api/user')).body.hasPassword).toBe(true);
    expect((await client().post('/api/login', { username: user.email, password: 'ett-nytt-losen' })).status).toBe(200);
    const both = await browser.post('/api/user/password', { code, currentPassword: 'ett-nytt-losen', newPassword: 'ett-till-losen' });
    expect(both.status).toBe(400);
  });

  it('deletes the account with a fresh code, not with a password or a wrong code', async () => {
    const { browser, user } = await passwordless('raderas@example.se');
    expect((await browser.delete('/api/user', { password: 'gissning' })).status).toBe(400);
    const { code } = await mailedCode(user.email);
    const wrongCode = await browser.delete('/api/user', { code: wrong(code) });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.code).toBe('invalid_code');
    expect((await browser.delete('/api/user', { code })).status).toBe(204);
    expect(await server.db('users').where({ id: user.id }).first()).toBeUndefined();
    expect(await server.db('login_codes').where({ email: user.email }).first()).toBeUndefined();
  });

  it('is not what an account with a password is: it confirms with the password, never a code', async () => {
    const reader = await signedInUser(server.url, server.db);
    const { code } = await mailedCode(reader.email);
    const refused = await reader.client.delete('/api/user', { code });
    expect(refused.status).toBe(400);
    expect(refused.body.issues[0].path).toBe('password');
    expect((await reader.client.delete('/api/user', {})).body.issues[0]).toMatchObject({ path: 'password', message: 'Password is required' });
  });
});

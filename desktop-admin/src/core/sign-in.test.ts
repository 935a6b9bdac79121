import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../api/test/support/test-server.js';
import { signedInUser } from '../../../api/test/support/users.js';
import { HttpClient } from '../../../api/test/support/http-client.js';
import { signIn } from './sign-in.js';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(() => server?.close());

describe('signing in from the desktop app (against the real API)', () => {
  it('makes an access token for the app from a session that it ends at once', async () => {
    const staff = await signedInUser(server.url, server.db, { role: 'admin' });
    const signed = await signIn({ origin: server.url, username: staff.username, password: staff.password, deviceName: 'Redaktion desktop on test' });
    expect(signed.user).toMatchObject({ username: staff.username, role: 'admin' });
    expect(signed.token).toMatch(/^rdk_/);
    const me = await new HttpClient(server.url).get('/api/user', { Authorization: `Bearer ${signed.token}` });
    expect(me.status).toBe(200);
    const tokens = await staff.client.get('/api/tokens');
    expect(tokens.body).toEqual([expect.objectContaining({ id: signed.tokenId, name: 'Redaktion desktop on test' })]);
    expect(JSON.stringify(tokens.body)).not.toContain(signed.token);
  });

  it('says why when the password is wrong, and refuses readers (revoking the token it made for them)', async () => {
    const reader = await signedInUser(server.url, server.db);
    await expect(signIn({ origin: server.url, username: reader.username, password: 'fel lösenord', deviceName: 'x' }))
      .rejects.toMatchObject({ status: 401 });
    await expect(signIn({ origin: server.url, username: reader.username, password: reader.password, deviceName: 'x' }))
      .rejects.toMatchObject({ status: 403, serverMessage: expect.stringMatching(/not staff/) });
    expect((await reader.client.get('/api/tokens')).body).toEqual([]);
  });

  it('says the server cannot be reached instead of failing obscurely', async () => {
    await expect(signIn({ origin: 'http://127.0.0.1:9', username: 'a', password: 'b', deviceName: 'x' })).rejects.toMatchObject({ code: 'network' });
  });
});

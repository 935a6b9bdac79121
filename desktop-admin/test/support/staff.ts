import type { TestServer } from '../../../api/test/support/test-server.js';
import { signedInUser } from '../../../api/test/support/users.js';

/** An admin account on the test server, signed in with a cookie, and an access token made through the API. */
export async function staffWithToken(server: TestServer) {
  const account = await signedInUser(server.url, server.db, { role: 'admin' });
  const created = await account.client.post('/api/tokens', { name: 'desktop test' });
  if (created.status !== 201) throw new Error(`token: ${created.status} ${created.text}`);
  return { ...account, token: created.body.token as string };
}

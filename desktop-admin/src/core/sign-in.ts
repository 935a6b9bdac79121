import type { User } from '@redaktion/shared';
import { createServerCall, jsonAnswer, ServerRefused, ServerUnreachable } from './server-connection.js';

export interface SignedIn {
  user: User;
  token: string;
  tokenId: number;
}

const STAFF_ROLES: ReadonlySet<string> = new Set(['admin', 'super_admin']);

/** The name/value pairs of an answer's Set-Cookie headers, as a Cookie header. */
const cookieHeader = (response: Response) =>
  response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');

/**
 * Signs in the way contract §8 prescribes for the desktop app: a password login opens a session whose cookie
 * serves only to create a personal access token for this app, and is ended at once; from then on every call
 * carries the token. Refuses accounts that are not staff (and revokes the token it made for them).
 */
export async function signIn(input: {
  origin: string; username: string; password: string; deviceName: string; fetch?: typeof fetch;
}): Promise<SignedIn> {
  const fetchImpl = input.fetch ?? fetch;
  const post = async (path: string, body: unknown, cookie?: string) => {
    try {
      return await fetchImpl(new URL(path, input.origin), {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(body),
      });
    } catch (error) {
      throw new ServerUnreachable(`The server ${input.origin} cannot be reached (${(error as Error).message})`, 'network');
    }
  };
  const login = await post('/api/login', { username: input.username, password: input.password });
  await jsonAnswer<User>(login);
  const cookie = cookieHeader(login);
  const created = await post('/api/tokens', { name: input.deviceName }, cookie);
  if (created.status === 404) {
    await post('/api/logout', {}, cookie);
    throw new ServerRefused(404, 'This server does not offer access tokens yet (update it to sign in from the desktop app)', null);
  }
  const { id, token } = await jsonAnswer<{ id: number; token: string }>(created);
  await post('/api/logout', {}, cookie);

  const call = createServerCall(() => ({ origin: input.origin, token }), fetchImpl);
  const user = await jsonAnswer<User>(await call('/api/user'));
  if (!STAFF_ROLES.has(user.role)) {
    await call(`/api/tokens/${id}`, { method: 'DELETE' });
    throw new ServerRefused(403, 'This account is not staff: the desktop app is for administrators', null);
  }
  return { user, token, tokenId: id };
}

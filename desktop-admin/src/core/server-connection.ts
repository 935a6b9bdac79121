/**
 * Calls to the signed-in server: the one place that adds the access token. The token goes only to the
 * profile's own origin and never follows a redirect elsewhere; the renderer never sees it.
 */
export interface ServerSession {
  /** The profile's origin, e.g. `https://redaktion.se`. */
  origin: string;
  token: string;
}

export type ServerCall = (path: string, init?: RequestInit, options?: { withToken?: boolean }) => Promise<Response>;

const MAX_REDIRECTS = 5;

/** A call that could not be made: no server, a refused redirect or a network failure (the queue and outbox retry these). */
export class ServerUnreachable extends Error {
  constructor(message: string, readonly code: 'signed_out' | 'redirect_refused' | 'network') {
    super(message);
    this.name = 'ServerUnreachable';
  }
}

/** The URL of `path` on `origin`, or null when the path would leave it (`//host`, `/\host`, a full URL). */
export function urlOnOrigin(origin: string, path: string): URL | null {
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return null;
  const url = new URL(path, origin);
  return url.origin === origin ? url : null;
}

export function createServerCall(session: () => ServerSession | null, fetchImpl: typeof fetch = fetch): ServerCall {
  return async (path, init = {}, { withToken = true } = {}) => {
    const current = session();
    if (!current) throw new ServerUnreachable('Not signed in to a server', 'signed_out');
    const first = urlOnOrigin(current.origin, path);
    if (!first) throw new ServerUnreachable(`Refused to call ${path} outside the server`, 'redirect_refused');
    let url: URL = first;
    const method = (init.method ?? 'GET').toUpperCase();
    for (let hop = 0; ; hop += 1) {
      const headers = new Headers(init.headers);
      headers.delete('cookie');
      if (withToken) headers.set('authorization', `Bearer ${current.token}`);
      else headers.delete('authorization');
      let response: Response;
      try {
        response = await fetchImpl(url, { ...init, method, headers, redirect: 'manual' });
      } catch (error) {
        throw new ServerUnreachable(`The server ${current.origin} cannot be reached (${(error as Error).message})`, 'network');
      }
      const location = response.headers.get('location');
      if (response.status < 300 || response.status > 399 || !location) return response;
      await response.body?.cancel();
      const next: URL = new URL(location, url);
      // A redirect is followed only for reads and only on the same origin, so the token never leaves it.
      if (next.origin !== current.origin || (method !== 'GET' && method !== 'HEAD') || hop >= MAX_REDIRECTS) {
        throw new ServerUnreachable(`The server redirected the call to ${next.origin}; not followed`, 'redirect_refused');
      }
      url = next;
    }
  };
}

/** The answer's JSON, or an error carrying the server's message and status. */
export async function jsonAnswer<T>(response: Response): Promise<T> {
  const text = await response.text();
  let body: unknown = undefined;
  try { body = text ? JSON.parse(text) : undefined; } catch { /* not JSON: reported below when the status is an error */ }
  if (!response.ok) {
    const message = body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' ? body.error : text || response.statusText;
    throw new ServerRefused(response.status, message, body);
  }
  return body as T;
}

/** The server answered with an error status (the message is the server's own). */
export class ServerRefused extends Error {
  constructor(readonly status: number, readonly serverMessage: string, readonly body: unknown) {
    super(`${status}: ${serverMessage}`);
    this.name = 'ServerRefused';
  }
}

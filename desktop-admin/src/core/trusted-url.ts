/**
 * Which URLs the desktop app trusts, decided by parsing them (never by looking for substrings).
 * The renderer lives at `app://redaktion/`; links leave for the system browser only as http(s).
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'redaktion';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

function parse(value: unknown): URL | null {
  if (typeof value !== 'string') return null;
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** True for a page of the app itself: `app://redaktion/…`, no port, no credentials. */
export function isAppUrl(value: unknown): boolean {
  const url = parse(value);
  return !!url && url.protocol === `${APP_SCHEME}:` && url.hostname === APP_HOST && !url.port && !url.username && !url.password;
}

/** The link to hand to the system browser, or null: only http(s), without credentials in it. */
export function externalUrl(value: unknown): string | null {
  const url = parse(value);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return null;
  if (url.username || url.password || !url.hostname) return null;
  return url.href;
}

/** Loopback hosts, the only ones a server profile may reach over plain http. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

import type { Context, Next } from 'koa';
import { ERROR_CODES, ERROR_MESSAGES } from '@redaktion/shared';
import type { Config } from '../config.js';
import { HttpError } from '../errors.js';
import { linkOriginOf } from './link-origin.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** RFC 8058 one-click unsubscribe: mail providers POST it from their own origin; the token in its URL is its only authority. */
const isOneClickUnsubscribe = (ctx: Context) => ctx.method === 'POST' && ctx.path === '/api/newsletter/unsubscribe';

/** The origin a browser says a request came from: its Origin, else its Referer's; 'null' and garbage count as foreign. */
function claimedOrigin(ctx: Context): string | null {
  const origin = ctx.get('Origin');
  if (origin) return origin;
  const referer = ctx.get('Referer');
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

/**
 * Refuses a state-changing request a browser sent from another site (SameSite=Lax alone lets a sibling subdomain
 * through). The site's own origin is PUBLIC_ORIGIN when set, else the scheme and host the request was addressed to.
 * Clients that are not browsers send neither Origin nor Referer and pass; so does a request authenticated by a
 * bearer token without the session cookie, since no browser attaches that on its own.
 */
export function sameOriginWrites(config: Config, sessionCookie: string) {
  return async (ctx: Context, next: Next): Promise<void> => {
    if (STATE_CHANGING.has(ctx.method) && !isOneClickUnsubscribe(ctx)) {
      const claimed = claimedOrigin(ctx);
      const bearerOnly = /^Bearer\s/i.test(ctx.get('Authorization')) && !ctx.cookies.get(sessionCookie);
      if (claimed !== null && !bearerOnly && claimed.toLowerCase() !== linkOriginOf(config.publicOrigin, ctx).toLowerCase()) {
        throw new HttpError(403, ERROR_MESSAGES.crossSiteRequest, ERROR_CODES.crossSiteRequest);
      }
    }
    await next();
  };
}

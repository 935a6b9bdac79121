import type Koa from 'koa';
import session from 'koa-session';
import type { ServingConfig } from '../services/accounts/server-secrets.js';
import type { SessionStore } from '../services/accounts/session-store.js';
import type { UserService } from '../services/accounts/users.js';
import type { AccessTokens } from '../services/accounts/access-tokens.js';
import { ERROR_CODES } from '@redaktion/shared';
import { HttpError } from '../errors.js';
import { toBool } from '../db/values.js';
import type { AppContext } from './context.js';
import { audienceOf } from '../services/content/audience.js';
import { log } from '../log.js';

const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_COOKIE = 'redaktion.sid';

/**
 * Sessions live in the database (any number of API processes share them); the cookie carries
 * only a signed random key: HttpOnly, SameSite=Lax, and Secure when the site's PUBLIC_ORIGIN is https.
 */
export function sessions(app: Koa, config: ServingConfig, store: SessionStore): Koa.Middleware[] {
  app.keys = [config.sessionSecret];
  let warned = false;
  // On an https site cookies are always Secure. A request that reached us over plain HTTP (TLS ended by a
  // proxy without TRUST_PROXY=1) must not turn into a 500: the cookie is still sent Secure, and we say why once.
  const alwaysSecure: Koa.Middleware = async (ctx, next) => {
    if (!ctx.secure) {
      (ctx.cookies as unknown as { secure: boolean }).secure = true;
      if (!warned) {
        warned = true;
        log.warn('A request arrived over plain HTTP though PUBLIC_ORIGIN is https: terminate TLS in front of Redaktion and set TRUST_PROXY=1.');
      }
    }
    await next();
  };
  const middleware = session({
    key: SESSION_COOKIE,
    maxAge: THIRTY_DAYS_MS,
    httpOnly: true,
    signed: true,
    sameSite: 'lax',
    secure: config.https,
    rolling: false,
    renew: true,
    store: {
      get: (sid: string) => store.get(sid),
      set: (sid: string, sess: Record<string, unknown>, maxAge: number) => store.set(sid, sess, maxAge),
      destroy: (sid: string) => store.destroy(sid),
    },
  }, app) as unknown as Koa.Middleware;
  return config.https ? [alwaysSecure, middleware] : [middleware];
}

/** The token of an `Authorization: Bearer …` header, or null when the request carries none. */
export function bearerToken(ctx: { get(name: string): string }): string | null {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(ctx.get('Authorization'));
  return match ? match[1]! : null;
}

/**
 * Puts the signed-in user on ctx.state; a deactivated or deleted account counts as signed out.
 * An API call with a bearer token is that token's user, looked up afresh on every call, and the session is not
 * consulted; a token that is unknown, revoked or whose user is deactivated answers 401 at once.
 */
export function currentUser(users: UserService, accessTokens: AccessTokens): Koa.Middleware {
  return async (koaCtx, next) => {
    const ctx = koaCtx as AppContext;
    ctx.state.user = null;
    ctx.state.auth = null;
    ctx.state.audience = 'reader';
    const token = ctx.path.startsWith('/api/') ? bearerToken(ctx) : null;
    if (token !== null) {
      const found = await accessTokens.userFor(token);
      if (!found) throw new HttpError(401, 'The access token is invalid or has been revoked', ERROR_CODES.notAuthenticated, undefined, { 'WWW-Authenticate': 'Bearer error="invalid_token"' });
      ctx.state.user = found.user;
      ctx.state.auth = 'token';
      ctx.state.audience = audienceOf(found.user);
      return next();
    }
    const userId = ctx.session?.userId;
    if (typeof userId === 'number') {
      const user = await users.byId(userId);
      if (user && toBool(user.active)) {
        ctx.state.user = user;
        ctx.state.auth = 'session';
        ctx.state.audience = audienceOf(user);
      } else ctx.session = null;
    }
    await next();
  };
}

import type Koa from 'koa';
import session from 'koa-session';
import type { ServingConfig } from '../services/server-secrets.js';
import type { SessionStore } from '../services/session-store.js';
import type { UserService } from '../services/users.js';
import { toBool } from '../db/values.js';
import type { AppContext } from './context.js';

const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_COOKIE = 'redaktion.sid';

/**
 * Sessions live in the database (any number of API processes share them); the cookie carries
 * only a signed random key: HttpOnly, SameSite=Lax, Secure in production.
 */
export function sessions(app: Koa, config: ServingConfig, store: SessionStore): Koa.Middleware[] {
  app.keys = [config.sessionSecret];
  let warned = false;
  // In production cookies are always Secure. A request that reached us over plain HTTP (TLS ended by a
  // proxy without TRUST_PROXY=1) must not turn into a 500: the cookie is still sent Secure, and we say why once.
  const alwaysSecure: Koa.Middleware = async (ctx, next) => {
    if (!ctx.secure) {
      (ctx.cookies as unknown as { secure: boolean }).secure = true;
      if (!warned) {
        warned = true;
        console.warn('A request arrived over plain HTTP in production: terminate TLS in front of Redaktion and set TRUST_PROXY=1.');
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
    secure: config.production,
    rolling: false,
    renew: true,
    store: {
      get: (sid: string) => store.get(sid),
      set: (sid: string, sess: Record<string, unknown>, maxAge: number) => store.set(sid, sess, maxAge),
      destroy: (sid: string) => store.destroy(sid),
    },
  }, app) as unknown as Koa.Middleware;
  return config.production ? [alwaysSecure, middleware] : [middleware];
}

/** Puts the signed-in user on ctx.state; a deactivated or deleted account counts as signed out. */
export function currentUser(users: UserService): Koa.Middleware {
  return async (koaCtx, next) => {
    const ctx = koaCtx as AppContext;
    ctx.state.user = null;
    const userId = ctx.session?.userId;
    if (typeof userId === 'number') {
      const user = await users.byId(userId);
      if (user && toBool(user.active)) ctx.state.user = user;
      else ctx.session = null;
    }
    await next();
  };
}

import type { Context } from 'koa';

/**
 * The origin an answer's absolute links are built on (a feed's item and enclosure URLs, a page's canonical, Open
 * Graph and structured-data URLs, the same-origin check): PUBLIC_ORIGIN, else in development the scheme and host the
 * request named. A request header chooses it only in development, and the response cache keeps such answers apart
 * per origin (ResponseCache.scopedUrl), so that a forged Host header never reaches another reader.
 */
export const linkOriginOf = (publicOrigin: string | null, ctx: Pick<Context, 'protocol' | 'host'>): string =>
  (publicOrigin ?? `${ctx.protocol}://${ctx.host}`).replace(/\/+$/, '');

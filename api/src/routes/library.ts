import { ERROR_CODES, LIBRARY_MAX_CHANGES, librarySchema, librarySyncSchema, type LibrarySync } from '@redaktion/shared';
import type { Context } from 'koa';
import type { AppContext } from '../http/context.js';
import { endpoint } from '../http/endpoint.js';
import { HttpError, notAuthenticated } from '../errors.js';
import type { Services } from '../services/index.js';

const LIBRARY_PATH = '/api/me/library';

/**
 * `navigator.sendBeacon` posts its body as `text/plain` (or as the type of a Blob): this call reads a JSON body
 * whatever its type. A beacon still passes the same-origin check of every write (its Origin is the page's), so one
 * from another site is refused as any other write is.
 */
export const takesJsonOfAnyType = (ctx: Context): boolean => ctx.method === 'POST' && ctx.path === LIBRARY_PATH;

const readerOf = (ctx: AppContext) => {
  if (!ctx.state.user) throw notAuthenticated();
  return ctx.state.user;
};

/** The reader's library across devices (contract §9 [listen]): never kept by any cache, as it is the reader's alone. */
export const libraryEndpoints = ({ library }: Services) => {
  const sync = async (ctx: AppContext, body: LibrarySync) => {
    const user = readerOf(ctx);
    if (body.changes.length > LIBRARY_MAX_CHANGES) {
      throw new HttpError(413, `At most ${LIBRARY_MAX_CHANGES} changes a call: send the rest in another`, ERROR_CODES.tooLarge);
    }
    return library.sync(user.id, ctx.state.audience, body);
  };
  const answers = { 413: { description: `More than ${LIBRARY_MAX_CHANGES} changes (code payload_too_large)` } };
  const summary = 'Merges changes made on a device into the library and answers it: per item the change made last wins (times '
    + "moved by the server's clock's difference from the device's `now`, none later than the server's now); changes naming "
    + 'content the reader cannot open are left out';
  return [
    endpoint({
      method: 'get', path: LIBRARY_PATH, tag: 'Library', access: 'user', personal: true,
      summary: "The signed-in reader's library: where each episode was left, the reading list, the followed series and Up Next",
      response: librarySchema,
      handle: (ctx) => library.read(readerOf(ctx).id, ctx.state.audience),
    }),
    endpoint({
      method: 'patch', path: LIBRARY_PATH, tag: 'Library', access: 'user', summary, body: librarySyncSchema, response: librarySchema, answers,
      handle: (ctx, { body }) => sync(ctx, body),
    }),
    endpoint({
      method: 'post', path: LIBRARY_PATH, tag: 'Library', access: 'user', body: librarySyncSchema, response: librarySchema, answers,
      summary: `The same as PATCH, for \`navigator.sendBeacon\` as a page is hidden: the JSON body may come as text/plain. ${summary}`,
      handle: (ctx, { body }) => sync(ctx, body),
    }),
  ];
};

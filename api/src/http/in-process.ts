import { parse as parseQuery } from 'node:querystring';
import { ERROR_CODES } from '@redaktion/shared';
import { log } from '../log.js';
import type { DatabaseAvailability } from '../db/availability.js';
import type { AppContext, AppState } from './context.js';
import { isPersonal, parse, produce, sharedCaching, type AnyEndpoint } from './endpoint.js';
import { HttpError, notFound, unavailable } from '../errors.js';
import { unavailableFor } from './errors.js';
import { ResponseCache, etagOf } from './response-cache.js';

/** An API answer made in process: the status and the JSON text a client would have received. */
export interface InProcessAnswer { status: number; body: string }

/**
 * Who reads: the request's user and the audience worked out for them, and the page's request itself (its address
 * and headers: a gift link counts the browser that opens it).
 */
export type Reader = Pick<AppState, 'user' | 'audience'> & { request: Pick<AppContext, 'ip' | 'get'> };

/** Reads one public API path for a reader, as the browser would over HTTP. */
export type InProcessRead = (path: string, reader: Reader) => Promise<InProcessAnswer>;

const errorBody = (error: HttpError) => JSON.stringify({ error: error.message, code: error.code });

/**
 * The server renderer's way to the API: the page's reads run the public cacheable endpoints' own handlers
 * in this process, with the reader's user (so the premium gate and staff previews hold exactly as over
 * HTTP), through the same response cache, with no socket and no middleware in between. Only `cached`
 * reads exist here: they depend on nothing but the URL and the audience, which is what lets a page made of
 * them be cached in its turn; and `personal` reads (a preview link's), which make a private page.
 */
export function inProcessReads(endpoints: AnyEndpoint[], cache: ResponseCache, availability: DatabaseAvailability): InProcessRead {
  const routes = endpoints.filter((definition) => definition.method === 'get' && (definition.cached || definition.personal)).map((definition) => {
    const names: string[] = [];
    const pattern = definition.path.replace(/:(\w+)/g, (_match, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    return { definition, names, regexp: new RegExp(`^${pattern}$`) };
  });

  return async (path, reader) => {
    const [pathname = '', search = ''] = path.split('?', 2);
    const key = ResponseCache.apiKey(path, reader.audience);
    const generation = cache.begin();
    // The first match in declaration order, as the router does (/api/articles/featured before /api/articles/:id).
    const found = routes.map((route) => ({ ...route, match: route.regexp.exec(pathname) })).find((route) => route.match);
    const query = parseQuery(search);
    const state = { user: reader.user, audience: reader.audience } as AppState;
    // A personal answer (a preview link's, a metered reader's, a gift's) is made for this page alone and kept nowhere.
    const personal = found ? isPersonal(found.definition, state, query) : false;
    const stored = personal ? undefined : cache.lookup(key);
    if (stored) return { status: stored.status, body: stored.body };
    // As over HTTP: while the database is known to be away, a read that needs it fails at once (the page says so).
    if (availability.down) return { status: 503, body: errorBody(unavailable(5)) };
    if (found) {
      const { definition, names, match } = found;
      const params = Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match![index + 1]!)]));
      try {
        const input = { params: parse(definition.params, params), query: parse(definition.query, query), body: undefined };
        const ctx = { state, ip: reader.request.ip, get: (field: string) => reader.request.get(field) } as AppContext;
        const body = JSON.stringify(produce(definition, 200, await definition.handle(ctx, input)));
        if (definition.cached && !personal) {
          const headers = sharedCaching(definition);
          cache.put(key, { body, etag: etagOf(body), status: 200, type: 'application/json; charset=utf-8', route: definition.path, ...(headers ? { headers } : {}) }, generation);
        }
        return { status: 200, body };
      } catch (error) {
        const answer = error instanceof HttpError ? error : unavailableFor(error, availability);
        if (answer) return { status: answer.status, body: errorBody(answer) };
        // A fault of ours, logged as the error handler logs one: the page says it could not be made, never "not found".
        log.error({ err: error, route: definition.path }, 'Request failed');
        return { status: 500, body: JSON.stringify({ error: 'Something went wrong on our side', code: ERROR_CODES.internal }) };
      }
    }
    return { status: 404, body: errorBody(notFound(`No such API endpoint: GET ${pathname}`)) };
  };
}

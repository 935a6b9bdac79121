import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { ERROR_CODES } from '@redaktion/shared';
import { z } from 'zod';
import { isAdmin } from '../services/content/audience.js';
import type { UserRow } from '../services/accounts/users.js';
import type { AppContext, AppState } from './context.js';
import { forbidden, HttpError, notAuthenticated, validationError } from '../errors.js';
import type { Admission } from '../admission.js';
import type { ResponseCache } from './response-cache.js';

export type Access = 'public' | 'user' | 'admin' | 'super_admin';
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

type Input<P, Q, B> = { params: P; query: Q; body: B };

/**
 * What a call answers, which every endpoint must say: a JSON answer's schema (the answer is produced through it),
 * the media type a stream, page or feed produces instead, or an answer without a body (204, or a 302 redirect).
 */
export type Produces =
  | { response: z.ZodType; produces?: never; status?: number }
  | { produces: string; response?: never; status?: number }
  | { status: 204 | 302; response?: never; produces?: never };

/** Answers of a call beside its own, by status: why, and the JSON schema or media type of the body where it has one. */
export type Answers = Record<number, { description: string; schema?: z.ZodType; produces?: string }>;

interface Declaration<P, Q, B> {
  method: Method;
  path: string;
  summary: string;
  tag: string;
  access: Access;
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  /** Fields of a multipart body, for the reference (the handler reads the stream itself). */
  form?: Record<string, { file: boolean; required: boolean; description: string }>;
  /**
   * This call's answers besides its own, for the reference: a taken name's 409, an unknown category's 404, a page's
   * media type. Those every call of its kind may get (400, 401, 403, 404 by id, 503, ...) come from the rest of the
   * declaration (openapi.ts `commonAnswers`).
   */
  answers?: Answers;
  /** Refuses a client that tries too often with 429 and Retry-After. */
  throttled?: true;
  /** Public reads whose answer depends only on the URL and the audience may be served from the response cache. */
  cached?: boolean;
  /**
   * For a cached read: how many seconds a shared cache in front of the server (a CDN) may keep the answer every
   * signed-out reader gets (`public` with this `s-maxage`); a signed-in reader's stays private.
   */
  sharedMaxAge?: number;
  /**
   * An event stream: it never waits in the admission queue (an open stream is not a render and would hold a slot for
   * as long as it is open) and the handler answers on the socket itself (`ctx.respond = false`).
   */
  stream?: true;
  /** A staff write that changes nothing readers see (an autosave, a preview link): the response cache stays as it is. */
  keepsCache?: true;
  /**
   * A public read for whoever holds the token in its path (a preview link): answered `private, no-store`, never in any
   * cache, never indexed, never passed on as a referrer (contract §9), and readable by the page renderer in process.
   */
  personal?: true;
  /**
   * For a cached read: whether this request's answer is made for its reader alone (a metered reader's premium article,
   * a gift link's), and so, like a `personal` one, neither served from nor kept in any cache and answered private.
   */
  personalWhen?: (state: AppState, query: Record<string, unknown>) => boolean;
  handle(ctx: AppContext, input: Input<P, Q, B>): unknown;
}

/**
 * One API call, declared: what it accepts, who may call it and what it answers. The router, the validation,
 * the shape of every JSON answer and the OpenAPI document are all made from these declarations.
 */
export type Endpoint<P = unknown, Q = unknown, B = unknown> = Declaration<P, Q, B> & Produces;

/** A handler's answer with a status of its own, where the declared one does not fit (a replayed create answers 200). */
export class Answer {
  constructor(readonly status: number, readonly body: unknown) {}
}

export function endpoint<P = Record<string, never>, Q = Record<string, never>, B = undefined>(
  definition: Endpoint<P, Q, B>,
): Endpoint<P, Q, B> {
  return definition;
}

// Endpoints are stored together regardless of their input types.
export type AnyEndpoint = Endpoint<any, any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export function checkAccess(access: Access, user: UserRow | null): void {
  if (access === 'public') return;
  if (!user) throw notAuthenticated();
  if (access === 'admin' && !isAdmin(user)) throw forbidden('Admin access required');
  if (access === 'super_admin' && user.role !== 'super_admin') throw forbidden('Super admin access required');
}

export function parse<T>(schema: z.ZodType<T> | undefined, value: unknown): T {
  if (!schema) return undefined as T;
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/** Whether a body is a JSON answer (rather than a feed's text, a file, a stream or nothing). */
const isJson = (body: unknown) => body !== null && typeof body === 'object' && !Buffer.isBuffer(body) && typeof (body as { pipe?: unknown }).pipe !== 'function';

/**
 * A JSON answer made through the schema declared for its status: fields the schema does not name are dropped, so a
 * password hash or another reader's e-mail cannot reach a client by accident. An answer that does not fit its own
 * schema, or a JSON answer with no schema declared for its status, is a fault of ours: it is thrown (logged, 500), never sent.
 * Any other body (text, a file, a stream) goes as it is.
 */
export function produce(definition: AnyEndpoint, status: number, body: unknown): unknown {
  if (!isJson(body)) return body;
  const schema = status === (definition.status ?? 200) ? definition.response : definition.answers?.[status]?.schema;
  if (!schema) throw new Error(`${definition.method.toUpperCase()} ${definition.path} answered ${status} with no schema declared for it`);
  const result = schema.safeParse(body);
  if (!result.success) {
    throw new Error(`${definition.method.toUpperCase()} ${definition.path} answered ${status} outside its schema: ${z.prettifyError(result.error)}`);
  }
  return result.data;
}

const MUTATING: readonly Method[] = ['post', 'put', 'patch', 'delete'];
/** Methods a page or a file may be asked with; any other (TRACE, PROPFIND) they refuse. */
const PAGE_METHODS = ['GET', 'HEAD'];
const KNOWN_METHODS = new Set([...PAGE_METHODS, 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * A method a path does not take is a 405 that names those it does (Allow), whether the router knows the method (PUT
 * on a feed) or not (TRACE): pages and files take GET and HEAD. A path that is no API call stays a 404, and OPTIONS
 * is the router's. It stands after the router, so it sees only requests no route answered.
 */
export function refuseOtherMethods(router: Router): Middleware {
  return async (ctx, next) => {
    if (ctx.method === 'OPTIONS') return next();
    const matched = router.match(ctx.path, ctx.method);
    const taken = new Set(matched.path.flatMap((layer) => layer.methods));
    let allowed = [...KNOWN_METHODS].filter((method) => taken.has(method));
    if (!allowed.length) {
      if (ctx.path.startsWith('/api') || KNOWN_METHODS.has(ctx.method)) return next();
      allowed = PAGE_METHODS;
    }
    throw new HttpError(405, `${ctx.method} is not allowed here; use ${allowed.join(' or ')}`, ERROR_CODES.methodNotAllowed, undefined,
      { Allow: allowed.join(', ') });
  };
}

/** What a cached answer carries besides its ETag: a CDN may keep a `sharedMaxAge` read, per session and token. */
export const sharedCaching = (definition: AnyEndpoint): Record<string, string> | undefined => (definition.sharedMaxAge
  ? { 'Cache-Control': `public, max-age=0, s-maxage=${definition.sharedMaxAge}`, Vary: 'Cookie, Authorization' } : undefined);

/** Whether a request's answer is its reader's alone (see `personal` and `personalWhen`). */
export const isPersonal = (definition: AnyEndpoint, state: AppState, query: Record<string, unknown>): boolean =>
  definition.personal === true || definition.personalWhen?.(state, query) === true;

/** What a personal answer carries, the page that shows one included. */
export const PERSONAL_HEADERS = { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer', 'X-Robots-Tag': 'noindex' };

export function mount(router: Router, endpoints: AnyEndpoint[], cache: ResponseCache, admission: Admission): void {
  for (const definition of endpoints) router[definition.method](definition.path, answering(definition, cache, admission));
}

/**
 * The middleware that answers one call: access, the response cache, the input checked against its schemas, admission
 * for reads, and the answer produced through its schema. The router mounts it; app.ts also puts the insight beacon's
 * ahead of the layers that call needs none of.
 */
export function answering(definition: AnyEndpoint, cache: ResponseCache, admission: Admission): Middleware {
  const invalidates = definition.access !== 'public' && definition.access !== 'user' && MUTATING.includes(definition.method) && !definition.keepsCache;
  return async (koaCtx) => {
    const ctx = koaCtx as AppContext;
    checkAccess(definition.access, ctx.state.user);
    const { audience } = ctx.state;
    const personal = isPersonal(definition, ctx.state, ctx.query);
    // Calls with an Authorization header are neither answered from nor stored in the cache (contract.md §8).
    const cached = definition.cached === true && !ctx.headers.authorization && !personal;
    const generation = cached ? cache.serve(ctx, audience) : null;
    if (cached && generation === null) return;

    const input = {
      params: parse(definition.params, ctx.params),
      query: parse(definition.query, ctx.query),
      // An endpoint that takes a form or JSON reads its form itself; the JSON is checked here.
      body: definition.form && !ctx.is('json') ? undefined : parse(definition.body, (ctx.request as { body?: unknown }).body ?? {}),
    };
    // A read that needs the database waits its turn, and is refused (503) rather than kept waiting past its budget.
    const admitted = definition.method === 'get' && !definition.stream;
    const result = admitted ? await admission.run(async () => definition.handle(ctx, input)) : await definition.handle(ctx, input);
    // A stream has answered on its socket and stays open: nothing below concerns it.
    if (ctx.respond === false) return;
    if (result instanceof Answer) {
      ctx.status = result.status;
      ctx.body = result.body;
    } else if (result !== undefined) {
      ctx.status = definition.status ?? 200;
      ctx.body = result;
    } else if (ctx.body === undefined && ctx.status === 404) {
      ctx.status = 204;
    }
    // Before the cache keeps it: a cached answer is produced once, and what is kept is what the schema allows.
    const produced = produce(definition, ctx.status, ctx.body);
    if (produced !== ctx.body) ctx.body = produced;
    if (generation !== null && ctx.status === 200) cache.store(ctx, audience, generation, sharedCaching(definition));
    if (personal) ctx.set(PERSONAL_HEADERS);
    // Any content change by staff makes every cached public answer stale, in this process and the others.
    if (invalidates && ctx.status < 400) await cache.invalidate(ctx.state.changed);
  };
}

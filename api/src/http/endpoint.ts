import type Router from '@koa/router';
import { ADMIN_ROLES, ENTITLED_SUBSCRIPTION_STATUSES } from '@redaktion/shared';
import { z } from 'zod';
import type { UserRow } from '../services/users.js';
import type { AppContext } from './context.js';
import { forbidden, notAuthenticated, validationError } from './errors.js';
import type { Admission } from './admission.js';
import type { Audience, ResponseCache } from './response-cache.js';

export type Access = 'public' | 'user' | 'admin' | 'super_admin';
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

type Input<P, Q, B> = { params: P; query: Q; body: B };

/**
 * One API call, declared: what it accepts, who may call it and what it answers. The router,
 * the validation and the OpenAPI document are all made from these declarations.
 */
export interface Endpoint<P = unknown, Q = unknown, B = unknown> {
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
  /** The JSON answer, for the reference; endpoints that stream say what they produce instead. */
  response?: z.ZodType;
  produces?: string;
  status?: number;
  /** Further answers worth naming in the reference (beyond 400, 401, 403 and 404). */
  answers?: Record<number, { description: string; schema?: z.ZodType }>;
  /** Public reads whose answer depends only on the URL and the audience may be served from the response cache. */
  cached?: boolean;
  handle(ctx: AppContext, input: Input<P, Q, B>): unknown;
}

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

export const isAdmin = (user: UserRow | null): boolean =>
  Boolean(user && (ADMIN_ROLES as readonly string[]).includes(user.role));

/** Premium content goes to active subscribers and admins (contract.md §3). */
export const isEntitled = (user: UserRow | null): boolean =>
  Boolean(user && (isAdmin(user) || (ENTITLED_SUBSCRIPTION_STATUSES as readonly (string | null)[]).includes(user.subscriptionStatus)));

/** Whose answers a caller gets from the response cache. */
export const audienceOf = (user: UserRow | null): Audience => (isAdmin(user) ? 'staff' : isEntitled(user) ? 'subscriber' : 'reader');

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

const MUTATING: readonly Method[] = ['post', 'put', 'patch', 'delete'];

export function mount(router: Router, endpoints: AnyEndpoint[], cache: ResponseCache, admission: Admission): void {
  for (const definition of endpoints) {
    const invalidates = definition.access !== 'public' && definition.access !== 'user' && MUTATING.includes(definition.method);
    router[definition.method](definition.path, async (koaCtx) => {
      const ctx = koaCtx as AppContext;
      checkAccess(definition.access, ctx.state.user);
      const audience = audienceOf(ctx.state.user);
      // Calls with an Authorization header are neither answered from nor stored in the cache (contract.md §8).
      const cached = definition.cached === true && !ctx.headers.authorization;
      const generation = cached ? cache.serve(ctx, audience) : null;
      if (cached && generation === null) return;

      const input = {
        params: parse(definition.params, ctx.params),
        query: parse(definition.query, ctx.query),
        // An endpoint that takes a form or JSON reads its form itself; the JSON is checked here.
        body: definition.form && !ctx.is('json') ? undefined : parse(definition.body, (ctx.request as { body?: unknown }).body ?? {}),
      };
      // A read that needs the database waits its turn, and is refused (503) rather than kept waiting past its budget.
      const result = definition.method === 'get' ? await admission.run(async () => definition.handle(ctx, input)) : await definition.handle(ctx, input);
      if (result instanceof Answer) {
        ctx.status = result.status;
        ctx.body = result.body;
      } else if (result !== undefined) {
        ctx.status = definition.status ?? 200;
        ctx.body = result;
      } else if (ctx.body === undefined && ctx.status === 404) {
        ctx.status = 204;
      }
      if (generation !== null && ctx.status === 200) cache.store(ctx, audience, generation);
      // Any content change by staff makes every cached public answer stale, in this process and the others.
      if (invalidates && ctx.status < 400) await cache.invalidate();
    });
  }
}

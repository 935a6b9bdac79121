import { randomUUID, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import type { Context, Middleware } from 'koa';
import type { DatabaseAvailability } from '../db/availability.js';
import { log, withLogContext } from '../log.js';
import { ERROR_CODES } from '@redaktion/shared';
import { notFound, unavailable } from '../errors.js';
import type { Metrics } from './metrics.js';

const OPS_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * What a request is logged and measured under: the route pattern, never the path (a path or its query may carry a
 * token), so that one label stands for every article rather than one per id.
 */
export function routePattern(ctx: Context): string {
  const matched = (ctx as { _matchedRoute?: unknown })._matchedRoute ?? ctx.state.route;
  if (typeof matched === 'string') return matched;
  if (OPS_PATHS.has(ctx.path)) return ctx.path;
  const prefix = ['/api/', '/uploads/', '/assets/', '/media/'].find((candidate) => ctx.path.startsWith(candidate));
  if (prefix) return `${prefix}*`;
  return path.extname(ctx.path) ? 'static file' : 'page';
}

/** A request id the client chose is kept when it is plain; anything else gets one of ours. */
export const requestIdOf = (header: string) => (/^[\w.:-]{1,100}$/.test(header) ? header : randomUUID());

/** What one answered request leaves: its line in the log and its time in the metrics. */
export interface RequestLine { requestId: string; method: string; route: string; status: number; started: bigint; finished: boolean }

export function recordRequest(metrics: Metrics, { requestId, method, route, status, started, finished }: RequestLine): void {
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  metrics.observeRequest({ method, route, status }, seconds);
  log.info({ reqId: requestId, method, route, status, ms: Math.round(seconds * 1000), finished }, 'request');
}

/** Client mistakes at the socket: a short info line, not a stack trace. */
const HUNG_UP = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE', 'ERR_STREAM_DESTROYED']);

/** Gives each request an id (X-Request-Id, echoed), logs one JSON line when its answer is done and times it. */
export function observeRequests(metrics: Metrics): Middleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    const requestId = requestIdOf(ctx.get('X-Request-Id'));
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    ctx.res.once('close', () => recordRequest(metrics, {
      requestId, method: ctx.method, route: routePattern(ctx), status: ctx.status, started, finished: ctx.res.writableFinished,
    }));
    // The id reaches every line logged while answering, and the background jobs the request starts.
    await withLogContext({ reqId: requestId }, next);
  };
}

/** Koa's error event: a client that went away is an info line, anything else unexpected a full error. */
export function logRequestError(error: Error & { status?: number; code?: string }, ctx?: Context): void {
  const context = ctx ? { reqId: ctx.state.requestId as string | undefined, route: routePattern(ctx) } : {};
  if (error.code && (HUNG_UP.has(error.code) || error.code.startsWith('HPE_'))) {
    log.info({ ...context, code: error.code }, 'Client went away before the answer was sent');
  } else if ((error.status ?? 500) >= 500) {
    log.error({ ...context, err: error }, 'Request failed');
  }
}

export interface Readiness {
  /** Set once SIGTERM arrives: the load balancer is told to stop sending, and connections close after their answer. */
  draining: boolean;
}

/**
 * `/healthz` (the process runs), `/readyz` (the database answers and the process is not draining) and `/metrics`
 * (Prometheus, only with METRICS_TOKEN as a bearer token; 404 when no token is configured).
 */
export function operationsEndpoints(options: {
  availability: DatabaseAvailability; readiness: Readiness; metrics: Metrics; metricsToken: string | null;
}): Middleware {
  const { availability, readiness, metrics, metricsToken } = options;
  const expected = metricsToken ? Buffer.from(`Bearer ${metricsToken}`) : null;
  return async (ctx, next) => {
    if (readiness.draining) ctx.set('Connection', 'close');
    if (!OPS_PATHS.has(ctx.path) || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    ctx.set('Cache-Control', 'no-store');
    if (ctx.path === '/healthz') {
      ctx.body = { status: 'ok' };
    } else if (ctx.path === '/readyz') {
      const ready = !readiness.draining && (await availability.check());
      ctx.status = ready ? 200 : 503;
      ctx.body = { status: ready ? 'ready' : readiness.draining ? 'draining' : 'database unavailable' };
    } else {
      if (!expected) throw notFound('No such path');
      const given = Buffer.from(ctx.get('Authorization'));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        ctx.set('WWW-Authenticate', 'Bearer');
        ctx.status = 401;
        ctx.body = { error: 'A valid METRICS_TOKEN bearer token is required', code: ERROR_CODES.notAuthenticated };
        return;
      }
      ctx.type = metrics.registry.contentType;
      ctx.body = await metrics.registry.metrics();
    }
  };
}

/**
 * While the database is known to be away, calls that need it (the API, and any request with a session to read) answer
 * 503 at once instead of each waiting for a timeout; those already waiting when the outage is found are answered then.
 */
export function failFastWhileDatabaseDown(availability: DatabaseAvailability, sessionCookie: string): Middleware {
  const marker = `${sessionCookie}=`;
  return async (ctx, next) => {
    if (!ctx.path.startsWith('/api/') && !ctx.headers.cookie?.includes(marker) && !ctx.headers.authorization) return next();
    if (availability.down) throw unavailable(5);
    const handled = next();
    let forget: () => void = () => undefined;
    const outage = new Promise<'outage'>((resolve) => { forget = availability.onNextOutage(() => resolve('outage')); });
    const outcome = await Promise.race([handled.then(() => 'answered' as const), outage]).finally(forget);
    if (outcome === 'outage') {
      // The abandoned call ends on its own timeouts; its failure has no one left to answer.
      handled.catch(() => undefined);
      throw unavailable(5);
    }
  };
}

import type { Middleware } from 'koa';
import { ERROR_CODES, type ApiErrorBody, type ErrorCode } from '@redaktion/shared';
import { isDatabaseBusy, type DatabaseAvailability } from '../db/availability.js';
import { HttpError, insufficientStorage, isStorageFull, unavailable } from '../errors.js';

/** A database that is away or busy as the 503 a client may retry after; null for any other error. */
export function unavailableFor(error: unknown, availability: DatabaseAvailability): HttpError | null {
  if (isDatabaseBusy(error)) return unavailable(1);
  return availability.failed(error) ? unavailable(5) : null;
}

/** Statuses koa and its body parser raise for client mistakes, translated to our error shape. */
const clientStatusCodes: Record<number, ErrorCode> = {
  400: ERROR_CODES.validation,
  413: ERROR_CODES.tooLarge,
  415: ERROR_CODES.unsupportedType,
};

const UNAVAILABLE_PAGE = '<!doctype html><html lang="sv"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">'
  + '<title>Tillfälligt otillgänglig – Redaktion</title></head><body><main><h1>Tillfälligt otillgänglig</h1>'
  + '<p>Redaktion når inte sin databas just nu. Försök igen om en stund.</p>'
  + '<p lang="en">Redaktion cannot reach its database just now. Try again in a moment.</p></main></body></html>';

/**
 * The one place errors become answers: a client never sees a stack trace, a database that is away or busy is a 503
 * the client may retry, a full disk is a 507, and a 500 only happens for a fault of ours, logged here.
 */
export function errorHandler(availability: DatabaseAvailability): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (caught) {
      const full = isStorageFull(caught);
      const error: Error & { status?: number } = unavailableFor(caught, availability) ?? (full ? insufficientStorage() : caught as Error);
      // The operator must make room: the system's own words go to the log, not to the client.
      if (full) ctx.app.emit('error', caught, ctx);
      let body: ApiErrorBody & Record<string, unknown>;
      if (error instanceof HttpError) {
        ctx.status = error.status;
        body = { ...error.details, error: error.message, code: error.code, ...(error.issues ? { issues: error.issues } : {}) };
      } else if (error.status && clientStatusCodes[error.status]) {
        ctx.status = error.status;
        body = { error: error.status === 400 ? 'Invalid request body' : error.message, code: clientStatusCodes[error.status]! };
      } else {
        ctx.app.emit('error', error, ctx);
        ctx.status = 500;
        body = { error: 'Something went wrong on our side', code: ERROR_CODES.internal };
      }
      // A browser asking for a page (a signed-in reader's, whose session could not be read) gets words, not JSON.
      const page = body.code === ERROR_CODES.unavailable && !ctx.path.startsWith('/api/') && ctx.accepts('json', 'html') === 'html';
      ctx.body = page ? UNAVAILABLE_PAGE : body;
      // A failed file answer may already have set the file's type and validators.
      ctx.type = page ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8';
      ctx.remove('ETag');
      ctx.remove('Last-Modified');
      ctx.remove('Cache-Control');
      // After the removals: an error may name its own validators (the ETag of an edit conflict's current item).
      if (error instanceof HttpError && error.headers) ctx.set(error.headers);
    }
  };
}

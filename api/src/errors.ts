import { ERROR_CODES, type ErrorCode } from '@redaktion/shared';
import type { z } from 'zod';

/**
 * The API's error vocabulary: what services and handlers throw when a client's request cannot be done. It knows no
 * HTTP layer (a service throws these without importing it); http/errors.ts turns them into answers.
 */

/** An error a client caused or may see: its status, message and code reach the client as they are. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: ErrorCode,
    readonly issues?: { path: string; message: string }[],
    readonly headers?: Record<string, string>,
    /** Further fields of the answer, such as the current item of an edit conflict. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message, ERROR_CODES.validation);
export const notAuthenticated = () => new HttpError(401, 'Not authenticated', ERROR_CODES.notAuthenticated);
export const forbidden = (message = 'You do not have permission to do this') => new HttpError(403, message, ERROR_CODES.forbidden);
export const notFound = (message = 'Not found') => new HttpError(404, message, ERROR_CODES.notFound);
export const conflict = (message: string) => new HttpError(409, message, ERROR_CODES.conflict);
export const notConfigured = (what: string) => new HttpError(503, `${what} is not configured`, ERROR_CODES.notConfigured);
/** The database is away or busy: the client may try again after `retryAfterSeconds`. */
export const unavailable = (retryAfterSeconds: number) => new HttpError(503, 'The service is temporarily unavailable; try again shortly',
  ERROR_CODES.unavailable, undefined, { 'Retry-After': String(retryAfterSeconds) });

/**
 * A write that found no room: the disk full or over quota (ENOSPC, EDQUOT, also SQLite's database file on it) or
 * PostgreSQL's own disk full (53100). The system's wording names paths and is no help to a client.
 */
const STORAGE_FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100']);
export const isStorageFull = (error: unknown): boolean =>
  error instanceof Error && STORAGE_FULL_CODES.has((error as Error & { code?: unknown }).code as string);
export const insufficientStorage = () => new HttpError(507, 'The server has no room left to store this just now; try again later',
  ERROR_CODES.insufficientStorage);

export function validationError(error: z.ZodError): HttpError {
  const issues = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  return new HttpError(400, issues[0]?.message ?? 'Invalid input', ERROR_CODES.validation, issues);
}

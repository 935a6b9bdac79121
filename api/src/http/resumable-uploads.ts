import type { Middleware } from 'koa';
import { NodeRequest } from 'srvx/node';
import { ERROR_CODES, RESUMABLE_UPLOADS_PATH, type ErrorCode } from '@redaktion/shared';
import type { ResumableUploads } from '../services/resumable-uploads.js';
import { badRequest } from './errors.js';

const TUS_METHODS = new Set(['POST', 'PATCH', 'HEAD', 'DELETE', 'OPTIONS']);

const codeFor = (status: number): ErrorCode =>
  ({ 404: ERROR_CODES.notFound, 409: ERROR_CODES.conflict, 410: ERROR_CODES.notFound, 413: ERROR_CODES.tooLarge, 415: ERROR_CODES.unsupportedType } as Record<number, ErrorCode>)[status]
  ?? (status >= 500 ? ERROR_CODES.internal : ERROR_CODES.validation);

/**
 * Hands `/api/admin/uploads` to the tus server (the admin guard has already run) and turns its answer into
 * Koa's, so that every error reads `{error, code}` like the rest of the API. Mounted before the body parser:
 * the request body is the upload's bytes, streamed to disk.
 */
export function resumableUploads(uploads: ResumableUploads): Middleware {
  return async (ctx, next) => {
    if (!(ctx.path === RESUMABLE_UPLOADS_PATH || ctx.path.startsWith(`${RESUMABLE_UPLOADS_PATH}/`)) || !TUS_METHODS.has(ctx.method)) return next();
    // No creation-defer-length (contract.md §8): the size is known when the upload is created.
    if (ctx.method === 'POST' && ctx.get('Upload-Length') === '') throw badRequest('Upload-Length is required');
    const answer = await uploads.server.handleWeb(new NodeRequest({ req: ctx.req, res: ctx.res }));
    ctx.status = answer.status;
    answer.headers.forEach((value, name) => { if (name !== 'content-length') ctx.set(name, value); });
    const text = await answer.text();
    if (answer.status >= 400) {
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = { error: text.trim() || 'Upload failed', code: codeFor(answer.status) };
      }
      ctx.body = body;
    } else if (ctx.method !== 'HEAD') {
      ctx.body = text;
    }
  };
}

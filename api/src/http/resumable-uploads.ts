import type { Middleware } from 'koa';
import { NodeRequest } from 'srvx/node';
import { ERROR_CODES, RESUMABLE_LIMITS_MB, RESUMABLE_UPLOADS_PATH, type ErrorCode } from '@redaktion/shared';
import type { ResumableUploads } from '../services/media/resumable-uploads.js';
import { badRequest } from '../errors.js';
import { answersOf } from './openapi.js';

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

const tusHeader = (name: string, description: string, schema: object = { type: 'string' }) => ({ name, in: 'header', required: true, schema, description });
const byteCount = { type: 'string', pattern: '^[0-9]+$' };
/** Every tus request but OPTIONS names the protocol version (412 otherwise). */
const tusVersion = tusHeader('Tus-Resumable', 'The protocol version', { type: 'string', enum: ['1.0.0'] });
const uploadId = { name: 'id', in: 'path', required: true, schema: { type: 'string' }, description: 'From the Location of the creation answer' };
const security = [{ session: [] }, { accessToken: [] }];
const who = 'Who may call it: Role admin or super_admin. Protocol: tus 1.0.0 (https://tus.io/protocols/resumable-upload), every request with Tus-Resumable: 1.0.0.';
const error = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
/** A tus call's answers: its own, tus's refusal of another protocol version, and those of every admin call of its method. */
const answers = (method: string, path: string, own: Record<string, object>) => answersOf({ path, method, access: 'admin', input: false, jsonBody: false }, {
  ...(method === 'options' ? {} : { 412: error('Tus-Resumable is missing or names a version other than 1.0.0') }),
  ...own,
});
const item = `${RESUMABLE_UPLOADS_PATH}/{id}`;

/** The reference of the tus calls, for /api/openapi.json and /api/docs. */
export const resumableUploadsReference = {
  [RESUMABLE_UPLOADS_PATH]: {
    post: {
      tags: ['Admin: uploads'], security, description: who,
      summary: 'Creates a resumable upload (tus creation). Limits by the declared type: '
        + `video UPLOAD_MAX_VIDEO_MB (${RESUMABLE_LIMITS_MB.video} MB), audio ${RESUMABLE_LIMITS_MB.audio} MB, image ${RESUMABLE_LIMITS_MB.image} MB`,
      parameters: [
        tusVersion,
        tusHeader('Upload-Length', 'The file size in bytes (required: no deferred length)', byteCount),
        tusHeader('Upload-Metadata', 'filename and filetype (the MIME type: image/*, audio/* or video/*), each base64: "filename ZmlsbS5tcDQ=,filetype dmlkZW8vbXA0"'),
      ],
      responses: answers('post', RESUMABLE_UPLOADS_PATH, {
        201: { description: 'Created: Location is the upload\'s path; Upload-Expires says when an unfinished upload is deleted (24 hours)' },
        400: error('No Upload-Length, an empty file, or metadata without filename or filetype'),
        413: error('Larger than the limit for the declared type'), 415: error('A filetype that is not an image, audio or video'),
      }),
    },
    options: {
      tags: ['Admin: uploads'], security, description: who, summary: 'The server\'s tus version, extensions and largest size', parameters: [],
      responses: answers('options', RESUMABLE_UPLOADS_PATH, { 204: { description: 'Tus-Version, Tus-Extension, Tus-Max-Size' } }),
    },
  },
  [item]: {
    head: {
      tags: ['Admin: uploads'], security, description: who, parameters: [tusVersion, uploadId],
      summary: 'Where to resume: Upload-Offset (bytes stored) and Upload-Length; a finished upload also names its url and kind in Upload-Metadata',
      responses: answers('head', item, { 200: { description: 'Upload-Offset, Upload-Length, Upload-Metadata' }, 404: { description: 'Unknown, terminated or refused upload' }, 410: { description: 'Expired' } }),
    },
    patch: {
      tags: ['Admin: uploads'], security, description: who,
      summary: 'Sends bytes from Upload-Offset (Content-Type: application/offset+octet-stream). The PATCH that brings the last byte answers 200 {url, kind}: the bytes are sniffed and the file placed as POST /api/upload places it',
      parameters: [tusVersion, uploadId, tusHeader('Upload-Offset', 'Must equal the offset HEAD reports', byteCount)],
      responses: answers('patch', item, {
        200: { description: 'The last byte arrived', content: { 'application/json': { schema: { $ref: '#/components/schemas/UploadAnswer' } } } },
        204: { description: 'Stored; Upload-Offset is the new offset' },
        409: error('Upload-Offset is not the stored offset: ask HEAD'), 410: error('Expired'),
        415: error('The bytes are not an accepted file of the declared type (the upload is deleted), or not sent as application/offset+octet-stream'),
      }),
    },
    delete: {
      tags: ['Admin: uploads'], security, description: who, parameters: [tusVersion, uploadId],
      summary: 'Ends an unfinished upload and deletes its bytes (tus termination)',
      responses: answers('delete', item, { 204: { description: 'Deleted' }, 400: error('A finished upload cannot be terminated') }),
    },
  },
};

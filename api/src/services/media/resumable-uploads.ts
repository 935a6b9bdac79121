import type { Readable } from 'node:stream';
import { Server, type Upload } from '@tus/server';
import { ERROR_CODES, RESUMABLE_LIMITS_MB, UPLOAD_FORMATS, type ErrorCode, type UploadAnswer } from '@redaktion/shared';
import type { Config } from '../../config.js';
import { insufficientStorage, isStorageFull } from '../../errors.js';
import { log } from '../../log.js';
import { sniffType, type FileKind } from './uploads.js';
import { createPartsStore } from './resumable-stores.js';
import type { UploadPlacement } from './upload-placement.js';

const MB = 1024 * 1024;
const DAY_MS = 24 * 60 * 60 * 1000;
const HEAD_BYTES = 16;

/** An error the tus server sends as it is: the status and our JSON error body. */
const refusal = (status_code: number, error: string, code: ErrorCode) => ({ status_code, body: JSON.stringify({ error, code }) });

const KIND_WORDS: Record<FileKind, string> = { image: 'Images', audio: 'Audio files', video: 'Videos' };
/** The formats a kind takes, as a sentence reads them: 'MP4, WebM, OGG, AVI or MOV'. */
const accepted = (kind: FileKind) => UPLOAD_FORMATS[kind].names.join(', ').replace(/, (?=[^,]+$)/, ' or ');

/** The kind a client declares through `filetype` (its MIME type); the bytes must agree when they have all arrived. */
function declaredKind(filetype: string | null | undefined): FileKind | null {
  const major = filetype?.split('/')[0]?.toLowerCase();
  return major === 'image' || major === 'audio' || major === 'video' ? major : null;
}

/** The first bytes of a stream, which is then closed (leaving a loop early destroys it). */
async function readHead(stream: Readable): Promise<Buffer> {
  let head = Buffer.alloc(0);
  for await (const chunk of stream) {
    head = Buffer.concat([head, chunk as Buffer]);
    if (head.length >= HEAD_BYTES) break;
  }
  return head.subarray(0, HEAD_BYTES);
}

/**
 * Resumable uploads over tus 1.0.0 (contract.md §8) for files too large for one request: the parts wait in
 * DATA_DIR/resumable or the bucket until the last byte, then are sniffed and put into the store as `POST /api/upload`
 * places a file.
 * The finished upload's answer is kept in its metadata for 24 hours, so a client whose final PATCH answer was lost
 * reads `url` and `kind` from the upload's HEAD (`Upload-Metadata`).
 */
export function createResumableUploads(config: Config, placement: UploadPlacement) {
  const limits: Record<FileKind, number> = { image: RESUMABLE_LIMITS_MB.image * MB, audio: RESUMABLE_LIMITS_MB.audio * MB, video: config.uploadMaxVideoBytes };
  const { store, naming } = createPartsStore(config, DAY_MS);
  // No creation-defer-length: the size must be known at creation, so that the limit is checked there.
  store.extensions = ['creation', 'creation-with-upload', 'termination', 'expiration'];

  async function finish(upload: Upload): Promise<UploadAnswer> {
    const metadata = upload.metadata ?? {};
    if (metadata.url && metadata.kind) return { url: metadata.url, kind: metadata.kind as FileKind };
    const kind = declaredKind(metadata.filetype)!;
    const type = sniffType(await readHead(await store.read(upload.id)), [kind]);
    if (!type) {
      await store.remove(upload.id);
      throw refusal(415, `The file is not one of the accepted ${kind} types (${accepted(kind)})`, ERROR_CODES.unsupportedType);
    }
    // The parts are copied into the store; the upload's record stays until expiry, for HEAD (keepAnswer lets go of the bytes).
    const answer = await placement.placeStream(type, upload.size ?? 0, await store.read(upload.id));
    await store.keepAnswer(upload.id, answer);
    return answer;
  }

  const server = new Server({
    path: '/api/admin/uploads',
    datastore: store,
    ...naming,
    relativeLocation: true,
    // Advertised as the largest limit; at creation the declared type's own limit is checked, with its own words.
    maxSize: (req) => (req.method === 'POST' ? 0 : Math.max(...Object.values(limits))),
    // Same-origin only: the web admin is on this origin and the desktop app calls from its main process.
    allowedOrigins: () => false,
    disableTerminationForFinishedUploads: true,
    async onUploadCreate(_req, upload) {
      const { filename, filetype } = upload.metadata ?? {};
      if (!filename || !filetype) throw refusal(400, 'Upload-Metadata must carry filename and filetype', ERROR_CODES.validation);
      const kind = declaredKind(filetype);
      if (!kind) throw refusal(415, 'Only images, audio and video can be uploaded', ERROR_CODES.unsupportedType);
      if (!upload.size) throw refusal(400, 'The file is empty', ERROR_CODES.validation);
      if (upload.size > limits[kind]) {
        throw refusal(413, `${KIND_WORDS[kind]} must be smaller than ${Math.round(limits[kind] / MB)}MB`, ERROR_CODES.tooLarge);
      }
      // The answer keys are ours: a client cannot plant them.
      return { metadata: Object.fromEntries(Object.entries(upload.metadata ?? {}).filter(([key]) => key !== 'url' && key !== 'kind')) };
    },
    // A fault while storing (a full disk above all) is answered in our words: the system's name a path on the server.
    onResponseError(_req, error) {
      if ('status_code' in error) return undefined;
      log.error({ err: error }, 'Resumable upload failed');
      const answer = isStorageFull(error) ? insufficientStorage() : null;
      return answer ? refusal(answer.status, answer.message, answer.code) : refusal(500, 'Something went wrong on our side', ERROR_CODES.internal);
    },
    async onUploadFinish(_req, upload) {
      const answer = await finish(upload);
      return { status_code: 200, headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: JSON.stringify(answer) };
    },
  });

  return {
    server,
    /** Deletes the parts of uploads older than 24 hours, finished or not (a finished one's file is already in place). */
    async sweep(): Promise<number> {
      await store.prepare();
      return server.cleanUpExpiredUploads();
    },
  };
}

export type ResumableUploads = ReturnType<typeof createResumableUploads>;

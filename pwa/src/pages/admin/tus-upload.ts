import { Upload, type DetailedError } from 'tus-js-client';
import { RESUMABLE_UPLOADS_PATH, type UploadAnswer } from '@redaktion/shared';
import { ApiError } from '@redaktion/shared/client';
import type { AdminPlatform } from '@redaktion/pwa/admin';

/** 8 MB: a cut costs at most one chunk again, and a 1 GB video is about 130 requests. */
const CHUNK_SIZE = 8 * 1024 * 1024;
/** A flaky line: wait a little longer each time, then keep trying every 30 s for a few minutes. */
const RETRY_DELAYS_MS = [0, 1000, 3000, 10_000, 30_000, 30_000, 30_000, 30_000, 30_000, 30_000];

/**
 * AdminPlatform.resumableUpload over tus-js-client, same origin with the session cookie. The browser remembers an
 * unfinished upload by the file (localStorage), so choosing the same file again after a reload resumes it too.
 */
export const tusUpload: NonNullable<AdminPlatform['resumableUpload']> = (file, { onProgress, signal } = {}) =>
  new Promise<UploadAnswer>((resolve, reject) => {
    const finish = () => signal?.removeEventListener('abort', cancel);
    const upload = new Upload(file, {
      endpoint: `${window.location.origin}${RESUMABLE_UPLOADS_PATH}`,
      chunkSize: CHUNK_SIZE,
      retryDelays: RETRY_DELAYS_MS,
      metadata: { filename: file.name, filetype: file.type || 'application/octet-stream' },
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => onProgress?.(total > 0 ? Math.round((sent / total) * 100) : 0),
      onSuccess: ({ lastResponse }) => {
        finish();
        const answer = finishedAnswer(lastResponse.getBody(), lastResponse.getHeader('Upload-Metadata'));
        if (answer) resolve(answer);
        else reject(new Error('Invalid JSON response'));
      },
      onError: (error) => {
        finish();
        reject(refusal(error));
      },
    });
    function cancel() {
      // Deletes what the server holds of it: a cancelled upload is not resumed later.
      void upload.abort(true).catch(() => undefined);
      reject(new DOMException('Upload cancelled', 'AbortError'));
    }
    signal?.addEventListener('abort', cancel, { once: true });
    onProgress?.(0);
    // Without storage (a private window) there is nothing to resume: it starts from the first byte.
    void upload.findPreviousUploads().catch(() => []).then((previous) => {
      if (signal?.aborted) return;
      if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
      upload.start();
    });
  });

/**
 * The last PATCH's JSON; or, when an upload resumed after its last PATCH had already arrived (the answer was lost),
 * `url` and `kind` from the HEAD's Upload-Metadata.
 */
function finishedAnswer(body: string, metadata: string | undefined): UploadAnswer | null {
  try {
    return JSON.parse(body) as UploadAnswer;
  } catch {
    const pairs = new Map((metadata ?? '').split(',').map((pair) => {
      const [key = '', value = ''] = pair.trim().split(' ');
      return [key, value ? atob(value) : ''] as const;
    }));
    const url = pairs.get('url');
    const kind = pairs.get('kind');
    return url && (kind === 'image' || kind === 'audio' || kind === 'video') ? { url, kind } : null;
  }
}

/** The server's refusal (`{error, code}`) as the ApiError every admin screen reads; a failure on the way as it is. */
function refusal(error: Error | DetailedError): Error {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  if (!response) return new Error('Network error');
  let body: { error?: string; code?: string } = {};
  try {
    body = JSON.parse(response.getBody()) as typeof body;
  } catch {
    // Not JSON (a proxy's page): the status says enough.
  }
  return new ApiError(response.getStatus(), body.error ?? `Upload failed: ${response.getStatus()}`, body.code);
}

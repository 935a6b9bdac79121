import { ApiError } from '@redaktion/shared/client';
import type { UploadForm, UploadOptions } from './platform';

/** Uploads have a generous ceiling: 100 MB of audio on a slow line. */
const UPLOAD_TIMEOUT_MS = 10 * 60 * 1000;

/**
 * AdminPlatform.upload over XMLHttpRequest, for hosts whose API is reached by relative paths (the PWA's own
 * origin, the desktop renderer's app:// origin): fetch cannot report upload progress.
 */
export function xhrUpload<T>(path: string, form: UploadForm, { onProgress, signal, timeoutMs = UPLOAD_TIMEOUT_MS }: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(form)) {
      if (value instanceof File) body.append(name, value, value.name);
      else body.append(name, value);
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.timeout = timeoutMs;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new Error('Network error'));
    xhr.ontimeout = () => reject(new Error('Upload timeout'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    xhr.onload = () => {
      let parsed: unknown;
      try {
        parsed = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        if (xhr.status < 300) return reject(new Error('Invalid JSON response'));
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(parsed as T);
      const error = (parsed ?? {}) as { error?: string; code?: string; issues?: { path: string; message: string }[] };
      reject(new ApiError(xhr.status, error.error ?? `Upload failed: ${xhr.status} ${xhr.statusText}`, error.code, error.issues));
    };
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    onProgress?.(0);
    xhr.send(body);
  });
}

import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '@redaktion/shared/client';
import type { AdminPlatform, UploadForm, UploadOptions } from '@redaktion/pwa/admin';
import { useServices, useSession, useSettings } from '../../app/context';
import { useI18n } from '../../i18n';
import { toast } from '../../state/toasts';

/** Uploads have a generous ceiling: 100 MB of audio on a slow line. */
const UPLOAD_TIMEOUT_MS = 10 * 60 * 1000;

/** Same-origin calls with the session cookie; one function for the page's life, so the admin's clients are made once. */
const sameOrigin: AdminPlatform['fetch'] = (path, init) => fetch(path, { ...init, credentials: 'include' });

/**
 * The PWA's AdminPlatform: the reader app's session and language, the same-origin API, XMLHttpRequest uploads
 * (fetch cannot report upload progress), the reader's toasts and its cache of public answers.
 */
export function useWebPlatform(): AdminPlatform {
  const { cache } = useServices();
  const { user } = useSession();
  const { locale } = useI18n();
  const { darkMode } = useSettings();
  const navigate = useNavigate();
  return useMemo(() => ({
    user,
    locale,
    theme: darkMode ? 'dark' : 'light',
    fetch: sameOrigin,
    upload: xhrUpload,
    openExternal: (url) => window.open(url, '_blank', 'noopener'),
    openReaderPage: (path) => navigate(path),
    siteUrl: window.location.origin,
    notify: ({ title, description, tone }) => toast(title, description, tone === 'error' ? 'destructive' : 'default'),
    readerDataChanged: (paths) => paths.forEach((path) => cache.invalidate(path)),
  }), [cache, user, locale, darkMode, navigate]);
}

/** A multipart POST over XMLHttpRequest, rejecting as AdminPlatform.upload promises. */
function xhrUpload<T>(path: string, form: UploadForm, { onProgress, signal, timeoutMs = UPLOAD_TIMEOUT_MS }: UploadOptions = {}): Promise<T> {
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

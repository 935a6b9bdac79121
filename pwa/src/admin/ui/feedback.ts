import { useMemo } from 'react';
import { ApiError } from '@redaktion/shared/client';
import { useAdminT, type AdminT } from '../i18n';
import { usePlatform } from '../platform';

/**
 * The server's message for a failed call (translated when known), the platform's own words for a failed upload
 * ('Network error', 'Upload timeout'), or the fallback. A fetch that never reached the server rejects with the
 * browser's TypeError ('Failed to fetch'), which is no message for an editor: the fallback says it instead.
 */
export function failureText(error: unknown, fallback: string, t: AdminT): string {
  if (error instanceof ApiError) return error.serverMessage ? t.message(error.serverMessage) : fallback;
  if (error instanceof Error && error.message && !(error instanceof TypeError)) return t.message(error.message);
  return fallback;
}

/** The editor's toasts, shown by the host (AdminPlatform.notify). */
export function useNotify() {
  const { notify } = usePlatform();
  const t = useAdminT();
  return useMemo(() => ({
    success: (title: string, description?: string) => notify({ title, description, tone: 'success' }),
    error: (title: string, description?: string) => notify({ title, description, tone: 'error' }),
    /** A failure: the spec's title, and the server's reason (when it gave one) beneath it. */
    failure: (title: string, error: unknown) => notify({ title, description: failureText(error, '', t) || undefined, tone: 'error' }),
  }), [notify, t]);
}

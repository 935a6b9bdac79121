import { ApiError } from '@redaktion/shared/client';
import { toast } from '../../state/toasts';
import type { AdminT } from '../i18n';

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

export const toastSuccess = (title: string, description?: string) => toast(title, description);
export const toastError = (title: string, description?: string) => toast(title, description, 'destructive');

/** A failure toast: the spec's title, and the server's reason (when it gave one) beneath it. */
export const toastFailure = (title: string, error: unknown, t: AdminT) => toastError(title, failureText(error, '', t) || undefined);

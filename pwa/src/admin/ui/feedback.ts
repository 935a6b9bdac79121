import { ApiError } from '@redaktion/shared/client';
import { toast } from '../../state/toasts';
import type { AdminT } from '../i18n';

/** The server's message for a failed call (translated when known), or the fallback when there is none to show. */
export function failureText(error: unknown, fallback: string, t: AdminT): string {
  if (error instanceof ApiError && error.serverMessage) return t.message(error.serverMessage);
  if (error instanceof Error && error.message && !(error instanceof ApiError)) return t.message(error.message);
  return fallback;
}

export const toastSuccess = (title: string, description?: string) => toast(title, description);
export const toastError = (title: string, description?: string) => toast(title, description, 'destructive');

/** A failure toast: the spec's title, and the server's reason (when it gave one) beneath it. */
export const toastFailure = (title: string, error: unknown, t: AdminT) => toastError(title, failureText(error, '', t) || undefined);

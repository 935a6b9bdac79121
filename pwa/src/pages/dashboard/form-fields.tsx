import { useCallback, useEffect, useId, useRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { ApiError } from '@redaktion/shared/client';
import { useFocusWhen } from '../../components/focus';
import { useI18n, type Translate } from '../../i18n';
import type { MessageKey } from '../../i18n/en';

/** Where to go after signing in: only a path on this site ('/x', never '//host' or '/\host'), else home. */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value.startsWith('/auth') ? '/' : value;
}

/** The current page as a `returnTo` value for a link to /auth. */
export const authLink = (path: string) => `/auth?returnTo=${encodeURIComponent(path)}`;

/** The error codes the reader app knows (contract.md §7): their words in the reader's language. */
const CODE_KEYS: Partial<Record<string, MessageKey>> = {
  invalid_credentials: 'error.invalidCredentials',
  account_inactive: 'error.accountInactive',
  too_many_attempts: 'error.tooManyAttempts',
  invalid_reset_token: 'error.invalidResetToken',
  not_configured: 'error.notConfigured',
  account_taken: 'error.accountTaken',
  cross_site_request: 'error.crossSite',
};
/** A conflict names what is taken only in its text. */
const CONFLICT_KEYS: Partial<Record<string, MessageKey>> = {
  'Email already registered': 'error.emailTaken',
};

/**
 * What to tell the reader about a failed call: a known code in their language, else the server's own text (or
 * `fallback` when it said nothing), and for a call that never reached the server (fetch rejects with a TypeError) that it needs the network.
 * `words`: the words for codes that only some calls answer, from the dictionary of the pages that make them (the
 * e-mailed code's, i18n/code.ts), which every page does not download.
 */
export function errorMessage(error: unknown, t: Translate, fallback = t('common.error'), words: Partial<Record<string, string>> = {}): string {
  if (error instanceof ApiError) {
    const own = error.code ? words[error.code] : undefined;
    if (own) return own;
    const key = (error.code && CODE_KEYS[error.code]) || (error.code === 'conflict' ? CONFLICT_KEYS[error.serverMessage] : undefined);
    return key ? t(key) : error.serverMessage || fallback;
  }
  return error instanceof TypeError ? t('offline.needsNetwork') : fallback;
}

/** A validation answer's messages by field name (contract.md §2 `issues`). */
export function issuesByField(error: unknown): Record<string, string> {
  const byField: Record<string, string> = {};
  if (error instanceof ApiError) for (const issue of error.issues) byField[issue.path] ??= issue.message;
  return byField;
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

/** A labelled input with its inline error text, tied together for assistive technology. */
export function Field({ label, error, hint, children, 'aria-invalid': invalid, 'aria-describedby': formError, ...input }: InputProps & { label: string; error?: string; hint?: ReactNode; children?: ReactNode }) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : '', formError ?? ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="field-control">
        <input {...input} id={id} aria-invalid={error ? true : invalid} aria-describedby={describedBy} />
        {children}
      </div>
      {hint && <p className="field-hint" id={`${id}-hint`}>{hint}</p>}
      {error && <p className="field-error" id={`${id}-error`}>{error}</p>}
    </div>
  );
}

/** A password input with a show/hide button whose name says what it does. */
export function PasswordField(props: InputProps & { label: string; error?: string; hint?: ReactNode }) {
  const { t } = useI18n();
  const [visible, setVisible] = useState(false);
  return (
    <Field {...props} type={visible ? 'text' : 'password'}>
      <button type="button" className="field-toggle" onClick={() => setVisible((v) => !v)}
        aria-label={visible ? t('auth.hidePassword') : t('auth.showPassword')}>
        <span aria-hidden="true">{visible ? t('auth.hide') : t('auth.show')}</span>
      </button>
    </Field>
  );
}

/**
 * A form-level message under the fields (the toast says it too, but a toast goes away). It takes focus when it
 * appears: the submit button the reader pressed was disabled while the form was sent, and focus went with it.
 */
export function FormError({ message, id }: { message: string | null; id?: string }) {
  const ref = useFocusWhen<HTMLParagraphElement>(message);
  return message ? <p ref={ref} id={id} className="form-error" role="alert" tabIndex={-1}>{message}</p> : null;
}

/**
 * Where focus goes when a form refuses a submit (ADR 21): to its first field marked invalid, whose error is its
 * description and is read with it, so the reader lands where the fix is; with no field marked, to the form's message.
 * `refused()` on every refusal: the same refusal twice focuses twice, and the submit button that was disabled while
 * the form was sent no longer holds the focus. It runs after the form's children, so it has the last word.
 */
export function useRefusalFocus() {
  const form = useRef<HTMLFormElement>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"], .form-error')?.focus();
  }, [refusals]);
  return { form, refused: useCallback(() => setRefusals((count) => count + 1), []) };
}

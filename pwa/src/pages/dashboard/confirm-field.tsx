import { useState, type ReactNode } from 'react';
import type { User } from '@redaktion/shared';
import { useServices } from '../../services/context';
import { useI18n } from '../../i18n';
import { codeText } from '../../i18n/code';
import { toast } from '../../state/toasts';
import { Field, PasswordField, errorMessage } from './form-fields';

/** A user kept on the device from before accounts could be without a password has no `hasPassword`: it has one. */
const hasPassword = (user: User) => user.hasPassword !== false;

interface ConfirmFieldProps {
  user: User;
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/**
 * What confirms a password-protected act (an e-mail change, a password change, the deletion): the password, or for an
 * account without one (made or proven by an e-mailed code) a fresh code it asks for here (contract §9 [revenue]).
 */
export function ConfirmField({ user, label, name, value, onChange, error, hint, ...aria }: ConfirmFieldProps) {
  const { t, locale } = useI18n();
  const text = codeText(locale);
  const { api } = useServices();
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  if (hasPassword(user)) {
    return <PasswordField label={label} name={name} autoComplete="current-password" value={value} onChange={(event) => onChange(event.target.value)}
      error={error} hint={hint} {...aria} />;
  }

  async function send() {
    setBusy(true);
    setSent(false);
    try {
      await api.requestLoginCode({ email: user.email, locale });
      setSent(true);
    } catch (caught) {
      toast(text.failed, errorMessage(caught, t, undefined, text.errors), 'destructive');
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Field label={text.label} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={12} value={value}
        onChange={(event) => onChange(event.target.value)} error={error} hint={text.confirmHint} {...aria} />
      <div className="actions">
        <button type="button" className="button button-ghost" disabled={busy} onClick={() => void send()}>{sent ? text.resend : text.send}</button>
      </div>
      {/* Always in the page, so that the confirmation is announced when its text arrives. */}
      <p role="status" className="muted">{sent ? text.sentToAccount(user.email) : ''}</p>
    </>
  );
}

/** The confirmation as the call takes it: the password under the call's own name for it, or the code. */
export const confirmation = <K extends string>(user: User, value: string, key: K): Partial<Record<K | 'code', string>> =>
  (hasPassword(user) ? { [key]: value } : { code: value.replace(/\s/g, '') }) as Partial<Record<K | 'code', string>>;

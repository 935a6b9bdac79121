import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useServices } from '../app/context';
import { useI18n } from '../i18n';
import { toast } from '../state/toasts';
import { Field, FormError, errorMessage } from './dashboard/form-fields';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The reset link as a path on this site, so that "Continue" stays in the app. */
function localPath(url: string): string {
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.pathname + parsed.search;
  } catch {
    return '/reset-password';
  }
}

function ResetLink({ url }: { url: string }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      input.current?.select();
      document.execCommand('copy');
    }
    setCopied(true);
    toast(t('common.copied'), t('forgot.copiedText'));
  }

  return (
    <div className="stack">
      <div className="field">
        <label htmlFor="reset-url">{t('forgot.linkReady')}</label>
        <div className="copy-row">
          <input id="reset-url" ref={input} type="text" readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
          <button type="button" className="button button-ghost" onClick={() => void copy()}>
            {copied ? <><span aria-hidden="true">✓ </span>{t('common.copied')}</> : t('forgot.copy')}
          </button>
        </div>
        <p className="visually-hidden" aria-live="polite">{copied ? t('common.copied') : ''}</p>
      </div>
      <Link to={localPath(url)} className="button button-accent button-block">{t('forgot.continue')}</Link>
    </div>
  );
}

export default function ForgotPassword() {
  const { t } = useI18n();
  const { api } = useServices();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ message: string; resetUrl?: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!EMAIL.test(email.trim())) {
      setInvalid(true);
      toast(t('forgot.invalidEmail'), undefined, 'destructive');
      return;
    }
    setInvalid(false);
    setBusy(true);
    try {
      setAnswer(await api.requestPasswordReset(email.trim()));
    } catch (caught) {
      const message = errorMessage(caught, t, t('forgot.failed'));
      setError(message);
      toast(t('forgot.failed'), message === t('forgot.failed') ? undefined : message, 'destructive');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="container account-page">
      <section className="account-card account-card-narrow">
        <h1 id="forgot-title" className="account-title">{t('forgot.title')}</h1>
        {answer ? (
          answer.resetUrl ? <ResetLink url={answer.resetUrl} /> : <p className="notice" role="status">{answer.message}</p>
        ) : (
          <form className="account-form" noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
            <p className="muted">{t('forgot.text')}</p>
            <Field label={t('auth.email')} type="email" name="email" autoComplete="email" value={email}
              onChange={(event) => setEmail(event.target.value)} error={invalid ? t('forgot.invalidEmail') : undefined} />
            <FormError message={error} />
            <button type="submit" className="button button-accent button-block" disabled={busy}>{t('forgot.submit')}</button>
          </form>
        )}
        <p className="form-aside"><Link to="/auth">{t('forgot.backToLogin')}</Link></p>
      </section>
    </div>
  );
}

import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useServices } from '../services/context';
import { useI18n } from '../i18n';
import { toast } from '../state/toasts';
import { useFocusWhen } from '../components/focus';
import { formValues } from '../components/form-values';
import { Field, FormError, errorMessage, useRefusalFocus } from './dashboard/form-fields';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export default function ForgotPassword() {
  const { t } = useI18n();
  const { api } = useServices();
  const [invalid, setInvalid] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  // The form, and the button that had focus, give way to the answer: focus goes to it.
  const sentNote = useFocusWhen<HTMLParagraphElement>(sent);
  const { form, refused } = useRefusalFocus();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { email } = formValues(event, ['email']);
    setError(null);
    if (!EMAIL.test(email.trim())) {
      setInvalid(true);
      refused();
      toast(t('forgot.invalidEmail'), undefined, 'destructive');
      return;
    }
    setInvalid(false);
    setBusy(true);
    try {
      await api.requestPasswordReset(email.trim());
      setSent(true);
    } catch (caught) {
      const message = errorMessage(caught, t, t('forgot.failed'));
      setError(message);
      refused();
      toast(t('forgot.failed'), message === t('forgot.failed') ? undefined : message, 'destructive');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="container account-page">
      <section className="account-card account-card-narrow">
        <h1 id="forgot-title" className="account-title">{t('forgot.title')}</h1>
        {sent ? (
          // The same words for every address: the link itself only ever travels by e-mail (contract.md §3).
          <p ref={sentNote} className="notice" role="status" tabIndex={-1}>{t('forgot.sent')}</p>
        ) : (
          <form ref={form} className="account-form" noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
            <p className="muted">{t('forgot.text')}</p>
            <Field label={t('auth.email')} type="email" name="email" autoComplete="email" error={invalid ? t('forgot.invalidEmail') : undefined} />
            <FormError message={error} />
            <button type="submit" className="button button-accent button-block" disabled={busy}>{t('forgot.submit')}</button>
          </form>
        )}
        <p className="form-aside"><Link to="/auth">{t('forgot.backToLogin')}</Link></p>
      </section>
    </div>
  );
}

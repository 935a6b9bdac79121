import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useServices } from '../services/context';
import { useI18n } from '../i18n';
import { toast } from '../state/toasts';
import { useFocusWhen } from '../components/focus';
import { formValues } from '../components/form-values';
import { FormError, PasswordField, errorMessage, useRefusalFocus } from './dashboard/form-fields';

const PASSWORD_MIN = 8;

export default function ResetPassword() {
  const { t } = useI18n();
  const { api } = useServices();
  const [search] = useSearchParams();
  const token = search.get('token')?.trim() ?? '';
  const [tooShort, setTooShort] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const { form, refused } = useRefusalFocus();
  // The form, and the button that had focus, give way to the answer: focus goes to its heading.
  const doneHeading = useFocusWhen<HTMLHeadingElement>(done);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { newPassword: password } = formValues(event, ['newPassword']);
    setError(null);
    if (password.length < PASSWORD_MIN) {
      setTooShort(true);
      refused();
      toast(t('reset.tooShort'), undefined, 'destructive');
      return;
    }
    setTooShort(false);
    setBusy(true);
    try {
      await api.resetPassword(token, password);
      setDone(true);
    } catch (caught) {
      const message = errorMessage(caught, t, t('reset.failed'));
      setError(message);
      refused();
      toast(t('reset.failed'), message === t('reset.failed') ? undefined : message, 'destructive');
    } finally {
      setBusy(false);
    }
  }

  if (!token) {
    return (
      <div className="container account-page">
        <section className="account-card account-card-narrow">
          <h1 id="reset-title" className="account-title">{t('reset.invalid')}</h1>
          <p className="muted">{t('reset.tokenRequired')}</p>
          <Link to="/forgot-password" className="button button-accent button-block">{t('reset.requestNew')}</Link>
        </section>
      </div>
    );
  }

  return (
    <div className="container account-page">
      <section className="account-card account-card-narrow">
        {done ? (
          <div className="stack" role="status">
            <p className="success-mark" aria-hidden="true">✓</p>
            <h1 ref={doneHeading} id="reset-title" className="account-title">{t('reset.done')}</h1>
            <Link to="/auth" className="button button-accent button-block">{t('reset.continue')}</Link>
          </div>
        ) : (
          <>
            <h1 id="reset-title" className="account-title">{t('reset.title')}</h1>
            <form ref={form} className="account-form" method="post" noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
              <PasswordField label={t('reset.newPassword')} name="newPassword" autoComplete="new-password"
                error={tooShort ? t('reset.tooShort') : undefined}
                hint={t('reset.hint')} />
              <FormError message={error} />
              <button type="submit" className="button button-accent button-block" disabled={busy}>{t('reset.submit')}</button>
            </form>
          </>
        )}
      </section>
    </div>
  );
}

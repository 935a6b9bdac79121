import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useServices } from '../services/context';
import { useI18n } from '../i18n';
import { codeText } from '../i18n/code';
import { toast } from '../state/toasts';
import { FormError, errorMessage } from './dashboard/form-fields';
import { useSignedIn } from './use-signed-in';

/**
 * The page the e-mailed one-tap link opens (`/sign-in/code?email=…&code=…`, contract §9 [revenue]). It signs in only
 * when the reader presses its button: a mail scanner that fetches the link, or even runs the page, spends no code.
 */
export default function SignInCode() {
  const { t, locale } = useI18n();
  const text = codeText(locale);
  const { api } = useServices();
  const signedIn = useSignedIn();
  const [search] = useSearchParams();
  const email = search.get('email')?.trim() ?? '';
  const code = search.get('code')?.trim() ?? '';
  const complete = email.includes('@') && /^\d{6}$/.test(code);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const user = await api.verifyLoginCode({ email, code, locale });
      toast(t('auth.welcomeBack'), t('auth.loggedInAs', { username: user.username }));
      signedIn(user);
    } catch (caught) {
      const message = errorMessage(caught, t, undefined, text.errors);
      setError(message);
      toast(text.failed, message, 'destructive');
      setBusy(false);
    }
  }

  const askAgain = `/auth?tab=code${search.get('returnTo') ? `&returnTo=${encodeURIComponent(search.get('returnTo')!)}` : ''}`;
  return (
    <div className="container account-page">
      <section className="account-card account-card-narrow">
        <h1 className="account-title">{t('code.linkTitle')}</h1>
        {complete ? (
          <form className="account-form" method="post" noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
            <p>{text.linkText(email)}</p>
            <FormError message={error} />
            <button type="submit" className="button button-accent button-block" disabled={busy}>{text.submit}</button>
          </form>
        ) : (
          <p className="notice">{text.linkInvalid}</p>
        )}
        <p className="form-aside"><Link to={askAgain}>{text.requestNew}</Link></p>
      </section>
    </div>
  );
}

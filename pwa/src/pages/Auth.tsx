import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { User } from '@redaktion/shared';
import { ApiError } from '@redaktion/shared/client';
import { useServices } from '../services/context';
import { useI18n } from '../i18n';
import { toast } from '../state/toasts';
import { NeedsNetwork } from '../components/NeedsNetwork';
import { formValues } from '../components/form-values';
import { Field, FormError, PasswordField, errorMessage, issuesByField, safeReturnTo } from './dashboard/form-fields';

type Tab = 'login' | 'register';
const TABS: Tab[] = ['login', 'register'];

/** Signing in returns the reader to the page they came from (contract.md §7). */
function useSignedIn() {
  const { session, cache } = useServices();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  return (user: User) => {
    session.getState().setUser(user);
    // Answers read while signed out (premium articles, ads) may differ for this reader.
    cache.invalidate();
    navigate(safeReturnTo(search.get('returnTo')), { replace: true });
  };
}

/** A field the form's error is about: marked invalid and described by that error. */
const invalidProps = (invalid: unknown, errorId: string) =>
  (invalid ? { 'aria-invalid': true, 'aria-describedby': errorId } as const : {});

function LoginForm() {
  const { t } = useI18n();
  const { api } = useServices();
  const signedIn = useSignedIn();
  const [error, setError] = useState<string | null>(null);
  // Which fields the error is about: the empty ones, or both when the pair was refused.
  const [invalid, setInvalid] = useState({ username: false, password: false });
  const [busy, setBusy] = useState(false);
  const errorId = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { username, password } = formValues(event, ['username', 'password']);
    if (!username.trim() || !password) {
      setInvalid({ username: !username.trim(), password: !password });
      setError(t('auth.fillAll'));
      toast(t('auth.fillAll'), undefined, 'destructive');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const user = await api.login({ username: username.trim(), password });
      toast(t('auth.welcomeBack'), t('auth.loggedInAs', { username: user.username }));
      signedIn(user);
    } catch (caught) {
      const message = errorMessage(caught, t);
      const refused = caught instanceof ApiError && caught.code === 'invalid_credentials';
      setInvalid({ username: refused, password: refused });
      setError(`${t('auth.loginFailed')}: ${message}`);
      toast(t('auth.loginFailed'), message, 'destructive');
      setBusy(false);
    }
  }

  return (
    <form className="account-form" method="post" noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
      <Field label={t('auth.usernameOrEmail')} name="username" autoComplete="username"
        {...invalidProps(error && invalid.username, errorId)} />
      <PasswordField label={t('auth.password')} name="password" autoComplete="current-password"
        {...invalidProps(error && invalid.password, errorId)} />
      <FormError message={error} id={errorId} />
      <button type="submit" className="button button-accent button-block" disabled={busy}>{t('auth.submitLogin')}</button>
      <p className="form-aside"><Link to="/forgot-password">{t('auth.forgot')}</Link></p>
    </form>
  );
}

function RegisterForm() {
  const { t } = useI18n();
  const { api } = useServices();
  const signedIn = useSignedIn();
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  // The fields left empty when the form said to fill in all of them.
  const [empty, setEmpty] = useState<Partial<Record<'username' | 'email' | 'password', boolean>>>({});
  const [busy, setBusy] = useState(false);
  const errorId = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formValues(event, ['username', 'email', 'password', 'confirm']);
    setFieldErrors({});
    if (!values.username.trim() || !values.email.trim() || !values.password) {
      setEmpty({ username: !values.username.trim(), email: !values.email.trim(), password: !values.password });
      setError(t('auth.fillAll'));
      toast(t('auth.fillAll'), undefined, 'destructive');
      return;
    }
    if (values.password !== values.confirm) {
      setError(null);
      setFieldErrors({ confirm: t('auth.mismatch') });
      toast(t('auth.mismatch'), undefined, 'destructive');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const user = await api.register({ username: values.username.trim(), email: values.email.trim(), password: values.password });
      toast(t('auth.created'), t('auth.loggedInAs', { username: user.username }));
      signedIn(user);
    } catch (caught) {
      const message = errorMessage(caught, t);
      setFieldErrors(issuesByField(caught));
      setError(`${t('auth.registerFailed')}: ${message}`);
      toast(t('auth.registerFailed'), message, 'destructive');
      setBusy(false);
    }
  }

  const missing = (name: keyof typeof empty) => invalidProps(error === t('auth.fillAll') && empty[name], errorId);
  return (
    <form className="account-form" method="post" noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
      <Field label={t('auth.username')} name="username" autoComplete="username" error={fieldErrors.username} {...missing('username')} />
      <Field label={t('auth.email')} name="email" type="email" autoComplete="email" error={fieldErrors.email} {...missing('email')} />
      <PasswordField label={t('auth.password')} name="password" autoComplete="new-password" error={fieldErrors.password} {...missing('password')} />
      <PasswordField label={t('auth.confirmPassword')} name="confirm" autoComplete="new-password" error={fieldErrors.confirm} />
      <FormError message={error} id={errorId} />
      <button type="submit" className="button button-accent button-block" disabled={busy}>{t('auth.submitRegister')}</button>
    </form>
  );
}

export default function Auth() {
  const { t } = useI18n();
  const [search] = useSearchParams();
  const [tab, setTab] = useState<Tab>(search.get('tab') === 'register' ? 'register' : 'login');
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ login: null, register: null });

  function onTabKey(event: KeyboardEvent) {
    const index = TABS.indexOf(tab);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: TABS.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const chosen = TABS[(next + TABS.length) % TABS.length]!;
    setTab(chosen);
    tabRefs.current[chosen]?.focus();
  }

  return (
    <div className="container account-page">
      <div className="auth-layout">
        <section className="account-card">
          <NeedsNetwork />
          <h1 id="auth-title" className="visually-hidden">{tab === 'login' ? t('auth.login') : t('auth.register')}</h1>
          <div role="tablist" aria-label={t('auth.tabsLabel')} className="tabs" onKeyDown={onTabKey}>
            {TABS.map((name) => (
              <button key={name} ref={(el) => { tabRefs.current[name] = el; }} type="button" role="tab" id={`auth-tab-${name}`}
                aria-selected={tab === name} aria-controls={`auth-panel-${name}`} tabIndex={tab === name ? 0 : -1}
                className="tab" onClick={() => setTab(name)}>
                {t(name === 'login' ? 'auth.login' : 'auth.register')}
              </button>
            ))}
          </div>
          {TABS.map((name) => (
            <div key={name} role="tabpanel" id={`auth-panel-${name}`} aria-labelledby={`auth-tab-${name}`} hidden={tab !== name} className="tab-panel">
              {name === 'login' ? <LoginForm /> : <RegisterForm />}
            </div>
          ))}
        </section>
        <aside className="auth-panel">
          <p className="auth-panel-brand" aria-hidden="true">Redaktion</p>
          <h2>{t('auth.panelTitle')}</h2>
          <p>{t('auth.panelText')}</p>
        </aside>
      </div>
    </div>
  );
}

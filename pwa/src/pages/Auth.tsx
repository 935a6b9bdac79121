import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '@redaktion/shared/client';
import { useServices } from '../services/context';
import { useI18n } from '../i18n';
import { codeText } from '../i18n/code';
import type { MessageKey } from '../i18n/en';
import { toast } from '../state/toasts';
import { NeedsNetwork } from '../components/NeedsNetwork';
import { useFocusWhen } from '../components/focus';
import { formValues } from '../components/form-values';
import { Field, FormError, PasswordField, errorMessage, issuesByField, safeReturnTo, useRefusalFocus } from './dashboard/form-fields';
import { useSignedIn } from './use-signed-in';

/** Three ways in: the password, registration with a password, and an e-mailed code (which also registers). */
type Tab = 'login' | 'code' | 'register';
const TABS: Tab[] = ['login', 'register', 'code'];
/** The code's tab is named in the code's own dictionary. */
const TAB_NAMES: Record<Exclude<Tab, 'code'>, MessageKey> = { login: 'auth.login', register: 'auth.register' };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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

/**
 * Sign-in by e-mailed code (contract §9 [revenue]): the address, then the 6 digits, with a resend. Each step's heading
 * takes focus when the step appears (the button that had it is gone), and an error is tied to its field (ADR 21).
 */
function CodeForm() {
  const { t, locale } = useI18n();
  const text = codeText(locale);
  const { api } = useServices();
  const signedIn = useSignedIn();
  const [search] = useSearchParams();
  const [email, setEmail] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const [busy, setBusy] = useState(false);
  const [resent, setResent] = useState(false);
  // Counts the steps taken, so that going back to the address moves focus as going forward does.
  const [steps, setSteps] = useState(0);
  const heading = useFocusWhen<HTMLHeadingElement>(steps);
  const { form, refused } = useRefusalFocus();
  const errorId = useId();
  const returnTo = safeReturnTo(search.get('returnTo'));

  const refuse = (message: string, fieldInvalid: boolean) => {
    setInvalid(fieldInvalid);
    setError(message);
    refused();
  };
  const failed = (caught: unknown, fieldInvalid: boolean) => {
    const message = errorMessage(caught, t, undefined, text.errors);
    refuse(message, fieldInvalid);
    toast(text.failed, message, 'destructive');
  };
  const send = (address: string) => api.requestLoginCode({ email: address, locale, ...(returnTo === '/' ? {} : { returnTo }) });
  const step = (address: string | null) => {
    setEmail(address);
    setError(null);
    setInvalid(false);
    setResent(false);
    setSteps((n) => n + 1);
  };

  async function ask(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = formValues(event, ['email']).email.trim();
    setError(null);
    if (!EMAIL.test(address)) {
      refuse(t('forgot.invalidEmail'), true);
      return;
    }
    setBusy(true);
    try {
      await send(address);
      step(address);
    } catch (caught) {
      failed(caught, false);
    } finally {
      setBusy(false);
    }
  }

  async function verify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = formValues(event, ['code']).code.replace(/\s/g, '');
    setError(null);
    if (!/^\d{6}$/.test(code)) {
      refuse(text.sixDigits, true);
      return;
    }
    setBusy(true);
    try {
      const user = await api.verifyLoginCode({ email: email!, code, locale });
      toast(t('auth.welcomeBack'), t('auth.loggedInAs', { username: user.username }));
      signedIn(user);
    } catch (caught) {
      failed(caught, caught instanceof ApiError && caught.status === 400);
      setBusy(false);
    }
  }

  async function resend() {
    setBusy(true);
    setError(null);
    setResent(false);
    try {
      await send(email!);
      setResent(true);
    } catch (caught) {
      failed(caught, false);
    } finally {
      setBusy(false);
    }
  }

  const fieldError = invalidProps(error && invalid, errorId);
  if (email === null) {
    return (
      // Keyed apart, so that React never hands the address typed here to the code's input in the next step.
      <form key="ask" ref={form} className="account-form" method="post" noValidate onSubmit={(event) => void ask(event)} aria-busy={busy}>
        <h2 ref={heading}>{text.askTitle}</h2>
        <p className="muted">{text.intro}</p>
        <Field label={t('auth.email')} name="email" type="email" autoComplete="email" {...fieldError} />
        <FormError message={error} id={errorId} />
        <button type="submit" className="button button-accent button-block" disabled={busy}>{text.send}</button>
      </form>
    );
  }
  return (
    <form key="verify" ref={form} className="account-form" method="post" noValidate onSubmit={(event) => void verify(event)} aria-busy={busy}>
      <h2 ref={heading}>{text.enterTitle}</h2>
      <p className="muted">{text.sentTo(email)}</p>
      <Field label={text.label} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={12} {...fieldError} />
      <FormError message={error} id={errorId} />
      <button type="submit" className="button button-accent button-block" disabled={busy}>{text.submit}</button>
      {/* Always in the page, so that the resend's confirmation is announced when its text arrives. */}
      <p role="status" className="muted">{resent ? text.resent(email) : ''}</p>
      <div className="actions">
        <button type="button" className="button button-ghost" disabled={busy} onClick={() => void resend()}>{text.resend}</button>
        <button type="button" className="button button-ghost" onClick={() => step(null)}>{text.otherAddress}</button>
      </div>
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
  // Passwords that differ take focus to the confirmation, however the form was sent (button or Enter); the other
  // refusals have a message of the form's own, which takes focus itself.
  const { form, refused } = useRefusalFocus();

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
      refused();
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
    <form ref={form} className="account-form" method="post" noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
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
  const { t, locale } = useI18n();
  const tabName = (name: Tab) => (name === 'code' ? codeText(locale).tab : t(TAB_NAMES[name]));
  const [search] = useSearchParams();
  const [tab, setTab] = useState<Tab>(TABS.find((name) => name === search.get('tab')) ?? 'login');
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ login: null, code: null, register: null });

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
          <h1 id="auth-title" className="visually-hidden">{tabName(tab)}</h1>
          <div role="tablist" aria-label={t('auth.tabsLabel')} className="tabs" onKeyDown={onTabKey}>
            {TABS.map((name) => (
              <button key={name} ref={(el) => { tabRefs.current[name] = el; }} type="button" role="tab" id={`auth-tab-${name}`}
                aria-selected={tab === name} aria-controls={`auth-panel-${name}`} tabIndex={tab === name ? 0 : -1}
                className="tab" onClick={() => setTab(name)}>
                {tabName(name)}
              </button>
            ))}
          </div>
          {TABS.map((name) => (
            <div key={name} role="tabpanel" id={`auth-panel-${name}`} aria-labelledby={`auth-tab-${name}`} hidden={tab !== name} className="tab-panel">
              {name === 'login' ? <LoginForm /> : name === 'code' ? <CodeForm /> : <RegisterForm />}
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

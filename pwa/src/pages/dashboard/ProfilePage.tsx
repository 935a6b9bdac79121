import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { User } from '@redaktion/shared';
import { useServices } from '../../services/context';
import { useI18n } from '../../i18n';
import { codeText } from '../../i18n/code';
import { profileText } from '../../i18n/profile';
import { toast } from '../../state/toasts';
import { queueProfileEdit } from '../../offline/outbox';
import { ApiError } from '@redaktion/shared/client';
import { Field, FormError, PasswordField, issuesByField, errorMessage, useRefusalFocus } from './form-fields';
import { DashboardPage } from './layout';
import { ConfirmField, confirmation } from './confirm-field';

const PASSWORD_MIN = 8;
const FIELDS = ['firstName', 'lastName', 'email', 'bio', 'location', 'website'] as const;
type ProfileValues = Record<(typeof FIELDS)[number], string>;

function ProfileForm({ user }: { user: User }) {
  const { t, locale } = useI18n();
  const text = profileText(locale);
  const services = useServices();
  const { api, session } = services;
  const bioId = useId();
  const [values, setValues] = useState<ProfileValues>(() => Object.fromEntries(FIELDS.map((name) => [name, user[name] ?? ''])) as ProfileValues);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [currentPassword, setCurrentPassword] = useState('');
  const { form, refused } = useRefusalFocus();
  const set = (name: keyof ProfileValues) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value }));
  // A new e-mail address receives the reset links, so the server asks for the password to change it.
  const emailChanged = values.email.trim().toLowerCase() !== user.email.toLowerCase();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setError(null);
    try {
      const trimmed = Object.fromEntries(FIELDS.map((name) => [name, values[name].trim()])) as ProfileValues;
      const updated = await api.updateProfile(emailChanged ? { ...trimmed, ...confirmation(user, currentPassword, 'currentPassword') } : trimmed);
      session.getState().setUser(updated);
      setCurrentPassword('');
      toast(text.updated);
    } catch (caught) {
      // A password is never kept on the device, so an e-mail change waits for the network instead.
      if (!(caught instanceof ApiError) && services.device && !emailChanged) {
        // No network: the edit waits on the device and goes out when the network returns.
        const trimmed = Object.fromEntries(FIELDS.map((name) => [name, values[name].trim()])) as ProfileValues;
        await queueProfileEdit(services, user.id, trimmed);
        session.getState().setUser({ ...user, ...trimmed });
        toast(t('offline.queued'), t('offline.queuedText'));
        return;
      }
      const message = errorMessage(caught, t, undefined, codeText(locale).errors);
      setErrors(issuesByField(caught));
      setError(message);
      refused();
      toast(t('profile.updateFailed'), message, 'destructive');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={form} className="account-card account-form" method="post" noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
      <h2 id="profile-form">{text.details}</h2>
      <div className="form-grid">
        <Field label={text.firstName} name="firstName" autoComplete="given-name" value={values.firstName} onChange={set('firstName')} error={errors.firstName} />
        <Field label={text.lastName} name="lastName" autoComplete="family-name" value={values.lastName} onChange={set('lastName')} error={errors.lastName} />
      </div>
      <Field label={t('auth.email')} name="email" type="email" autoComplete="email" value={values.email} onChange={set('email')} error={errors.email} />
      {emailChanged && (
        <ConfirmField user={user} label={text.currentPassword} name="currentPassword" value={currentPassword}
          onChange={setCurrentPassword} error={errors.currentPassword ?? errors.code} hint={text.emailNeedsPassword} />
      )}
      <div className="field">
        <label htmlFor={bioId}>{text.bio}</label>
        <textarea id={bioId} name="bio" rows={4} value={values.bio} onChange={set('bio')}
          aria-invalid={errors.bio ? true : undefined} aria-describedby={errors.bio ? `${bioId}-error` : undefined} />
        {errors.bio && <p className="field-error" id={`${bioId}-error`}>{errors.bio}</p>}
      </div>
      <div className="form-grid">
        <Field label={text.location} name="location" autoComplete="address-level2" value={values.location} onChange={set('location')} error={errors.location} />
        <Field label={text.website} name="website" type="url" inputMode="url" autoComplete="url" placeholder="https://"
          value={values.website} onChange={set('website')} error={errors.website} />
      </div>
      <FormError message={error} />
      <div className="actions"><button type="submit" className="button button-accent" disabled={busy}>{text.save}</button></div>
    </form>
  );
}

function PasswordForm({ user }: { user: User }) {
  const { t, locale } = useI18n();
  const text = profileText(locale);
  const { api } = useServices();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The current password left empty: the field is marked and described by the form's message, as the login does.
  const [currentMissing, setCurrentMissing] = useState(false);
  const errorId = useId();
  const { form, refused } = useRefusalFocus();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const missing = !current ? t('auth.fillAll') : null;
    const short = next.length < PASSWORD_MIN ? t('reset.tooShort') : null;
    setErrors({ ...(short ? { newPassword: short } : {}) });
    setCurrentMissing(Boolean(missing));
    if (missing || short) {
      if (missing) setError(missing);
      refused();
      toast(missing ?? short!, undefined, 'destructive');
      return;
    }
    setBusy(true);
    try {
      await api.changePassword({ ...confirmation(user, current, 'currentPassword'), newPassword: next });
      setCurrent('');
      setNext('');
      toast(text.passwordChanged);
    } catch (caught) {
      const message = errorMessage(caught, t, undefined, codeText(locale).errors);
      setErrors(issuesByField(caught));
      setError(message);
      refused();
      toast(text.passwordFailed, message, 'destructive');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={form} className="account-card account-form" method="post" noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
      <h2 id="password-form">{text.changePassword}</h2>
      <ConfirmField user={user} label={text.currentPassword} name="currentPassword" value={current}
        onChange={setCurrent} error={errors.currentPassword ?? errors.code}
        aria-invalid={currentMissing || undefined} aria-describedby={currentMissing ? errorId : undefined} />
      <PasswordField label={t('reset.newPassword')} name="newPassword" autoComplete="new-password" value={next}
        onChange={(event) => setNext(event.target.value)} error={errors.newPassword} hint={t('reset.hint')} />
      <FormError message={error} id={errorId} />
      <div className="actions"><button type="submit" className="button button-accent" disabled={busy}>{text.changePassword}</button></div>
    </form>
  );
}

function DangerZone({ user }: { user: User }) {
  const { t, locale } = useI18n();
  const text = profileText(locale);
  const { api, session, cache } = useServices();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The password left empty or refused: the field is marked and described by the form's message, as the login does.
  const [passwordRefused, setPasswordRefused] = useState(false);
  const errorId = useId();
  const { form, refused } = useRefusalFocus();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setError(text.passwordRequired);
      setPasswordRefused(true);
      refused();
      toast(text.passwordRequired, undefined, 'destructive');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api.deleteAccount(confirmation(user, password, 'password'));
      navigate('/', { replace: true });
      session.getState().setUser(null);
      cache.invalidate();
      toast(text.deleted);
    } catch (caught) {
      const message = errorMessage(caught, t, undefined, codeText(locale).errors);
      setError(message);
      // A refusal that names a field is about the password (or the code that stands for it); others mark none.
      setPasswordRefused(Object.keys(issuesByField(caught)).length > 0);
      refused();
      toast(text.deleteFailed, message, 'destructive');
      setBusy(false);
    }
  }

  return (
    <section className="account-card danger-zone">
      <h2 id="your-data">{text.yourData}</h2>
      <p className="muted">{text.exportText}</p>
      <div className="actions"><a href="/api/user/export" download className="button button-ghost">{text.export}</a></div>
      <form ref={form} className="account-form" method="post" noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
        <h3>{text.deleteTitle}</h3>
        <p className="muted">{text.deleteText}</p>
        <ConfirmField user={user} label={t('auth.password')} name="password" value={password}
          onChange={setPassword}
          aria-invalid={passwordRefused || undefined} aria-describedby={passwordRefused ? errorId : undefined} />
        <FormError message={error} id={errorId} />
        <div className="actions"><button type="submit" className="button button-danger" disabled={busy}>{text.deleteButton}</button></div>
      </form>
    </section>
  );
}

export function ProfilePage({ user }: { user: User }) {
  const { locale } = useI18n();
  const text = profileText(locale);
  return (
    <DashboardPage title={text.title}>
      <div className="stack account-sections">
        <ProfileForm user={user} />
        <PasswordForm user={user} />
        <DangerZone user={user} />
      </div>
    </DashboardPage>
  );
}

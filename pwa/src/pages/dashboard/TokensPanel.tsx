import { useId, useState, type FormEvent } from 'react';
import type { AccessToken, CreatedAccessToken } from '@redaktion/shared';
import { apiPaths } from '@redaktion/shared/client';
import { useServices } from '../../services/context';
import { useApi, useApiCache } from '../../data/api-cache';
import { formatDate, useI18n } from '../../i18n';
import { tokensText } from '../../i18n/tokens';
import { toast } from '../../state/toasts';
import { errorMessage } from './form-fields';

/** The token just made: shown once, with Copy, until the user says it is saved. */
function NewToken({ token, onDone }: { token: CreatedAccessToken; onDone(): void }) {
  const { t, locale } = useI18n();
  const text = tokensText(locale);
  const headingId = useId();

  async function copy() {
    try {
      await navigator.clipboard.writeText(token.token);
      toast(text.copied);
    } catch {
      toast(t('common.error'), text.copyFailed, 'destructive');
    }
  }

  return (
    <div className="token-new" role="region" aria-labelledby={headingId}>
      <h3 id={headingId}>{text.createdTitle(token.name)}</h3>
      <p className="field-hint">{text.createdHint}</p>
      <div className="token-value">
        <code>{token.token}</code>
        <button type="button" className="button button-accent" onClick={() => void copy()}>{text.copy}</button>
      </div>
      <button type="button" className="button button-ghost" onClick={onDone}>{text.done}</button>
    </div>
  );
}

/**
 * Personal access tokens for staff (contract.md §8): the desktop app and curl sign in with one. Made here in the
 * signed-in session, listed without their values, revoked with immediate effect.
 */
export function TokensPanel() {
  const { t, locale } = useI18n();
  const text = tokensText(locale);
  const { api } = useServices();
  const cache = useApiCache();
  const tokens = useApi(apiPaths.tokens);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<CreatedAccessToken | null>(null);
  const nameId = useId();
  const errorId = useId();

  async function create(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setError(text.nameRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setCreated(await api.createToken(name.trim()));
      setName('');
      await cache.refresh(apiPaths.tokens);
    } catch (caught) {
      setError(errorMessage(caught, t));
    } finally {
      setBusy(false);
    }
  }

  async function revoke(token: AccessToken) {
    if (!window.confirm(text.confirmRevoke(token.name))) return;
    try {
      await api.revokeToken(token.id);
      if (created?.id === token.id) setCreated(null);
      await cache.refresh(apiPaths.tokens);
      toast(text.revoked);
    } catch (caught) {
      toast(t('common.error'), errorMessage(caught, t), 'destructive');
    }
  }

  return (
    <section className="account-card" aria-labelledby="tokens-title">
      <h2 id="tokens-title">{text.title}</h2>
      <p className="field-hint">{text.intro}</p>
      <form className="token-form" onSubmit={(event) => void create(event)} noValidate>
        <div className="field">
          <label htmlFor={nameId}>{text.name}</label>
          <input id={nameId} value={name} maxLength={100} placeholder={text.namePlaceholder}
            onChange={(event) => setName(event.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} />
          {error && <p id={errorId} className="field-error" role="alert">{error}</p>}
        </div>
        <button type="submit" className="button button-accent" disabled={busy} aria-busy={busy}>{text.create}</button>
      </form>
      {created && <NewToken token={created} onDone={() => setCreated(null)} />}
      <h3>{text.list}</h3>
      {tokens.data && tokens.data.length === 0 && <p className="field-hint">{text.empty}</p>}
      {tokens.data && tokens.data.length > 0 && (
        <ul className="token-list">
          {tokens.data.map((token) => (
            <li key={token.id} className="token-item">
              <div>
                <strong>{token.name}</strong>
                <p className="meta">
                  {text.created(formatDate(token.createdAt, locale))}
                  {' · '}
                  {token.lastUsedAt ? text.lastUsed(formatDate(token.lastUsedAt, locale)) : text.neverUsed}
                </p>
              </div>
              <button type="button" className="button button-ghost" aria-label={text.revokeNamed(token.name)} onClick={() => void revoke(token)}>
                {text.revoke}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import { useState, type FormEvent } from 'react';
import type { DesktopBridge, ProfilesState } from '../bridge.js';
import { t } from './i18n.js';

/** First start and signed out: which newsroom server, and the staff account to sign in with. */
export function ServerScreen({ bridge, state, onChange }: { bridge: DesktopBridge; state: ProfilesState; onChange(state: ProfilesState): void }) {
  const active = state.profiles.find((profile) => profile.id === state.activeId) ?? null;
  const [address, setAddress] = useState('');
  const [username, setUsername] = useState(active?.user?.username ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function addServer(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const added = await bridge.call('profiles:add', { address });
    if ('error' in added) setError(added.error);
    else {
      setAddress('');
      onChange(await bridge.call('profiles:list', {}));
    }
  }

  async function signIn(event: FormEvent) {
    event.preventDefault();
    if (!active) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await bridge.call('session:sign-in', { profileId: active.id, username, password });
      if ('error' in answer) setError(answer.error);
      else onChange(await bridge.call('profiles:list', {}));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="desktop-signin">
      <h1>Redaktion</h1>
      {state.profiles.length > 0 && (
        <label>
          {t('server.label')}
          <select value={state.activeId ?? ''} onChange={async (event) => onChange(await bridge.call('profiles:select', { id: event.target.value }))}>
            {state.profiles.map((profile) => <option key={profile.id} value={profile.id}>{profile.name} ({profile.origin})</option>)}
          </select>
        </label>
      )}
      {active && (
        <button type="button" onClick={async () => onChange(await bridge.call('profiles:remove', { id: active.id }))}>
          {t('server.remove', { name: active.name })}
        </button>
      )}
      <form onSubmit={addServer} aria-label={t('server.addForm')}>
        <label>
          {t(state.profiles.length ? 'server.another' : 'server.first')}
          <input value={address} onChange={(event) => setAddress(event.target.value)} placeholder="https://redaktion.se" inputMode="url" />
        </label>
        <button type="submit">{t('server.add')}</button>
      </form>
      {active && (
        <form onSubmit={signIn} aria-label={t('signin.form')}>
          <label>{t('signin.username')}<input value={username} onChange={(event) => setUsername(event.target.value)} autoComplete="username" required /></label>
          <label>{t('signin.password')}<input type="password" value={password} onChange={(event) => setPassword(event.target.value)} autoComplete="current-password" required /></label>
          <button type="submit" disabled={busy}>{t('signin.submit', { name: active.name })}</button>
          {!state.tokensPersist && <p className="desktop-note">{t('signin.noKeyring')}</p>}
        </form>
      )}
      {error && <p role="alert" className="desktop-error">{error}</p>}
    </main>
  );
}

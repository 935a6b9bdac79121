import { useCallback, useEffect, useState } from 'react';
import type { DesktopBridge, ProfilesState } from '../bridge.js';
import { DraftsPanel } from './DraftsPanel.js';
import { t } from './i18n.js';
import { ServerScreen } from './ServerScreen.js';
import { UploadsPanel } from './UploadsPanel.js';

type Section = 'uploads' | 'drafts';

/** The desktop shell: choose a server and sign in, then the newsroom's tools for that server. */
export function DesktopApp({ bridge }: { bridge: DesktopBridge }) {
  const [state, setState] = useState<ProfilesState | null>(null);
  const [section, setSection] = useState<Section>('uploads');
  const refresh = useCallback(() => bridge.call('profiles:list', {}).then(setState), [bridge]);
  useEffect(() => { void refresh(); }, [refresh]);

  if (!state) return <p className="desktop-loading">{t('loading')}</p>;
  const active = state.profiles.find((profile) => profile.id === state.activeId) ?? null;
  if (!active || !state.user) return <ServerScreen bridge={bridge} state={state} onChange={setState} />;

  return (
    <div className="desktop-shell">
      <header className="desktop-bar">
        <strong>Redaktion</strong>
        <nav aria-label={t('nav.label')}>
          <button type="button" aria-pressed={section === 'uploads'} onClick={() => setSection('uploads')}>{t('nav.uploads')}</button>
          <button type="button" aria-pressed={section === 'drafts'} onClick={() => setSection('drafts')}>{t('nav.drafts')}</button>
        </nav>
        <span className="desktop-server" title={active.origin}>{active.name} · {state.user.username}</span>
        <button type="button" onClick={() => bridge.call('session:sign-out', {}).then(setState)}>{t('signOut')}</button>
      </header>
      <main className="desktop-main">
        {section === 'uploads' ? <UploadsPanel bridge={bridge} /> : <DraftsPanel bridge={bridge} author={state.user.username} />}
      </main>
    </div>
  );
}

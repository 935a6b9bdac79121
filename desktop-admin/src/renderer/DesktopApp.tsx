import { useCallback, useEffect, useState } from 'react';
import { BrowserRouter, NavLink, Route, Routes } from 'react-router-dom';
import { AdminScreens } from '@redaktion/pwa/admin';
import type { User } from '@redaktion/shared';
import type { DesktopBridge, ProfilesState } from '../bridge.js';
import type { ServerProfile } from '../core/server-profiles.js';
import { useDesktopPlatform } from './desktop-platform.js';
import { DraftsPanel } from './DraftsPanel.js';
import { t } from './i18n.js';
import { useNotices } from './Notices.js';
import { ServerScreen } from './ServerScreen.js';
import { UploadsPanel } from './UploadsPanel.js';

/** The desktop shell: choose a server and sign in, then the admin screens and the desktop's own tools for it. */
export function DesktopApp({ bridge }: { bridge: DesktopBridge }) {
  const [state, setState] = useState<ProfilesState | null>(null);
  const refresh = useCallback(() => bridge.call('profiles:list', {}).then(setState), [bridge]);
  useEffect(() => { void refresh(); }, [refresh]);

  if (!state) return <p className="desktop-loading">{t('loading')}</p>;
  const active = state.profiles.find((profile) => profile.id === state.activeId) ?? null;
  if (!active || !state.user) return <ServerScreen bridge={bridge} state={state} onChange={setState} />;
  return (
    <BrowserRouter>
      <Workspace bridge={bridge} profile={active} user={state.user} onSignOut={setState} />
    </BrowserRouter>
  );
}

function Workspace({ bridge, profile, user, onSignOut }: { bridge: DesktopBridge; profile: ServerProfile; user: User; onSignOut(state: ProfilesState): void }) {
  const { notify, view } = useNotices();
  const platform = useDesktopPlatform(bridge, user, profile.origin, notify);
  return (
    <div className="desktop-shell">
      <header className="desktop-bar">
        <strong>Redaktion</strong>
        <nav aria-label={t('nav.label')}>
          <NavLink to="/" end>{t('nav.admin')}</NavLink>
          <NavLink to="/uploads">{t('nav.uploads')}</NavLink>
          <NavLink to="/drafts">{t('nav.drafts')}</NavLink>
        </nav>
        <span className="desktop-server" title={profile.origin}>{profile.name} · {user.username}</span>
        <button type="button" onClick={() => bridge.call('session:sign-out', {}).then(onSignOut)}>{t('signOut')}</button>
      </header>
      <main className="desktop-main">
        <Routes>
          <Route path="/uploads" element={<UploadsPanel bridge={bridge} />} />
          <Route path="/drafts" element={<DraftsPanel bridge={bridge} author={user.username} />} />
          <Route path="/*" element={<AdminScreens platform={platform} />} />
        </Routes>
      </main>
      {view}
    </div>
  );
}

import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { User } from '@redaktion/shared';
import { createApiClient } from '@redaktion/shared/client';
import { AppProviders, type AppServices } from '../../app/context';
import { Toaster } from '../../components/Toaster';
import { ApiCache } from '../../data/api-cache';
import { createSessionStore } from '../../state/session';
import { createSettingsStore } from '../../state/settings';
import { AdminPlatformProvider, type AdminPlatform } from '../platform';
import { createAdminClient } from '@redaktion/shared/admin-client';
import { useToasts } from '../../state/toasts';
import { invalidate } from '../data';

/**
 * Renders admin screens as the app does (providers, router, toaster) over a `fetch` the test supplies, so a
 * test sees what an editor sees and what the screen sent.
 */
export function renderAdmin(ui: ReactElement, { fetch, user = null, locale = 'en', path = '/admin', upload, openExternal = () => undefined }: {
  fetch: typeof globalThis.fetch; user?: User | null; locale?: 'sv' | 'en'; path?: string; upload?: AdminPlatform['upload'];
  openExternal?: AdminPlatform['openExternal'];
}) {
  const api = createApiClient({ fetch, baseUrl: 'http://admin.test' });
  const services: AppServices = {
    api,
    cache: new ApiCache(api),
    session: createSessionStore(user),
    settings: createSettingsStore({ locale, darkMode: false }),
  };
  const platform: AdminPlatform = {
    api, admin: createAdminClient(api), siteUrl: 'http://admin.test', openExternal,
    upload: upload ?? (() => Promise.reject(new Error('Network error'))),
  };
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppProviders services={services}>
        <AdminPlatformProvider platform={platform}>
          {/* Mounted where the PWA mounts the admin area, so relative routes resolve as in the app. */}
          <Routes><Route path="/admin/*" element={ui} /></Routes>
        </AdminPlatformProvider>
        <Toaster />
      </AppProviders>
    </MemoryRouter>,
  );
}

export const staffUser = (role: 'admin' | 'super_admin' | 'user' = 'admin'): User => ({
  id: 1, username: 'redaktor', email: 'redaktor@example.se', firstName: 'Rut', lastName: 'Redaktör', profileImageUrl: null,
  role, active: true, bio: null, location: null, website: null, locale: 'en', subscriptionPlan: null, subscriptionStatus: null,
  createdAt: '2026-01-01T00:00:00.000Z',
} as User);

/** A fetch that answers JSON by "METHOD path" and records every call. */
export function jsonFetch(routes: Record<string, unknown | ((body: unknown) => { status: number; body: unknown })>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    calls.push({ method, path: url.pathname + url.search, body });
    const answer = routes[`${method} ${url.pathname}`];
    if (answer === undefined) return new Response(JSON.stringify({ error: 'Not found', code: 'not_found' }), { status: 404 });
    const { status, body: out } = typeof answer === 'function' ? (answer as (b: unknown) => { status: number; body: unknown })(body) : { status: 200, body: answer };
    return new Response(status === 204 ? null : JSON.stringify(out), { status, headers: { 'Content-Type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

/**
 * For component tests: jsdom has <dialog> but neither showModal nor close. Enough of both for the admin
 * dialogs: the open attribute (which makes the content visible to queries) and the close event.
 */
export function installDialogPolyfill() {
  const proto = HTMLDialogElement.prototype;
  if (typeof proto.showModal === 'function') return;
  proto.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
}

/** After each test: unmount, forget every admin read and the last toast, so no test sees another's. */
export function resetAdminScreens() {
  cleanup();
  invalidate('/');
  useToasts.getState().dismiss();
}

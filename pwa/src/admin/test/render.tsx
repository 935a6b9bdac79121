import { cleanup, render } from '@testing-library/react';
import { useSyncExternalStore, type ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { User } from '@redaktion/shared';
import { invalidate } from '../data';
import { AdminPlatformProvider, type AdminNotice, type AdminPlatform } from '../platform';

const SITE = 'http://admin.test';

/**
 * A host for the tests: a platform over a `fetch` the test supplies (against http://admin.test), and a toast line
 * that shows the last notice as a host would, so a test sees what an editor sees and what the screen sent.
 */
export function testPlatform({
  fetch, user = null, locale = 'en', upload, resumableUpload, bulkVideos, liveOutbox, openExternal = () => undefined, openReaderPage = () => undefined, readerDataChanged = () => undefined,
}: {
  fetch: typeof globalThis.fetch; user?: User | null; locale?: 'sv' | 'en'; upload?: AdminPlatform['upload'];
  resumableUpload?: AdminPlatform['resumableUpload']; bulkVideos?: AdminPlatform['bulkVideos']; liveOutbox?: AdminPlatform['liveOutbox'];
  openExternal?: AdminPlatform['openExternal']; openReaderPage?: AdminPlatform['openReaderPage'];
  readerDataChanged?: AdminPlatform['readerDataChanged'];
}): AdminPlatform {
  return {
    user, locale, theme: 'light', siteUrl: SITE, openExternal, openReaderPage, readerDataChanged,
    fetch: (path, init) => fetch(`${SITE}${path}`, init),
    upload: upload ?? (() => Promise.reject(new Error('Network error'))),
    ...(resumableUpload && { resumableUpload }),
    ...(bulkVideos && { bulkVideos }),
    ...(liveOutbox && { liveOutbox }),
    notify: showNotice,
  };
}

/** Renders admin screens mounted at /admin, as the PWA mounts them; `ui` may take the platform (to pass it on). */
export function renderAdmin(ui: ReactElement | ((platform: AdminPlatform) => ReactElement), { path = '/admin', ...options }:
  Parameters<typeof testPlatform>[0] & { path?: string }) {
  const platform = testPlatform(options);
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminPlatformProvider platform={platform}>
        {/* Mounted where the PWA mounts the admin area, so relative routes resolve as in the app. */}
        <Routes><Route path="/admin/*" element={typeof ui === 'function' ? ui(platform) : ui} /></Routes>
      </AdminPlatformProvider>
      <NoticeLine />
    </MemoryRouter>,
  );
}

let notice: AdminNotice | null = null;
const noticeListeners = new Set<() => void>();
function showNotice(next: AdminNotice | null) {
  notice = next;
  for (const listener of noticeListeners) listener();
}
/** Clears the toast line, as the reader's toaster does after five seconds. */
export const dismissNotice = () => showNotice(null);

function NoticeLine() {
  const current = useSyncExternalStore((listener) => {
    noticeListeners.add(listener);
    return () => noticeListeners.delete(listener);
  }, () => notice);
  return (
    <div role="status" data-tone={current?.tone}>
      {current && <><p>{current.title}</p>{current.description && <p>{current.description}</p>}</>}
    </div>
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
  dismissNotice();
}

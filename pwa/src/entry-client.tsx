import { StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import type { User } from '@redaktion/shared';
import { createApiClient } from '@redaktion/shared/client';
import { HYDRATED_EVENT } from '@redaktion/shared/early-taps';
import { App, findRoute } from './app/App';
import { afterFirstScreen, afterLoadWhenIdle, onFirstScreen } from './services/idle';
import { AppProviders, type AppServices } from './services/context';
import { ApiCache, type Entry } from './data/api-cache';
import { loadCatalogue, localeFromAcceptLanguage, type Locale } from './i18n';
import { createDevice } from './device/device';
import { lastKnownUser, rememberUser } from './device/last-user';
import { useNetwork, watchNetwork } from './device/network';
import { flushOutbox } from './offline/outbox';
import * as saving from './offline/saved';
import { createSessionStore } from './state/session';
import { createSettingsStore, parsePrefsCookie } from './state/settings';
import './styles/main.css';
import './styles/media.css';
import './styles/account.css';

/** What the server rendered with: the API answers, the user and the language and theme. */
interface Boot { cache: Record<string, Entry>; user: User | null | undefined; locale: Locale; darkMode: boolean }

/**
 * Two ways in: a page the server rendered (hydrate it with the answers it carries), or the app shell the
 * service worker serves when there is no network (render from the device's storage).
 */
const root = document.getElementById('root')!;
const rendered = root.firstElementChild !== null;
const boot = (rendered ? JSON.parse(document.getElementById('__BOOT__')?.textContent ?? '{}') : {}) as Partial<Boot>;
const prefs = parsePrefsCookie(document.cookie);

const api = createApiClient();
const device = createDevice();
const services: AppServices = {
  api,
  cache: new ApiCache(api, boot.cache ?? {}, {
    store: device.responses,
    onNetwork: (ok) => useNetwork.getState().reachable(ok),
    firstScreen: { active: onFirstScreen, after: afterFirstScreen },
  }),
  session: createSessionStore(boot.user, { remember: rememberUser, last: lastKnownUser, signedOut: () => device.signedOut(), signedIn: () => device.signedIn() }),
  settings: createSettingsStore({
    locale: boot.locale ?? prefs.locale ?? localeFromAcceptLanguage(navigator.language),
    darkMode: boot.darkMode ?? prefs.darkMode ?? false,
  }),
  device,
};

if (rendered) {
  // What the server said about the session is the truth now (a session that expired ends here too).
  if (boot.user !== undefined) services.session.getState().setUser(boot.user);
} else {
  document.documentElement.lang = services.settings.getState().locale;
  document.documentElement.dataset.theme = services.settings.getState().darkMode ? 'dark' : 'light';
}


// reader-area.md §8: runtime errors and unhandled rejections are logged, never shown raw.
window.addEventListener('unhandledrejection', (event) => {
  console.error(event.reason);
  event.preventDefault();
});

/**
 * Runs last in the first commit (a parent's effect follows its children's): the page answers now, so the taps its
 * inline script held are pressed again. It wraps the app rather than sitting beside it, so the tree has the server's
 * shape: a sibling would change every useId, and the ids the server rendered (a hint's, a label's) would no longer
 * match the ones that later renders refer to.
 */
function Interactive({ children }: { children: ReactNode }) {
  useEffect(() => void document.dispatchEvent(new Event(HYDRATED_EVENT)), []);
  return children;
}

const app = (
  <StrictMode>
    <Interactive>
      <AppProviders services={services}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </AppProviders>
    </Interactive>
  </StrictMode>
);
// Hydration renders the page the server rendered, so its chunk must be here first.
const { route, params } = findRoute(location.pathname);
const chunks: (Promise<unknown> | undefined)[] = rendered && !route.clientOnly ? [route.load?.(), ...(route.parts?.(params, services.cache, new URLSearchParams(location.search)) ?? []).map((part) => part.chunk.load())] : [];
// The reader's language too (English is a chunk of its own).
chunks.push(loadCatalogue(services.settings.getState().locale));
void Promise.all(chunks).catch(() => undefined).then(() => {
  if (rendered) hydrateRoot(root, app);
  else createRoot(root).render(app);
  watchNetwork(() => {
    services.cache.revalidate();
    void services.session.getState().refresh(api).then(() => flushOutbox(services));
  });
  // Edits left from an earlier visit go out once the session is known (they wait for the account that made them).
  const flushWhenKnown = () => {
    if (services.session.getState().status === 'ready') return void flushOutbox(services);
    const stop = services.session.subscribe((state) => {
      if (state.status !== 'ready') return;
      stop();
      void flushOutbox(services);
    });
  };
  // The outbox lives in IndexedDB: Dexie loads after the first screen, not in its way.
  afterFirstScreen(flushWhenKnown);
  // The library across devices likewise (and in a chunk of its own): sent and applied from then on.
  afterFirstScreen(() => void import('./offline/library-sync').then(({ startLibrarySync }) => startLibrarySync(services, saving)));
  // Followed series: alerts for the follows made on other devices, and auto-download's run as the app opens.
  afterFirstScreen(() => void import('./offline/following').then((following) => following.startFollowing(services)));
});

// The answers the page was rendered with go to the device after the first screen. A reader who leaves sooner hands
// them to the next page (sessionStorage is written at once; IndexedDB would not finish before the page goes).
const HANDOFF = 'redaktion.unkept';
let kept = false;
if (rendered) {
  afterFirstScreen(() => {
    kept = true;
    let earlier: [string, unknown][] = [];
    try {
      earlier = JSON.parse(sessionStorage.getItem(HANDOFF) ?? '[]') as [string, unknown][];
      sessionStorage.removeItem(HANDOFF);
    } catch { /* unreadable: nothing handed over */ }
    services.cache.keepOnDevice(earlier);
  });
  window.addEventListener('pagehide', () => {
    if (kept) return;
    try {
      const earlier = JSON.parse(sessionStorage.getItem(HANDOFF) ?? '[]') as [string, unknown][];
      sessionStorage.setItem(HANDOFF, JSON.stringify([...earlier, ...services.cache.unkept()]));
    } catch { /* storage full or refused: the next visit reads these again */ }
  });
}

// The service worker (workbox-window here, the precache downloads in the worker) waits for the page to load and go idle.
// A new version takes over once the device's storage code (Dexie, loaded at the first tap) is here.
afterLoadWhenIdle(() => void import('./offline/service-worker').then(({ registerServiceWorker }) => registerServiceWorker()));

import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import type { User } from '@redaktion/shared';
import { createApiClient } from '@redaktion/shared/client';
import { App } from './app/App';
import { AppProviders, type AppServices } from './app/context';
import { ApiCache, type Entry } from './data/api-cache';
import type { Locale } from './i18n';
import { createSessionStore } from './state/session';
import { createSettingsStore } from './state/settings';
import './styles/main.css';

/** What the server rendered with: the API answers, the user and the language and theme. */
interface Boot { cache: Record<string, Entry>; user: User | null | undefined; locale: Locale; darkMode: boolean }

const boot = JSON.parse(document.getElementById('__BOOT__')?.textContent ?? '{}') as Partial<Boot>;
const api = createApiClient();
const services: AppServices = {
  api,
  cache: new ApiCache(api, boot.cache ?? {}),
  session: createSessionStore(boot.user),
  settings: createSettingsStore({ locale: boot.locale ?? 'sv', darkMode: boot.darkMode ?? false }),
};

// reader-area.md §8: runtime errors and unhandled rejections are logged, never shown raw.
window.addEventListener('unhandledrejection', (event) => {
  console.error(event.reason);
  event.preventDefault();
});

hydrateRoot(
  document.getElementById('root')!,
  <StrictMode>
    <AppProviders services={services}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);

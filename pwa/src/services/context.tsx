import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { ApiClient } from '@redaktion/shared/client';
import { ApiCache, ApiCacheProvider } from '../data/api-cache';
import { I18nProvider } from '../i18n';
import type { SessionStore } from '../state/session';
import type { SettingsStore } from '../state/settings';
import type { Device } from '../device/device';

/** Everything a page needs from its surroundings, made per request on the server and once in the browser. */
export interface AppServices {
  api: ApiClient;
  cache: ApiCache;
  session: SessionStore;
  settings: SettingsStore;
  /** The device's storage (IndexedDB): in the browser only. */
  device?: Device;
}

const ServicesContext = createContext<AppServices | null>(null);

export function AppProviders({ services, children }: { services: AppServices; children: ReactNode }) {
  const locale = useStore(services.settings, (state) => state.locale);
  return (
    <ServicesContext.Provider value={services}>
      <ApiCacheProvider cache={services.cache}>
        <I18nProvider locale={locale}>{children}</I18nProvider>
      </ApiCacheProvider>
    </ServicesContext.Provider>
  );
}

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('AppProviders is missing');
  return services;
}

export const useSession = () => useStore(useServices().session);
export const useSettings = () => useStore(useServices().settings);

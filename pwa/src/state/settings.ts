import { create } from 'zustand';
import type { Locale } from '../i18n';

/** Reader settings (reader-area.md §4 defaults); they persist on the device (contract.md §3). */
export interface Settings {
  locale: Locale;
  emailNotifications: boolean;
  darkMode: boolean;
  autoplay: boolean;
  highQualityAudio: boolean;
}

export const DEFAULT_SETTINGS: Omit<Settings, 'locale'> = {
  emailNotifications: true, darkMode: false, autoplay: true, highQualityAudio: false,
};

const STORAGE_KEY = 'redaktion.settings';
/** Language and theme are also kept in a cookie, so that the server renders the first screen the same way. */
export const PREFS_COOKIE = 'redaktion.prefs';

interface SettingsState extends Settings {
  update(changes: Partial<Settings>): void;
}

function persist(settings: Settings): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(settings));
  } catch { /* private mode: the choice lasts this visit */ }
  document.cookie = `${PREFS_COOKIE}=${settings.locale}.${settings.darkMode ? 'dark' : 'light'}; Path=/; Max-Age=31536000; SameSite=Lax`;
  document.documentElement.lang = settings.locale;
  document.documentElement.dataset.theme = settings.darkMode ? 'dark' : 'light';
}

/** Reads `redaktion.prefs` ("sv.dark"). */
export function parsePrefsCookie(cookieHeader: string | undefined | null): { locale?: Locale; darkMode?: boolean } {
  const raw = /(?:^|;\s*)redaktion\.prefs=([a-z]+)\.([a-z]+)/.exec(cookieHeader ?? '');
  if (!raw) return {};
  return { locale: raw[1] === 'en' ? 'en' : raw[1] === 'sv' ? 'sv' : undefined, darkMode: raw[2] === 'dark' };
}

export function createSettingsStore(initial: { locale: Locale; darkMode: boolean }) {
  let stored: Partial<Settings> = {};
  if (typeof localStorage !== 'undefined') {
    try {
      stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Partial<Settings>;
    } catch { /* unreadable: defaults */ }
  }
  return create<SettingsState>((set, get) => ({
    ...DEFAULT_SETTINGS,
    ...stored,
    // What the server rendered wins for language and theme, so hydration matches.
    locale: initial.locale,
    darkMode: initial.darkMode,
    update(changes) {
      set(changes);
      const { update: _update, ...settings } = get();
      if (typeof document !== 'undefined') persist(settings);
    },
  }));
}

export type SettingsStore = ReturnType<typeof createSettingsStore>;

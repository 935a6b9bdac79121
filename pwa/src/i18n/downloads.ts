import type { Locale } from './index';

/** The words of the dashboard's downloaded episodes: the device's storage, and keeping the downloads when it runs low. */
export interface DownloadsText {
  storage: (used: string, available: string) => string;
  storageUnknown: string;
  persist: string;
  persisted: string;
  persistDenied: string;
  empty: string;
  total: (n: number, size: string) => string;
  /** Marks an episode auto-download fetched (not the reader's tap). */
  auto: string;
  /** Auto-download stopped for want of storage (`available`: what the browser said was free, when it said). */
  short: (available: string | null) => string;
  shortAction: string;
}

/**
 * Apart from the catalogues (sv.ts, en.ts), which every page downloads: only the dashboard's podcast library imports
 * these (the reader routes' script budget has no room for them).
 */
const TEXT: Record<Locale, DownloadsText> = {
  sv: {
    storage: (used, available) => `${used} använt av ${available} tillgängligt på enheten`,
    storageUnknown: 'Webbläsaren visar inte lagringsutrymmet',
    persist: 'Behåll nedladdningar när utrymmet tar slut',
    persisted: 'Dina nedladdningar behålls på enheten.',
    persistDenied: 'Webbläsaren kan fortfarande ta bort nedladdningar när utrymmet tar slut.',
    empty: 'Inga nedladdningar än. Använd Spara på ett avsnitt för att lyssna offline.',
    total: (n, size) => `${n} avsnitt, ${size}`,
    auto: 'Hämtat automatiskt',
    short: (available) => `Automatisk nedladdning har stannat: enheten har ont om lagringsutrymme${available ? ` (${available} ledigt)` : ''}. Ta bort nedladdningar nedan eller behåll färre per serie.`,
    shortAction: 'Inställningar för automatisk nedladdning',
  },
  en: {
    storage: (used, available) => `${used} used of ${available} available on this device`,
    storageUnknown: 'Storage details are not available in this browser',
    persist: 'Keep downloads when space runs low',
    persisted: 'Your downloads are kept on this device.',
    persistDenied: 'The browser may still remove downloads when space runs low.',
    empty: 'No downloads yet. Use Save on an episode to listen offline.',
    total: (n, size) => `${n} ${n === 1 ? 'episode' : 'episodes'}, ${size}`,
    auto: 'Downloaded automatically',
    short: (available) => `Auto-download has stopped: this device is short of storage${available ? ` (${available} free)` : ''}. Remove downloads below or keep fewer per series.`,
    shortAction: 'Auto-download settings',
  },
};

export const downloadsText = (locale: Locale): DownloadsText => TEXT[locale];

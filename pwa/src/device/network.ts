import { create } from 'zustand';

/**
 * Whether the server can be reached, as the app last saw it: the browser's online flag, corrected by what
 * each read found (a phone can be "online" with no route to the server).
 */
interface NetworkState {
  online: boolean;
  /** The last time a read reached the server. */
  lastSync: number | null;
  reachable(ok: boolean): void;
}

const LAST_SYNC_KEY = 'redaktion.lastSync';
let onBack: (() => void) | null = null;

export const useNetwork = create<NetworkState>((set, get) => ({
  online: true,
  lastSync: null,
  reachable(ok) {
    if (ok) {
      const now = Date.now();
      try { localStorage.setItem(LAST_SYNC_KEY, String(now)); } catch { /* private mode */ }
      const wasOffline = !get().online;
      set({ online: true, lastSync: now });
      // The server answered again without the browser saying so (a weak signal that came back): as if online.
      if (wasOffline) onBack?.();
    } else if (get().online) {
      set({ online: false });
    }
  },
}));

/**
 * Follows the browser's online and offline events; `back` runs when the network returns. Called after the
 * first render, so that the page hydrates as the server rendered it (online).
 */
export function watchNetwork(back: () => void) {
  onBack = back;
  const stored = Number(localStorage.getItem(LAST_SYNC_KEY));
  useNetwork.setState({ online: navigator.onLine, lastSync: Number.isFinite(stored) && stored > 0 ? stored : null });
  window.addEventListener('offline', () => useNetwork.setState({ online: false }));
  window.addEventListener('online', () => {
    useNetwork.setState({ online: true });
    back();
  });
}

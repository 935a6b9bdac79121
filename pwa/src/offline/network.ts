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

export const useNetwork = create<NetworkState>((set, get) => ({
  online: true,
  lastSync: null,
  reachable(ok) {
    if (ok) {
      const now = Date.now();
      try { localStorage.setItem(LAST_SYNC_KEY, String(now)); } catch { /* private mode */ }
      set({ online: true, lastSync: now });
    } else if (get().online) {
      set({ online: false });
    }
  },
}));

/** Follows the browser's online and offline events; `onBack` runs when the network returns. */
export function watchNetwork(onBack: () => void) {
  const stored = Number(localStorage.getItem(LAST_SYNC_KEY));
  useNetwork.setState({ online: navigator.onLine, lastSync: Number.isFinite(stored) && stored > 0 ? stored : null });
  window.addEventListener('offline', () => useNetwork.setState({ online: false }));
  window.addEventListener('online', () => {
    useNetwork.setState({ online: true });
    onBack();
  });
}

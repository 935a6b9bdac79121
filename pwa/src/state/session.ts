import { create } from 'zustand';
import type { User } from '@redaktion/shared';
import { isEntitled } from '@redaktion/shared/entitlement';
import { ApiError, type ApiClient } from '@redaktion/shared/client';

/** The signed-in user: loaded at start; only a real 401 means signed out (contract.md §7). */
interface SessionState {
  user: User | null;
  status: 'loading' | 'ready';
  setUser(user: User | null): void;
  refresh(api: ApiClient): Promise<void>;
}

/** What the browser keeps of the session (the server renders without it). */
export interface SessionDevice {
  remember(user: User | null): void;
  last(): User | null;
  /** The session ended, however it ended (logout, account deleted, expired): forget what was read with it. */
  signedOut(): Promise<void>;
  /** A user is signed in: pages kept for a signed-out reader would show them the signed-out site offline. */
  signedIn(): Promise<void>;
}

/**
 * `device` (the browser only) keeps the last confirmed user: with no network the app starts as that user,
 * and only a real 401 signs the reader out.
 */
export function createSessionStore(initial: User | null | undefined, device?: SessionDevice) {
  return create<SessionState>((set, get) => {
    const confirm = (user: User | null) => {
      const remembered = device?.last() ?? null;
      const had = get().user ?? remembered;
      device?.remember(user);
      if (had && !user) void device?.signedOut().catch(() => undefined);
      // Signed in where the device last knew no one: once, not on every page of the signed-in reader.
      if (user && !remembered) void device?.signedIn().catch(() => undefined);
      set({ user, status: 'ready' });
    };
    return {
    user: initial ?? null,
    status: initial === undefined ? 'loading' : 'ready',
    setUser: confirm,
    async refresh(api) {
      try {
        confirm(await api.get<User>('/api/user'));
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) {
          confirm(null);
        } else {
          set((state) => ({ user: state.user ?? device?.last() ?? null, status: 'ready' }));
        }
      }
    },
    };
  });
}

export type SessionStore = ReturnType<typeof createSessionStore>;
export { isStaff } from '@redaktion/shared/constants';
/** Entitled to premium (a subscription or a pass): what the app offers follows it; the server withholds the rest. */
export const isSubscriber = (user: User | null) => isEntitled(user);

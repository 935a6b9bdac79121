import { create } from 'zustand';
import type { User } from '@redaktion/shared';
import { ApiError, type ApiClient } from '@redaktion/shared/client';

/** The signed-in user: loaded at start; only a real 401 means signed out (contract.md §7). */
interface SessionState {
  user: User | null;
  status: 'loading' | 'ready';
  setUser(user: User | null): void;
  refresh(api: ApiClient): Promise<void>;
}

/**
 * `device` (the browser only) keeps the last confirmed user: with no network the app starts as that user,
 * and only a real 401 signs the reader out.
 */
export function createSessionStore(initial: User | null | undefined, device?: { remember(user: User | null): void; last(): User | null }) {
  return create<SessionState>((set) => ({
    user: initial ?? null,
    status: initial === undefined ? 'loading' : 'ready',
    setUser: (user) => {
      device?.remember(user);
      set({ user, status: 'ready' });
    },
    async refresh(api) {
      try {
        const user = await api.get<User>('/api/user');
        device?.remember(user);
        set({ user, status: 'ready' });
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) {
          device?.remember(null);
          set({ user: null, status: 'ready' });
        } else {
          set((state) => ({ user: state.user ?? device?.last() ?? null, status: 'ready' }));
        }
      }
    },
  }));
}

export type SessionStore = ReturnType<typeof createSessionStore>;
export const isStaff = (user: User | null) => user?.role === 'admin' || user?.role === 'super_admin';
export const isSubscriber = (user: User | null) => user?.subscriptionStatus === 'active' || user?.subscriptionStatus === 'trialing';

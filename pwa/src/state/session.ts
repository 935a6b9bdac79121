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

export function createSessionStore(initial: User | null | undefined) {
  return create<SessionState>((set) => ({
    user: initial ?? null,
    status: initial === undefined ? 'loading' : 'ready',
    setUser: (user) => set({ user, status: 'ready' }),
    async refresh(api) {
      try {
        set({ user: await api.get<User>('/api/user'), status: 'ready' });
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) set({ user: null, status: 'ready' });
        else set({ status: 'ready' });
      }
    },
  }));
}

export type SessionStore = ReturnType<typeof createSessionStore>;
export const isStaff = (user: User | null) => user?.role === 'admin' || user?.role === 'super_admin';
export const isSubscriber = (user: User | null) => user?.subscriptionStatus === 'active' || user?.subscriptionStatus === 'trialing';

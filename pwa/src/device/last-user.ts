import type { User } from '@redaktion/shared';

/**
 * The last user the server confirmed, kept on the device: offline, only a real 401 means signed out
 * (contract.md §7), so the app starts as that user until the server says otherwise.
 */
const KEY = 'redaktion.lastUser';

export function rememberUser(user: User | null): void {
  try {
    if (user) localStorage.setItem(KEY, JSON.stringify(user));
    else localStorage.removeItem(KEY);
  } catch { /* private mode: nothing kept */ }
}

export function lastKnownUser(): User | null {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? 'null') as User | null;
  } catch {
    return null;
  }
}

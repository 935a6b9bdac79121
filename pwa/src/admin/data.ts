import { useCallback, useEffect, useSyncExternalStore } from 'react';

/**
 * The admin screens' reads: fetched when a screen first needs them, kept until a change invalidates them
 * (admin-area.md §9: no automatic refetch, no refetch on focus, never stale, no retries).
 * Keys are the API paths; `invalidate('/api/admin/articles')` refetches every mounted read under that path.
 */
interface Entry { data?: unknown; error?: unknown; loading: boolean; load: () => Promise<unknown>; listeners: Set<() => void> }

const entries = new Map<string, Entry>();

function run(key: string, entry: Entry) {
  entry.loading = true;
  notify(entry);
  entry.load().then(
    (data) => Object.assign(entry, { data, error: undefined, loading: false }),
    (error: unknown) => Object.assign(entry, { error, loading: false }),
  ).finally(() => {
    entries.set(key, entry);
    notify(entry);
  });
}

function notify(entry: Entry) {
  // A fresh object so that useSyncExternalStore sees the change.
  const snapshot = { ...entry };
  snapshots.set(entry, snapshot);
  for (const listener of entry.listeners) listener();
}
const snapshots = new WeakMap<Entry, Entry>();

export interface Query<T> { data: T | undefined; error: unknown; loading: boolean; reload(): void }

export function useAdminQuery<T>(key: string, load: () => Promise<T>): Query<T> {
  let entry = entries.get(key);
  if (!entry) {
    entry = { loading: false, load, listeners: new Set() };
    entries.set(key, entry);
    snapshots.set(entry, { ...entry });
  }
  entry.load = load;
  const current = entry;
  const subscribe = useCallback((listener: () => void) => {
    current.listeners.add(listener);
    return () => current.listeners.delete(listener);
  }, [current]);
  const snapshot = useSyncExternalStore(subscribe, () => snapshots.get(current)!, () => snapshots.get(current)!);
  useEffect(() => {
    if (current.data === undefined && current.error === undefined && !current.loading) run(key, current);
  }, [key, current]);
  return {
    data: snapshot.data as T | undefined,
    error: snapshot.error,
    loading: snapshot.loading,
    reload: () => run(key, current),
  };
}

/** After a change: refetch the reads whose key starts with one of `prefixes` (mounted or not, they are small). */
export function invalidate(...prefixes: string[]) {
  for (const [key, entry] of entries) {
    if (!prefixes.some((prefix) => key.startsWith(prefix))) continue;
    if (entry.listeners.size > 0) run(key, entry);
    else entries.delete(key);
  }
}

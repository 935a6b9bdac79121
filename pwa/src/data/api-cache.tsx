import { createContext, useCallback, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { ApiError, type ApiClient, type ApiPath } from '@redaktion/shared/client';
import type { ResponseStore } from '../device/responses';

/**
 * Answers of API reads, by path: the one place every screen reads data from.
 * - The server fills it while rendering a page and sends it along, so the browser hydrates without asking again.
 * - In the browser, a read goes to the network and, at the same time, to the device's copy (IndexedDB): the
 *   device answers first when it has the path, the network's answer replaces it and is kept on the device.
 *   With no network, the device's copy stays on screen (`savedAt` says how old it is); when the network
 *   returns, `revalidate()` fetches again what came from the device.
 * Reads are otherwise made once, never refetched on a timer or focus and never retried (reader-area.md §7).
 */
export type Entry = {
  data?: unknown;
  error?: { status: number; message: string };
  /** Set when the answer came from the device rather than the network: when it was stored. */
  savedAt?: number;
};

export interface ApiCacheOptions {
  /** The device's copy of answers (the browser only). */
  store?: ResponseStore;
  /** Told whether each network read reached the server (a failure without an HTTP status means it did not). */
  onNetwork?: (reachable: boolean) => void;
  /**
   * The first screen (services/idle.ts): while `active()`, the device is read only when the network fails and written
   * `after` it, so that its database (Dexie) does not load while the page the reader opens is still loading.
   */
  firstScreen?: { active(): boolean; after(work: () => void): void };
}

/**
 * Whether an answer may be kept on the device: not one reached through a token (a gift link's, a preview link's),
 * which is for that visit alone (contract §9: such answers are private, no-store and stored nowhere).
 */
const keepable = (path: string) => !/[?&]gift=|^\/api\/previews\//.test(path);

/** The status of an error that is not an answer from the server: the network could not be reached. */
export const OFFLINE = 0;

export class ApiCache {
  private entries = new Map<string, Entry>();
  private pending = new Map<string, Promise<void>>();
  private listeners = new Set<() => void>();
  private version = 0;
  /** Per path, moves on when invalidate() forgets it: an answer to a read started before (with another session) is dropped. */
  private epochs = new Map<string, number>();

  constructor(readonly client: ApiClient, initial: Record<string, Entry> = {}, private readonly options: ApiCacheOptions = {}) {
    for (const [path, entry] of Object.entries(initial)) this.entries.set(path, entry);
  }

  get(path: string): Entry | undefined {
    return this.entries.get(path);
  }

  /** Loads a path unless it is loaded or loading. */
  load(path: string): Promise<void> {
    if (this.entries.has(path)) return Promise.resolve();
    return this.refresh(path);
  }

  /**
   * Asks the network again for every answer that came from the device or failed for want of a network: in the
   * background, so that refreshing an article already kept spends no read of the metered paywall.
   */
  revalidate(): void {
    for (const [path, entry] of this.entries) {
      if (entry.savedAt !== undefined || entry.error?.status === OFFLINE) void this.refresh(path, true);
    }
  }

  /** The answers from the network that are not on the device yet (those the server rendered the page with). */
  unkept(): [path: string, data: unknown][] {
    return [...this.entries].filter(([path, entry]) => entry.data !== undefined && entry.savedAt === undefined && keepable(path))
      .map(([path, entry]) => [path, entry.data]);
  }

  /** Keeps those answers on the device, with any an earlier page handed over. */
  keepOnDevice(earlier: [path: string, data: unknown][] = []): void {
    void this.options.store?.putMany([...earlier, ...this.unkept()]).catch(() => undefined);
  }

  /**
   * Reads a path from the network again (the device's copy shows meanwhile if nothing is on screen); `background`
   * when no reader asked for it now.
   */
  refresh(path: string, background = false): Promise<void> {
    const running = this.pending.get(path);
    if (running) return running;
    const { store, onNetwork, firstScreen } = this.options;
    const epoch = this.epochs.get(path) ?? 0;
    const current = () => (this.epochs.get(path) ?? 0) === epoch;
    let answered = false;
    const early = firstScreen?.active() ?? false;
    const onDevice = (work: () => void) => (early ? firstScreen!.after(work) : work());
    const stored = early ? undefined : store?.get(path).catch(() => undefined);
    void stored?.then((copy) => {
      if (copy && !answered && current() && !this.entries.has(path)) this.set(path, { data: copy.data, savedAt: copy.savedAt });
    });
    const promise = (background ? this.client.refresh(path as ApiPath<unknown>) : this.client.get(path as ApiPath<unknown>))
      .then((data) => {
        answered = true;
        if (!current()) return;
        onNetwork?.(true);
        this.set(path, { data });
        if (keepable(path)) onDevice(() => void store?.put(path, data).catch(() => undefined));
      })
      .catch(async (error: unknown) => {
        answered = true;
        if (!current()) return;
        if (error instanceof ApiError) {
          onNetwork?.(true);
          // Gone from the server (unpublished, deleted): gone from the device too.
          if (error.status === 404) onDevice(() => void store?.remove(path).catch(() => undefined));
          this.set(path, { error: { status: error.status, message: error.serverMessage } });
          return;
        }
        onNetwork?.(false);
        const copy = await (stored ?? store?.get(path).catch(() => undefined));
        if (!current()) return;
        if (copy) this.set(path, { data: copy.data, savedAt: copy.savedAt });
        // An answer already on screen stays there; only a path never answered shows the offline state.
        else if (this.entries.get(path)?.data === undefined) this.set(path, { error: { status: OFFLINE, message: 'Network response was not ok' } });
      })
      .finally(() => {
        if (this.pending.get(path) === promise) this.pending.delete(path);
      });
    this.pending.set(path, promise);
    return promise;
  }

  /**
   * The device's store for a page that keeps answers of its own (a live article's entries, followed on its stream):
   * on the first screen, once it is past (as refresh's writes), unless `now` (the page was opened offline).
   */
  device(now = false): Promise<ResponseStore | undefined> {
    const { store, firstScreen } = this.options;
    return new Promise((resolve) => (now || !firstScreen?.active() ? resolve(store) : firstScreen.after(() => resolve(store))));
  }

  set(path: string, entry: Entry): void {
    this.entries.set(path, entry);
    this.notify();
  }

  /** Forgets answers (all, or those whose path starts with a prefix) so that they load again. */
  invalidate(prefix = ''): void {
    for (const path of [...this.entries.keys()]) if (path.startsWith(prefix)) this.entries.delete(path);
    for (const path of [...this.pending.keys()]) {
      if (!path.startsWith(prefix)) continue;
      this.pending.delete(path);
      this.epochs.set(path, (this.epochs.get(path) ?? 0) + 1);
    }
    this.notify();
  }

  /**
   * The entries by path, in path order: a page's reads run at once and finish in any order, and the boot data
   * rendered from this is part of the page whose ETag must be the same for the same content.
   */
  snapshot(): Record<string, Entry> {
    return Object.fromEntries([...this.entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getVersion = () => this.version;

  private notify(): void {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }
}

const CacheContext = createContext<ApiCache | null>(null);

export function ApiCacheProvider({ cache, children }: { cache: ApiCache; children: ReactNode }) {
  return <CacheContext.Provider value={cache}>{children}</CacheContext.Provider>;
}

export function useApiCache(): ApiCache {
  const cache = useContext(CacheContext);
  if (!cache) throw new Error('ApiCacheProvider is missing');
  return cache;
}

export interface ApiRead<T> {
  data: T | undefined;
  error: { status: number; message: string } | undefined;
  loading: boolean;
  /** When the data came from the device (no network): the time it was stored. */
  savedAt: number | undefined;
}

/** Reads a path; null skips the read. */
export function useApi<T>(path: ApiPath<T> | null): ApiRead<T> {
  const cache = useApiCache();
  useSyncExternalStore(cache.subscribe, cache.getVersion, cache.getVersion);
  const entry = path ? cache.get(path) : undefined;
  const missing = entry === undefined;
  // Again when the answer is forgotten (invalidate) while the screen still shows it.
  useEffect(() => {
    if (path && missing) void cache.load(path);
  }, [cache, path, missing]);
  return { data: entry?.data as T | undefined, error: entry?.error, loading: Boolean(path) && !entry, savedAt: entry?.savedAt };
}

/** Polls a path (custom videos refresh every 30 s, reader-area.md §9). */
export function usePolling(path: string, intervalMs: number): void {
  const cache = useApiCache();
  const refresh = useCallback(() => {
    void cache.refresh(path);
  }, [cache, path]);
  useEffect(() => {
    const timer = setInterval(refresh, intervalMs);
    return () => clearInterval(timer);
  }, [refresh, intervalMs]);
}

export function useIsClient(): boolean {
  const [client, setClient] = useState(false);
  useEffect(() => setClient(true), []);
  return client;
}

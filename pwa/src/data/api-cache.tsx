import { createContext, useCallback, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { ApiError, type ApiClient, type ApiPath } from '@redaktion/shared/client';

/**
 * Answers of API reads, by path. The server fills it while rendering a page and sends it along, so
 * the browser hydrates without asking again; afterwards the browser fills it as pages need data.
 * Reads are made once, never refetched on a timer or focus and never retried (reader-area.md §7).
 */
export type Entry = { data?: unknown; error?: { status: number; message: string } };

export class ApiCache {
  private entries = new Map<string, Entry>();
  private pending = new Map<string, Promise<void>>();
  private listeners = new Set<() => void>();
  private version = 0;

  constructor(readonly client: ApiClient, initial: Record<string, Entry> = {}) {
    for (const [path, entry] of Object.entries(initial)) this.entries.set(path, entry);
  }

  get(path: string): Entry | undefined {
    return this.entries.get(path);
  }

  /** Loads a path unless it is loaded or loading. */
  load(path: string): Promise<void> {
    if (this.entries.has(path)) return Promise.resolve();
    const running = this.pending.get(path);
    if (running) return running;
    const promise = this.client.get(path as ApiPath<unknown>)
      .then((data) => this.set(path, { data }))
      .catch((error: unknown) => this.set(path, {
        error: error instanceof ApiError ? { status: error.status, message: error.serverMessage } : { status: 0, message: 'Network response was not ok' },
      }))
      .finally(() => this.pending.delete(path));
    this.pending.set(path, promise);
    return promise;
  }

  set(path: string, entry: Entry): void {
    this.entries.set(path, entry);
    this.notify();
  }

  /** Forgets answers (all, or those whose path starts with a prefix) so that they load again. */
  invalidate(prefix = ''): void {
    for (const path of [...this.entries.keys()]) if (path.startsWith(prefix)) this.entries.delete(path);
    this.notify();
  }

  snapshot(): Record<string, Entry> {
    return Object.fromEntries(this.entries);
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
}

/** Reads a path; null skips the read. */
export function useApi<T>(path: ApiPath<T> | null): ApiRead<T> {
  const cache = useApiCache();
  useSyncExternalStore(cache.subscribe, cache.getVersion, cache.getVersion);
  const entry = path ? cache.get(path) : undefined;
  useEffect(() => {
    if (path) void cache.load(path);
  }, [cache, path]);
  return { data: entry?.data as T | undefined, error: entry?.error, loading: Boolean(path) && !entry };
}

/** Polls a path (custom videos refresh every 30 s, reader-area.md §9). */
export function usePolling(path: string, intervalMs: number): void {
  const cache = useApiCache();
  const refresh = useCallback(() => {
    void cache.client.get(path as ApiPath<unknown>).then((data) => cache.set(path, { data }), () => undefined);
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

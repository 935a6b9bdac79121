import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { LiveEntry, UploadAnswer, User } from '@redaktion/shared';
import { createApiClient, type ApiClient } from '@redaktion/shared/client';
import { createAdminClient, type AdminClient } from '@redaktion/shared/admin-client';

/**
 * AdminPlatform: everything the admin screens take from the app that hosts them (ADR 10, ADR 12).
 *
 * The admin module imports nothing of its host; it never reads cookies, calls `fetch`, `XMLHttpRequest` or
 * `window.open` itself, and keeps no copy of the signed-in user. Two hosts implement this:
 * - the PWA (`pwa/src/pages/admin/web-platform.ts`): the same-origin API with the session cookie, uploads over
 *   XMLHttpRequest (fetch cannot report upload progress), the reader's toasts and data cache;
 * - the desktop app's renderer: the API and uploads through its main process, links in the system browser.
 * A host builds a new object when one of the values changes (the user signs out, the language switches).
 */
export interface AdminPlatform {
  /** The signed-in user, or null. The screens show Access Denied below the admin role; the server enforces it. */
  user: User | null;
  /** The language of the screens. */
  locale: 'sv' | 'en';
  /** The colour scheme of the screens (the admin's styles carry both). */
  theme: 'light' | 'dark';
  /**
   * The API transport, shaped like `fetch`: `path` is always an absolute path of the API (`/api/admin/articles?…`),
   * never a full URL; the host adds the server's origin and the credentials (cookie or token). The answer's status
   * and JSON body are read as they are, so a host forwards them unchanged (a `Response` built from them will do).
   */
  fetch(path: string, init: AdminRequestInit): Promise<Response>;
  /**
   * Sends a multipart form (files and text fields) to an API path (`/api/upload`, `/api/admin/videos/upload`…)
   * and resolves with the JSON answer. `onProgress` receives 0 to 100 as the bytes leave; `signal` cancels (the
   * promise then rejects with a DOMException named AbortError). Refusals reject with `ApiError` from
   * `@redaktion/shared/client`; a failure on the way rejects with an `Error` whose message says what went wrong
   * ('Network error', 'Upload timeout', 'Invalid JSON response').
   */
  upload<T>(path: string, form: UploadForm, options?: UploadOptions): Promise<T>;
  /**
   * Sends one large file through the resumable endpoint (`/api/admin/uploads`, tus 1.0.0) and resolves with the
   * last PATCH's answer; a dropped connection resumes from the server's offset. Progress, cancel and refusals as in
   * `upload` (cancel also deletes the unfinished upload). A host without it (the desktop app queues its large
   * files itself) leaves it out, and the screens send the file with `upload`.
   */
  resumableUpload?(file: File, options?: Omit<UploadOptions, 'timeoutMs'>): Promise<UploadAnswer>;
  /**
   * Bulk video uploads, where the host keeps a queue of its own (the desktop app's main process: two at a time,
   * paused and resumed, kept across a lost connection and a restart). The Interviews tab's video section then takes
   * videos or folders of them dropped on it, or chosen in the host's dialog. The browser leaves it out.
   */
  bulkVideos?: BulkVideos;
  /**
   * Live entries kept on the device first, where the host keeps an outbox of its own (the desktop app's main
   * process: on disk, sent in the order they were written, each once, when the server answers). The live console
   * then posts every new entry through it. The browser leaves it out, and the console posts straight to the API.
   */
  liveOutbox?: LiveOutbox;
  /** Opens a full URL outside the admin: the browser in a new tab, the desktop app in the system browser. */
  openExternal(url: string): void;
  /** Leaves the admin for a page of the reader site (`/`): the browser goes there in this tab, the desktop opens it outside. */
  openReaderPage(path: string): void;
  /** The reader site's origin, for links to its pages and for the site-relative URLs of uploaded files. */
  siteUrl: string;
  /** Shows a short message to the editor (a toast): the outcome of a save, a delete, a failed call. */
  notify(notice: AdminNotice): void;
  /**
   * Tells the host that public answers under these API paths changed (`/api/articles`, `/api/categories`…), so
   * that copies it keeps (the PWA's reader cache) are fetched again. A host that keeps none does nothing.
   */
  readerDataChanged(paths: string[]): void;
}

export interface BulkVideos {
  /** Queues these files (a folder among them stands for the videos in it); resolves with how many videos went in. */
  add(files: File[]): Promise<number>;
  /** Queues what the editor chooses in the host's own file dialog; resolves with how many went in (0 when cancelled). */
  pick(): Promise<number>;
  /** Shows the queue, where each upload is followed, paused, resumed, retried or cancelled. */
  showQueue(): void;
}

export interface LiveOutbox {
  /** Keeps the entry and sends it after those kept before it; resolves with where it stands once a send was tried. */
  post(articleId: number, entry: OutboxLiveEntry): Promise<QueuedLiveEntry>;
  /** The article's entries not on the server yet (waiting or refused), oldest first. */
  list(articleId: number): Promise<QueuedLiveEntry[]>;
  /** Forgets an entry that is not on the server yet. */
  discard(clientId: string): Promise<void>;
}

/** An entry as the outbox takes it: its `clientId` makes a second send of it answer the stored entry. */
export interface OutboxLiveEntry { clientId: string; content: string; title: string | null; keyEvent: boolean; pinned: boolean; breaking: boolean }

export interface QueuedLiveEntry {
  clientId: string;
  articleId: number;
  entry: Omit<OutboxLiveEntry, 'clientId'>;
  /** pending: waiting for the server; sent: on the server (`published`); refused: the server said no (`error`). */
  state: 'pending' | 'sent' | 'refused';
  error: string | null;
  published: LiveEntry | null;
}

/** What the admin passes to `AdminPlatform.fetch`: plain data (it crosses a process bridge as it is); files go through `upload`. */
export interface AdminRequestInit { method: string; headers: Record<string, string>; body?: string }
export type UploadForm = Record<string, Blob | string>;
export interface UploadOptions { onProgress?: (percent: number) => void; signal?: AbortSignal; timeoutMs?: number }
export interface AdminNotice { title: string; description?: string; tone: 'success' | 'error' }

interface AdminContext { platform: AdminPlatform; api: ApiClient; admin: AdminClient }
const PlatformContext = createContext<AdminContext | null>(null);

/** Puts the platform (and the API clients made over its transport) under the screens, inside the admin's styled root. */
export function AdminPlatformProvider({ platform, children }: { platform: AdminPlatform; children: ReactNode }) {
  const transport = platform.fetch;
  const clients = useMemo(() => {
    const api = createApiClient({ fetch: (input, init) => transport(String(input), requestInit(init)) });
    return { api, admin: createAdminClient(api) };
  }, [transport]);
  const value = useMemo(() => ({ platform, ...clients }), [platform, clients]);
  return (
    <PlatformContext.Provider value={value}>
      <div className="redaktion-admin" data-theme={platform.theme}>{children}</div>
    </PlatformContext.Provider>
  );
}

/** The API client's request as plain data: its headers are a plain object and its bodies JSON text. */
function requestInit(init: RequestInit = {}): AdminRequestInit {
  if (init.body != null && typeof init.body !== 'string') throw new TypeError('Files go through AdminPlatform.upload');
  return { method: init.method ?? 'GET', headers: { ...(init.headers as Record<string, string> | undefined) }, body: init.body ?? undefined };
}

function useAdminContext(): AdminContext {
  const context = useContext(PlatformContext);
  if (!context) throw new Error('AdminPlatformProvider is missing');
  return context;
}

export const usePlatform = () => useAdminContext().platform;
export const useApi = () => useAdminContext().api;
export const useAdminClient = () => useAdminContext().admin;

import { createContext, useContext, type ReactNode } from 'react';
import type { ApiClient } from '@redaktion/shared/client';
import type { AdminClient } from '@redaktion/shared/admin-client';

/**
 * AdminPlatform: everything the admin screens need that differs between the browser and the desktop app.
 *
 * The screens never call `fetch`, `XMLHttpRequest` or `window.open` themselves; they ask the platform.
 * - The PWA passes `browserPlatform()` (./browser-platform): same-origin API, uploads over XMLHttpRequest
 *   so that the progress is the real number of bytes sent.
 * - The desktop app passes its own: the API at the newsroom server it is configured for, uploads and
 *   links through its main process.
 */
export interface AdminPlatform {
  /** The API client (the desktop app points it at its configured server). */
  api: ApiClient;
  /** The typed admin calls over `api`. */
  admin: AdminClient;
  /**
   * Sends a multipart form (files and text fields) to an admin path and resolves with the JSON answer.
   * `onProgress` receives 0 to 100 as the bytes leave; `signal` cancels. Failures reject with `ApiError`,
   * or with an `Error` whose message says what went wrong on the way (network error, timeout, invalid JSON).
   */
  upload<T>(path: string, form: UploadForm, options?: UploadOptions): Promise<T>;
  /** Opens a reader page or an outside link (the browser: a new tab; the desktop: the system browser). */
  openExternal(url: string): void;
  /** The reader site's origin, for links such as "view on the site". */
  siteUrl: string;
}

export type UploadForm = Record<string, Blob | string>;
export interface UploadOptions { onProgress?: (percent: number) => void; signal?: AbortSignal; timeoutMs?: number }

const PlatformContext = createContext<AdminPlatform | null>(null);

export function AdminPlatformProvider({ platform, children }: { platform: AdminPlatform; children: ReactNode }) {
  return <PlatformContext.Provider value={platform}>{children}</PlatformContext.Provider>;
}

export function usePlatform(): AdminPlatform {
  const platform = useContext(PlatformContext);
  if (!platform) throw new Error('AdminPlatformProvider is missing');
  return platform;
}

export const useAdminClient = () => usePlatform().admin;

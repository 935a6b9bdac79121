/// <reference lib="webworker" />
import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

/**
 * The reader app's service worker.
 * - The built app (not the admin chunk) is precached, so every reader route opens with no network.
 * - Pages come from the server (fresh, server-rendered). A signed-out reader's pages (public: the same for everyone)
 *   are kept as they came, so offline a page seen before shows its text at once; any other page, offline, is the app
 *   shell, and the app renders it from what the device keeps in IndexedDB.
 * - Images the reader has seen are kept (the article images, covers, placeholders), so saved and read pages
 *   show their pictures offline.
 * - API calls are not touched: the app itself decides what to show from the device (src/data/api-cache.tsx).
 * - Auto-download (src/offline/auto-download.ts) runs here too: on the push for a new episode and on Periodic
 *   Background Sync, with the app closed.
 * A new version waits until the reader chooses to reload (src/offline/service-worker.ts).
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

import { IMAGE_CACHE, PAGE_CACHE, SAVED_IMAGE_CACHE } from './device/cache-names';
import { DeviceDb } from './device/db';
import { downloadOnPush, PERIODIC_SYNC_TAG, pushedEpisode, runAutoDownload, surroundings } from './offline/auto-download';
/** How long a page may take before the reader gets the app shell instead (a weak signal is worse than none). */
const PAGE_TIMEOUT_MS = 4000;

// No directory index: `/` is a page the server renders, not the precached shell (which answers only offline).
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '' });
cleanupOutdatedCaches();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

async function shell(): Promise<Response> {
  return (await matchPrecache('/index.html')) ?? Response.error();
}

const keptPages = new CacheExpiration(PAGE_CACHE, { maxEntries: 60, maxAgeSeconds: 60 * 60 * 24 * 14 });

/** A page the same for every signed-out reader; a signed-in reader's (private, no-store) is never kept. */
const keepable = (response: Response) => response.status === 200 && /\bpublic\b/.test(response.headers.get('Cache-Control') ?? '');

async function keep(request: Request, response: Response): Promise<void> {
  await (await caches.open(PAGE_CACHE)).put(request.url, response);
  await keptPages.updateTimestamp(request.url);
  await keptPages.expireEntries();
}

// A kept page names the scripts of the version that rendered it: a new version starts with none.
self.addEventListener('activate', (event) => event.waitUntil(caches.delete(PAGE_CACHE)));

registerRoute(new NavigationRoute(async ({ request, event }) => {
  try {
    const response = await Promise.race([
      fetch(request),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), PAGE_TIMEOUT_MS)),
    ]);
    if (keepable(response)) event.waitUntil(keep(request, response.clone()).catch(() => undefined));
    return response;
  } catch {
    return (await caches.match(request.url, { cacheName: PAGE_CACHE })) ?? shell();
  }
}, { denylist: [/^\/api\//, /^\/uploads\//, /^\/admin(\/|$)/] }));

const seenImages = new CacheFirst({
  cacheName: IMAGE_CACHE,
  plugins: [new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * 60 * 24 * 60, purgeOnQuotaError: true })],
});

// Images of saved articles live in a cache of their own that nothing expires; the others are kept while there is room.
registerRoute(
  ({ request, url }) => request.destination === 'image' && url.origin === self.location.origin,
  async (options) => (await caches.match(options.request, { cacheName: SAVED_IMAGE_CACHE })) ?? seenImages.handle(options),
);

/** The device's database, opened at the first event that needs it (the worker also starts for every page load). */
let db: DeviceDb | undefined;
const device = () => (db ??= new DeviceDb());

/** An alert as the server sends it (`PushMessage` in shared), already in the reader's language. */
interface Alert { title: string; body: string; url: string; lang: string; tag: string }

self.addEventListener('push', (event) => {
  let alert: Alert;
  try {
    alert = event.data?.json() as Alert;
  } catch {
    return;
  }
  if (!alert?.title) return;
  const episodeId = pushedEpisode(alert.tag);
  event.waitUntil(Promise.all([
    self.registration.showNotification(alert.title, {
      body: alert.body, lang: alert.lang, tag: alert.tag, icon: '/icons/icon-192.png',
      data: { url: alert.url },
    }),
    // A new episode of a followed series comes to the device with the alert, where auto-download is on.
    episodeId !== null && downloadOnPush(device(), surroundings(), episodeId).catch(() => undefined),
  ]));
});

/** Periodic Background Sync's event (not in TypeScript's webworker library yet). */
interface PeriodicSyncEvent extends ExtendableEvent { tag: string }

self.addEventListener('periodicsync', (event) => {
  const sync = event as PeriodicSyncEvent;
  if (sync.tag === PERIODIC_SYNC_TAG) sync.waitUntil(runAutoDownload(device(), surroundings()).catch(() => undefined));
});

// The story or episode opens in a window of the app that is already open, else in a new one; only paths on this site.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = String((event.notification.data as { url?: string } | null)?.url ?? '/');
  const target = new URL(path.startsWith('/') && !path.startsWith('//') ? path : '/', self.location.origin).href;
  event.waitUntil((async () => {
    const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
    if (open) {
      await open.focus();
      await open.navigate(target);
    } else {
      await self.clients.openWindow(target);
    }
  })());
});

import type { Episode } from '@redaktion/shared';
import { apiPaths } from '@redaktion/shared/client';
import type { DeviceDb, Download, Position } from '../device/db';
import { removeEpisode, storeEpisode } from './episode-file';

/**
 * Auto-download (contract §9 [listen]): on a device where the reader turned it on, the newest episodes of each
 * followed series come to the device by themselves: when the app opens, when the push for a new episode arrives
 * (in the service worker) and on Periodic Background Sync where the browser has it. It keeps the newest `keep` per
 * series and removes what was finished more than 7 days ago. Only its own downloads (`auto`) are ever removed: what
 * the reader saved with a tap stays until the reader removes it, finished or not.
 *
 * The same code runs in the page and in the service worker: no React, no localStorage (the worker has none), so
 * the settings and the last word on storage live in the device's `meta`.
 */

/** `meta` key of the settings (AutoDownloadSettings). */
export const AUTO_DOWNLOAD_KEY = 'autoDownload';
/** `meta` key of the last run's word on storage (AutoDownloadStatus), which the settings and podcasts pages show. */
export const AUTO_DOWNLOAD_STATUS_KEY = 'autoDownloadStatus';
/** The Periodic Background Sync registration's tag. */
export const PERIODIC_SYNC_TAG = 'auto-download';

export interface AutoDownloadSettings {
  on: boolean;
  /** How many of each series' newest episodes are kept (KEEP_MIN–KEEP_MAX). */
  keep: number;
  /** Not on mobile data (where the browser can tell). */
  unmeteredOnly: boolean;
}
/** Off until the reader turns it on; when on, it spares a mobile data plan unless told otherwise. */
export const AUTO_DOWNLOAD_DEFAULTS: AutoDownloadSettings = { on: false, keep: 3, unmeteredOnly: true };
export const KEEP_MIN = 1;
export const KEEP_MAX = 10;

/** Stopped for want of storage (`short`), with the bytes free then where the browser said; or had room, at `at`. */
export type AutoDownloadStatus = { at: number; short: false } | { at: number; short: true; available: number | null };

/** A finished episode stays this long after it was finished. */
export const FINISHED_KEPT_MS = 7 * 24 * 60 * 60 * 1000;
/** What an episode is taken to weigh before it is fetched: its length at 192 kbit/s (the size is known only after). */
const BYTES_PER_SECOND = 24_000;
/** Share of the granted storage auto-download leaves free, for the reader's own saves and the app's pages. */
const RESERVE = 0.1;
const DAY_MS = 24 * 60 * 60 * 1000;

export async function autoDownloadSettings(db: DeviceDb): Promise<AutoDownloadSettings> {
  const value = (await db.meta.get(AUTO_DOWNLOAD_KEY))?.value as Partial<AutoDownloadSettings> | undefined;
  return { ...AUTO_DOWNLOAD_DEFAULTS, ...value };
}

export async function setAutoDownloadSettings(db: DeviceDb, change: Partial<AutoDownloadSettings>): Promise<AutoDownloadSettings> {
  const next = { ...(await autoDownloadSettings(db)), ...change };
  next.keep = Math.min(KEEP_MAX, Math.max(KEEP_MIN, Math.round(next.keep)));
  await db.meta.put({ key: AUTO_DOWNLOAD_KEY, value: next });
  return next;
}

export async function autoDownloadStatus(db: DeviceDb): Promise<AutoDownloadStatus | undefined> {
  return (await db.meta.get(AUTO_DOWNLOAD_STATUS_KEY))?.value as AutoDownloadStatus | undefined;
}

// The decisions, apart from the device and the network.

/** A series' episodes that can be downloaded (audio, not locked), newest first. */
export function playable(episodes: Episode[]): Episode[] {
  const time = (episode: Episode) => Date.parse(episode.publishedAt ?? '') || 0;
  return episodes.filter((episode) => episode.audioUrl && !episode.locked)
    .sort((a, b) => (time(b) - time(a)) || (b.episodeNumber - a.episodeNumber));
}

/** The episodes of a series to fetch now: of its newest `keep`, those not finished and not on the device already. */
export function episodesToTake(episodes: Episode[], keep: number, finished: Set<number>, onDevice: Set<number>): Episode[] {
  return playable(episodes).slice(0, keep).filter((episode) => !finished.has(episode.id) && !onDevice.has(episode.id));
}

export interface Kept {
  /** For each series whose episodes were listed: the ids of its newest `keep` (episodesToTake's window). */
  newest: Map<number, Set<number>>;
  /** The series this device follows: another series' auto-downloads are no longer wanted. */
  followed: Set<number>;
  positions: Map<number, Position>;
  now: number;
}

/**
 * The auto-downloads to remove: those finished more than 7 days ago, and those no longer among the newest of a
 * followed series, except one the reader is partway through. A series whose episodes could not be listed (offline)
 * loses only what was finished long enough ago. The reader's own downloads stay, finished or not.
 */
export function downloadsToRemove(downloads: Download[], { newest, followed, positions, now }: Kept): number[] {
  return downloads.filter((download) => {
    if (!download.auto) return false;
    const position = positions.get(download.id);
    if (position?.finished && now - position.updatedAt > FINISHED_KEPT_MS) return true;
    if (position && !position.finished && position.time > 0) return false;
    const series = download.seriesId;
    if (series === null || !followed.has(series)) return true;
    const wanted = newest.get(series);
    return wanted !== undefined && !wanted.has(download.id);
  }).map((download) => download.id);
}

/** The connection as the Network Information API tells it (Chromium; `type` mostly on Android and ChromeOS). */
export interface Connection { type?: string; saveData?: boolean }

/** Mobile data, or the reader asked the browser to save data: an unknown connection counts as neither. */
export const metered = (connection: Connection | undefined): boolean => connection?.type === 'cellular' || connection?.saveData === true;

/** Whether this browser tells Wi-Fi from mobile data at all. */
export const tellsConnection = (connection: Connection | undefined): boolean => typeof connection?.type === 'string';

/** The bytes it needs free before fetching an episode, and whether that is there (unknown storage: it tries). */
export function roomFor(episode: Episode, estimate: StorageEstimate | undefined): { ok: boolean; available: number | null } {
  if (!estimate?.quota) return { ok: true, available: null };
  const available = Math.max(0, estimate.quota - (estimate.usage ?? 0));
  return { ok: available - episode.duration * BYTES_PER_SECOND >= estimate.quota * RESERVE, available };
}

// The run.

/** What a run uses of its surroundings: the page's or the service worker's (both have these). */
export interface RunDeps {
  fetch: typeof fetch;
  storage?: Pick<StorageManager, 'estimate'>;
  connection?: Connection;
  /** Runs one at a time across the page and the worker (Web Locks) where the browser has them. */
  locks?: Pick<LockManager, 'request'>;
}

/** The surroundings of the page or of the service worker. */
export function surroundings(): RunDeps {
  const nav = navigator as Navigator & { connection?: Connection };
  return { fetch: (input, init) => fetch(input, init), storage: nav.storage, connection: nav.connection, locks: nav.locks };
}

async function getJson<T>(deps: RunDeps, path: string): Promise<T> {
  const response = await deps.fetch(path, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${response.status}`);
  return response.json() as Promise<T>;
}

/** The browser's refusal for want of room (a DOMException, or Dexie's error of the same name around it). */
const isQuotaError = (error: unknown) => (error as { name?: unknown } | null)?.name === 'QuotaExceededError';

/**
 * One run: removes what is no longer wanted and, when auto-download is on and the connection allows, fetches what
 * is missing, stopping (and saying so in `meta`) when storage runs short. `only` limits the fetching to some series
 * (a new follow, a push for one episode). Network failures leave an episode for the next run.
 */
export async function runAutoDownload(db: DeviceDb, deps: RunDeps, only?: number[]): Promise<void> {
  const work = () => runOnce(db, deps, only);
  await (deps.locks ? deps.locks.request('redaktion-auto-download', work) : work());
}

async function runOnce(db: DeviceDb, deps: RunDeps, only?: number[]): Promise<void> {
  const settings = await autoDownloadSettings(db);
  const followed = new Set((await db.following.toArray()).map((item) => item.seriesId));
  const fetching = settings.on && !(settings.unmeteredOnly && metered(deps.connection));
  const newest = new Map<number, Set<number>>();
  const wanted: Episode[] = [];
  if (fetching) {
    for (const seriesId of followed) {
      if (only && !only.includes(seriesId)) continue;
      try {
        const episodes = await getJson<Episode[]>(deps, apiPaths.seriesEpisodes(seriesId));
        const kept = playable(episodes).slice(0, settings.keep);
        newest.set(seriesId, new Set(kept.map((episode) => episode.id)));
        wanted.push(...kept);
      } catch { /* unreachable now: this series waits for the next run */ }
    }
  }

  const downloads = await db.downloads.toArray();
  const ids = [...new Set([...downloads.map((download) => download.id), ...wanted.map((episode) => episode.id)])];
  const positions = new Map((await db.positions.bulkGet(ids)).filter((position) => position !== undefined).map((position) => [position.id, position]));
  for (const id of downloadsToRemove(downloads, { newest, followed, positions, now: Date.now() })) await removeEpisode(db, id);
  if (!fetching) return;

  const finished = new Set([...positions.values()].filter((position) => position.finished).map((position) => position.id));
  const onDevice = new Set(downloads.map((download) => download.id));
  const take = [...newest.keys()].flatMap((seriesId) =>
    episodesToTake(wanted.filter((episode) => episode.seriesId === seriesId), settings.keep, finished, onDevice));
  let status: AutoDownloadStatus = { at: Date.now(), short: false };
  for (const episode of take) {
    const room = roomFor(episode, await deps.storage?.estimate().catch(() => undefined));
    if (!room.ok) {
      status = { at: Date.now(), short: true, available: room.available };
      break;
    }
    try {
      await storeEpisode(db, episode, { auto: true, fetch: deps.fetch });
    } catch (error) {
      if (!isQuotaError(error)) continue;
      status = { at: Date.now(), short: true, available: null };
      break;
    }
  }
  await db.meta.put({ key: AUTO_DOWNLOAD_STATUS_KEY, value: status });
}

/**
 * The push for a new episode (`tag: 'episode-{id}'`), in the service worker: fetches it (with the rest of its
 * series' newest) when auto-download is on and this device follows its series.
 */
export async function downloadOnPush(db: DeviceDb, deps: RunDeps, episodeId: number): Promise<void> {
  if (!(await autoDownloadSettings(db)).on) return;
  const { seriesId } = await getJson<Episode>(deps, apiPaths.podcast(episodeId));
  if (seriesId === null || !(await db.following.get(seriesId))) return;
  await runAutoDownload(db, deps, [seriesId]);
}

/** The tag of an episode's push, as the server sends it. */
export const pushedEpisode = (tag: string | undefined): number | null => {
  const match = /^episode-(\d+)$/.exec(tag ?? '');
  return match ? Number(match[1]) : null;
};

/**
 * Asks for Periodic Background Sync (daily) where the browser has it and allows it for this site (an installed app,
 * in Chromium), or lets it go when auto-download is off. The browser may refuse: the other triggers remain.
 */
export async function keepPeriodicSync(on: boolean): Promise<void> {
  try {
    if (!('serviceWorker' in navigator)) return;
    const registration = await navigator.serviceWorker.ready as ServiceWorkerRegistration & { periodicSync?: PeriodicSyncManager };
    if (!registration.periodicSync) return;
    if (!on) return await registration.periodicSync.unregister(PERIODIC_SYNC_TAG);
    const permission = await navigator.permissions.query({ name: 'periodic-background-sync' as PermissionName });
    if (permission.state === 'granted') await registration.periodicSync.register(PERIODIC_SYNC_TAG, { minInterval: DAY_MS });
  } catch { /* refused or unsupported: the app's opening and the pushes still bring the episodes */ }
}

/** Periodic Background Sync, where the browser has it (not in TypeScript's DOM library yet). */
interface PeriodicSyncManager {
  register(tag: string, options?: { minInterval: number }): Promise<void>;
  unregister(tag: string): Promise<void>;
}

/** When the app opens (after the first screen): a run, and the periodic sync kept in line with the setting. */
export async function autoDownloadOnOpen(db: DeviceDb): Promise<void> {
  await keepPeriodicSync((await autoDownloadSettings(db)).on);
  await runAutoDownload(db, surroundings());
}

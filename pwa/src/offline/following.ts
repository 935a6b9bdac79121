import type { DeviceDb } from '../device/db';
import type { Locale } from '../i18n';
import type { AppServices } from '../services/context';
import { autoDownloadOnOpen, runAutoDownload, surroundings } from './auto-download';
import { AlertsDenied, followedTopics, keepTopics, pushSupported, setTopic, storedTopics, subscription } from './push-alerts';

/**
 * Following a series (contract §9 [listen]) is one act for the reader: the series goes into the library (on every
 * device of theirs, by offline/library-sync.ts), its push topic `series:{id}` is followed on this device, and where
 * auto-download is on its newest episodes come to the device. Signed out, the follow is the device's, merged into
 * the account at sign-in.
 */

/** Whether this device alerts about the series' new episodes after the act, and if not, why. */
export type Alerts = 'on' | 'off' | 'denied' | 'unsupported' | 'failed';

export async function followSeries(services: AppServices, seriesId: number, follow: boolean, locale: Locale): Promise<Alerts> {
  const { api, device, session } = services;
  if (!device) throw new Error('No device storage');
  const db = await device.open();
  await db.setFollowing(session.getState().user?.id ?? null, seriesId, follow);
  // Auto-download fetches the newly followed series, or lets go of the unfollowed one's (see downloadsToRemove).
  void runAutoDownload(db, surroundings(), follow ? [seriesId] : []).catch(() => undefined);
  return seriesAlerts(api, seriesId, follow, locale);
}

/** Turns the series' alerts on here (the permission prompt comes on this click) or off. */
export async function seriesAlerts(api: AppServices['api'], seriesId: number, on: boolean, locale: Locale): Promise<Alerts> {
  const topic = `series:${seriesId}`;
  if (!pushSupported()) return 'unsupported';
  try {
    // Unfollowing asks nothing of a browser that never pushed here.
    if (!on && !(await followedTopics()).includes(topic)) return 'off';
    return (await setTopic(api, topic, on, locale)).includes(topic) ? 'on' : 'off';
  } catch (error) {
    return error instanceof AlertsDenied ? 'denied' : 'failed';
  }
}

/** Whether the series' alerts are on on this device, and if not, whether they could be. */
export async function alertsHere(seriesId: number): Promise<Alerts> {
  if (!pushSupported()) return 'unsupported';
  if ((await followedTopics().catch((): string[] => [])).includes(`series:${seriesId}`)) return 'on';
  return Notification.permission === 'denied' ? 'denied' : 'off';
}

/**
 * Puts the series topics in line with the series this device follows (a follow or unfollow made on another device),
 * without asking: only where the browser already pushes to this device.
 */
async function matchSeriesTopics(api: AppServices['api'], seriesIds: number[], locale: Locale): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted' || !(await subscription())) return;
  const current = storedTopics();
  const topics = [...current.filter((topic) => !topic.startsWith('series:')), ...seriesIds.map((id) => `series:${id}`)];
  if (topics.length === current.length && topics.every((topic) => current.includes(topic))) return;
  await keepTopics(api, topics, locale, false);
}

/** Set once the series followed for alerts before the library existed have been taken into it. */
const ADOPTED_KEY = 'followingAdopted';

/**
 * A series followed for its alerts before following was one act has a topic here and no place in the library: it is
 * taken in once, so that the topics' watcher below keeps its alerts rather than dropping them.
 */
async function adoptEarlierFollows(db: DeviceDb, userId: number | null): Promise<void> {
  if (await db.meta.get(ADOPTED_KEY)) return;
  for (const topic of await followedTopics().catch((): string[] => [])) {
    const seriesId = Number(/^series:(\d+)$/.exec(topic)?.[1]);
    if (seriesId && !(await db.following.get(seriesId))) await db.setFollowing(userId, seriesId, true);
  }
  await db.meta.put({ key: ADOPTED_KEY, value: true });
}

let started = false;

/**
 * After the first screen: the series followed on another device (or left there) get their alerts here too, without
 * a prompt, where this browser already pushes to the device; and auto-download's run for the app's opening.
 */
export function startFollowing({ api, device, settings, session }: AppServices): void {
  if (started || !device) return;
  started = true;
  void Promise.all([import('dexie'), device.open()]).then(async ([{ liveQuery }, db]) => {
    await adoptEarlierFollows(db, session.getState().user?.id ?? null).catch(() => undefined);
    liveQuery(() => db.following.toArray()).subscribe({
      next: (rows) => void matchSeriesTopics(api, rows.map((row) => row.seriesId), settings.getState().locale).catch(() => undefined),
      error: () => undefined,
    });
    return autoDownloadOnOpen(db);
  }).catch(() => undefined);
}

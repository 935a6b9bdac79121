import { create } from 'zustand';
import type { Episode } from '@redaktion/shared';
import { apiPaths } from '@redaktion/shared/client';
import type { AppServices } from '../services/context';
import type { DeviceDb } from '../device/db';
import type { Device } from '../device/device';
import type { Locale } from '../i18n';
import { upNextText } from '../i18n/up-next';
import { isTrack, usePlayer, type Track } from '../state/player';
import { stopsAtEnd } from '../state/sleep-timer';
import { toast } from '../state/toasts';

/**
 * Up Next on this device (contract §9 [listen]): the queue as every screen shows it, changing it, and playing from it
 * when an episode ends. The queue is the device's (DeviceDb.queue), which the library sync also writes with what the
 * reader's other devices queued. Each change is one transaction: the queue is read and written together, so two quick
 * presses both count, and DeviceDb.setQueue writes it down for the other devices. None of it is on the first screen: the
 * episode page, the cards' buttons (after the first screen) and the player's extras load it.
 */

/** `read` turns true once the device has answered, so a list can tell an empty queue from one not read yet. */
interface UpNextState { ids: readonly number[]; read: boolean }

export const useUpNext = create<UpNextState>(() => ({ ids: [], read: false }));

let following: Promise<void> | null = null;

/** Keeps the store to the device's queue, from now on; once, however many screens ask. */
export function followQueue(device: Device): Promise<void> {
  following ??= Promise.all([import('dexie'), device.open()]).then(([{ liveQuery }, db]) => {
    liveQuery(() => db.queue()).subscribe({ next: (ids) => useUpNext.setState({ ids, read: true }), error: () => undefined });
  }).catch((error: unknown) => {
    following = null;
    throw error;
  });
  return following;
}

/** Changes the queue as the device has it at that moment (another device's may have arrived since the screen drew it). */
export async function editUpNext({ device, session }: AppServices, edit: (ids: number[]) => number[]): Promise<void> {
  if (!device) throw new Error('No device storage');
  const db = await device.open();
  await db.transaction('rw', db.meta, db.changes, async () => {
    await db.setQueue(session.getState().user?.id ?? null, edit(await db.queue()));
  });
}

const without = (ids: number[], episodeId: number) => ids.filter((id) => id !== episodeId);

/** Adds an episode at the end of Up Next, or takes it off; the reader is told which (or that the device refused). */
export async function toggleUpNext(services: AppServices, episodeId: number, queued: boolean, locale: Locale): Promise<void> {
  const text = upNextText(locale);
  try {
    await editUpNext(services, (ids) => (queued ? without(ids, episodeId) : [...ids, episodeId]));
    toast(queued ? text.removed : text.added);
  } catch {
    toast(text.failed, undefined, 'destructive');
  }
}


/** What the player needs to play a queued episode: from the device when it was downloaded, else from the server. */
interface Playable { track: Omit<Track, 'src'>; src: string; fromDevice: boolean }

async function playable({ cache }: AppServices, db: DeviceDb, id: number): Promise<Playable | null> {
  const download = await db.downloads.get(id);
  if (download) {
    const { title, imageUrl, duration, blob } = download;
    return { track: { kind: 'episode', id, title, imageUrl, duration }, src: URL.createObjectURL(blob), fromDevice: true };
  }
  // The cache answers from the device's copy when the network is gone.
  const path = apiPaths.podcast(id);
  await cache.load(path);
  const episode = cache.get(path)?.data as Episode | undefined;
  if (!episode?.audioUrl) return null;
  return { track: { kind: 'episode', id, title: episode.title, imageUrl: episode.imageUrl, duration: episode.duration }, src: episode.audioUrl, fromDevice: false };
}

/**
 * Plays the first episode of Up Next that can be played now (followPlayer takes it off the queue as it starts). One that
 * cannot (locked for a reader without a subscription, or neither downloaded nor reachable offline) is passed over and
 * stays queued for when it can.
 */
export async function playNext(services: AppServices): Promise<void> {
  if (!services.device) return;
  const db = await services.device.open();
  for (const id of await db.queue()) {
    if (isTrack(usePlayer.getState().track, 'episode', id)) continue;
    const next = await playable(services, db, id);
    if (next) return usePlayer.getState().open(next.track, next.src, next.fromDevice, true);
  }
}

/** An episode was heard to the end: the next one plays, unless the sleep timer was set to stop here. */
export async function episodeEnded(services: AppServices): Promise<void> {
  if (!stopsAtEnd()) await playNext(services);
}

let playerFollowed = false;

/**
 * Up Next in the player (components/PlayerExtras calls this once something is in it): an episode that starts playing
 * leaves the queue and the end of an episode plays the next (the lock screen's Next button, which chapters share, is
 * offline/chapters-session's). Up Next holds episodes only: an article's read-aloud is never taken off it (an article's id
 * may be a queued episode's), and its end plays nothing after it (the reader chose that article, not the queue).
 */
export function followPlayer(services: AppServices): void {
  if (playerFollowed) return;
  playerFollowed = true;
  if (services.device) void followQueue(services.device).catch(() => undefined);
  const heard = new WeakSet<HTMLAudioElement>();
  const listen = (element: HTMLAudioElement | null) => {
    if (!element || heard.has(element)) return;
    heard.add(element);
    const episode = () => {
      const { track } = usePlayer.getState();
      return track?.kind === 'episode' ? track.id : undefined;
    };
    element.addEventListener('play', () => {
      const id = episode();
      if (id !== undefined && useUpNext.getState().ids.includes(id)) void editUpNext(services, (ids) => without(ids, id)).catch(() => undefined);
    });
    element.addEventListener('ended', () => episode() !== undefined && void episodeEnded(services).catch(() => undefined));
  };
  listen(usePlayer.getState().element);
  usePlayer.subscribe((state) => listen(state.element));
}

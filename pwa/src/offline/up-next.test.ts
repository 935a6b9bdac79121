import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Episode, User } from '@redaktion/shared';
import { ApiError, type ApiClient } from '@redaktion/shared/client';
import { ApiCache } from '../data/api-cache';
import { DeviceDb } from '../device/db';
import type { Device } from '../device/device';
import { deviceResponses } from '../device/responses';
import type { AppServices } from '../services/context';
import { usePlayer } from '../state/player';
import { createSessionStore } from '../state/session';
import { createSettingsStore } from '../state/settings';
import { cancelSleepTimer, startSleepTimer } from '../state/sleep-timer';
import { editUpNext, episodeEnded, followPlayer, playNext, toggleUpNext, useUpNext } from './up-next';

const LOCKED = 1;
const UNREACHABLE = 2;
const ON_SERVER = 3;
const DOWNLOADED = 4;
/** Deleted since it was queued. */
const GONE = 101;

function episode(id: number, audio: boolean): Episode {
  return { id, title: `Avsnitt ${id}`, imageUrl: null, duration: 30, audioUrl: audio ? `/api/podcasts/${id}/audio` : null, locked: !audio } as Episode;
}

function setup() {
  const db = new DeviceDb(`test-${Math.random()}`);
  const open = async () => db;
  const device: Device = { open, responses: deviceResponses(open), signedOut: async () => undefined, signedIn: async () => undefined };
  const api = {
    get: vi.fn(async (path: string) => {
      const id = Number(path.split('/').pop());
      if (id === UNREACHABLE) throw new TypeError('Failed to fetch');
      if (id > 100) throw new ApiError(404, 'Not found', undefined);
      return episode(id, id !== LOCKED);
    }),
  } as unknown as ApiClient;
  const services: AppServices = {
    api, cache: new ApiCache(api, {}), device, session: createSessionStore({ id: 7, username: 'lyssnaren' } as User),
    settings: createSettingsStore({ locale: 'sv', darkMode: false }),
  };
  return { db, services };
}

afterEach(() => {
  usePlayer.setState({ track: null, playWhenReady: false });
  cancelSleepTimer();
});

describe('Up Next', () => {
  it('adds and removes in order, once each, and writes the whole queue down for the other devices', async () => {
    const { db, services } = setup();
    await toggleUpNext(services, 5, false, 'sv');
    await toggleUpNext(services, 6, false, 'sv');
    await Promise.all([toggleUpNext(services, 8, false, 'sv'), toggleUpNext(services, 5, true, 'sv')]);
    expect(await db.queue()).toEqual([6, 8]);
    await editUpNext(services, (ids) => [...ids].reverse());
    expect(await db.queue()).toEqual([8, 6]);
    expect((await db.changes.toArray()).map((item) => [item.userId, item.change])).toMatchObject([[7, { type: 'queue', episodeIds: [8, 6] }]]);
    db.close();
  });

  it('plays the first episode that can be played: locked, deleted and out-of-reach ones are passed over', async () => {
    const { db, services } = setup();
    await db.setQueue(7, [LOCKED, GONE, UNREACHABLE, ON_SERVER, DOWNLOADED]);
    await playNext(services);
    expect(usePlayer.getState()).toMatchObject({ track: { id: ON_SERVER, title: `Avsnitt ${ON_SERVER}`, src: `/api/podcasts/${ON_SERVER}/audio` }, fromDevice: false, playWhenReady: true });
    db.close();
  });

  it('plays a downloaded episode from the device', async () => {
    const { db, services } = setup();
    await db.downloads.put({ id: DOWNLOADED, title: 'Nedladdat', imageUrl: null, duration: 30, seriesId: null, size: 3, type: 'audio/mpeg', blob: new Blob(['mp3']), savedAt: 0 });
    await db.setQueue(7, [LOCKED, DOWNLOADED, ON_SERVER]);
    await playNext(services);
    expect(usePlayer.getState()).toMatchObject({ track: { id: DOWNLOADED, title: 'Nedladdat' }, fromDevice: true });
    expect(usePlayer.getState().track?.src).toMatch(/^blob:/);
    db.close();
  });

  it('does not go on to the next episode when the sleep timer was set to the end of this one', async () => {
    const { db, services } = setup();
    await db.setQueue(7, [ON_SERVER]);
    startSleepTimer('episode');
    await episodeEnded(services);
    expect(usePlayer.getState().track).toBeNull();
    await episodeEnded(services);
    expect(usePlayer.getState().track?.id).toBe(ON_SERVER);
    db.close();
  });
});

describe('Up Next in the player', () => {
  it('takes the episode that starts playing off the queue and plays the next when an episode ends, never for an article', async () => {
    const { db, services } = setup();
    await db.setQueue(7, [DOWNLOADED, ON_SERVER]);
    const element = new EventTarget() as HTMLAudioElement;
    // An article's read-aloud whose id is a queued episode's: it neither leaves the queue nor plays the next at its end.
    usePlayer.setState({ element, track: { kind: 'article', id: ON_SERVER, title: 'Artikel', imageUrl: null, duration: 0, src: `/api/articles/${ON_SERVER}/audio` } });
    followPlayer(services);
    await vi.waitFor(() => expect(useUpNext.getState().ids).toEqual([DOWNLOADED, ON_SERVER]));
    element.dispatchEvent(new Event('play'));
    element.dispatchEvent(new Event('ended'));

    usePlayer.setState({ track: { kind: 'episode', id: DOWNLOADED, title: 'Nedladdat', imageUrl: null, duration: 30, src: 'blob:x' } });
    element.dispatchEvent(new Event('play'));
    await vi.waitFor(async () => expect(await db.queue()).toEqual([ON_SERVER]));
    expect(usePlayer.getState().track?.src).toBe('blob:x');
    element.dispatchEvent(new Event('ended'));
    await vi.waitFor(() => expect(usePlayer.getState().track).toMatchObject({ id: ON_SERVER, src: `/api/podcasts/${ON_SERVER}/audio` }));
    db.close();
  });
});

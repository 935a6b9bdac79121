import { useEffect, useRef } from 'react';
import { useServices } from '../services/context';
import type { DeviceDb, Position } from '../device/db';
import { useI18n } from '../i18n';
import * as saving from '../offline/saved';
import { usable, usePlayer, type Track } from '../state/player';

/** How often the position is written down while playing. */
const SAVE_EVERY_MS = 5000;
/** A position this close to either end starts the episode over. */
const RESUME_MARGIN_S = 5;

/**
 * Writes down where a track was left: an episode's for the library on every device, an article's read-aloud on this
 * device alone (the library keeps episode positions only, contract §9).
 */
function keepPosition(db: DeviceDb, userId: number | null, track: Track, time: number, finished: boolean): Promise<unknown> {
  if (track.kind === 'article') return db.articlePositions.put({ id: track.id, time: finished ? 0 : time, updatedAt: Date.now(), finished });
  return finished ? db.finishEpisode(userId, track.id) : db.keepPosition(userId, track.id, time);
}

/**
 * The app's <audio> element, outside the pages so that playback goes on across them. It reports to the
 * player store, remembers each track's position on the device (an episode's for the library on every device) and
 * resumes there or where another device left an episode, and tells the operating system what is playing (Media
 * Session: lock screen, headset buttons; an article's read-aloud is named a synthetic voice there too).
 */
export function PlayerHost() {
  const services = useServices();
  const { t } = useI18n();
  const { device, session } = services;
  const track = usePlayer((state) => state.track);
  const volume = usePlayer((state) => state.volume);
  const rate = usePlayer((state) => state.rate);
  const ref = useRef<HTMLAudioElement>(null);
  const lastSave = useRef(0);
  const previousSrc = useRef<string | null>(null);

  useEffect(() => {
    usePlayer.setState({ element: ref.current });
    if (ref.current && usePlayer.getState().playWhenReady) {
      usePlayer.setState({ playWhenReady: false });
      usePlayer.getState().toggle();
    }
    // A downloaded file's URL is let go once another file takes its place.
    if (previousSrc.current?.startsWith('blob:') && previousSrc.current !== track?.src) URL.revokeObjectURL(previousSrc.current);
    previousSrc.current = track?.src ?? null;
  }, [track]);

  useEffect(() => {
    if (ref.current) ref.current.volume = volume / 100;
  }, [volume, track]);
  useEffect(() => {
    if (ref.current) ref.current.playbackRate = rate;
  }, [rate, track]);

  useEffect(() => {
    if (!track || !('mediaSession' in navigator)) return;
    const session = navigator.mediaSession;
    session.metadata = new MediaMetadata({
      title: track.title, artist: track.kind === 'article' ? `Redaktion · ${t('player.syntheticVoice')}` : 'Redaktion', album: 'Redaktion',
      artwork: track.imageUrl ? [{ src: new URL(track.imageUrl, location.href).href, sizes: '512x512' }] : [],
    });
    const player = usePlayer.getState;
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => player().element?.paused && player().toggle()],
      ['pause', () => player().element?.pause()],
      ['seekbackward', (details) => player().skip(-(details.seekOffset ?? 15))],
      ['seekforward', (details) => player().skip(details.seekOffset ?? 15)],
      ['seekto', (details) => details.seekTime !== undefined && player().seekTo(details.seekTime)],
    ];
    for (const [action, handler] of handlers) {
      try { session.setActionHandler(action, handler); } catch { /* an action this browser does not know */ }
    }
    return () => {
      for (const [action] of handlers) {
        try { session.setActionHandler(action, null); } catch { /* as above */ }
      }
    };
  }, [track, t]);

  if (!track) return null;

  const savePosition = (time: number, force = false) => {
    const now = Date.now();
    if (!device || (!force && now - lastSave.current < SAVE_EVERY_MS)) return;
    lastSave.current = now;
    void device.open().then((db) => keepPosition(db, session.getState().user?.id ?? null, track, time, false)).catch(() => undefined);
  };
  // An episode resumes where the reader's other devices left it, once the library has been asked (the device's own
  // when it cannot be); an article's read-aloud where this device left it.
  const savedPosition = (): Promise<Position | undefined> => {
    if (!device) return Promise.resolve(undefined);
    if (track.kind === 'article') return device.open().then((db) => db.articlePositions.get(track.id));
    return import('../offline/library-sync').then(({ positionOf }) => positionOf(services, saving, track.id))
      .catch(() => device.open().then((db) => db.positions.get(track.id)));
  };

  return (
    <audio ref={ref} src={track.src} preload="metadata" className="player-host"
      onPlay={() => usePlayer.setState({ playing: true })}
      onPause={(event) => {
        usePlayer.setState({ playing: false });
        savePosition(event.currentTarget.currentTime, true);
      }}
      onEnded={() => {
        usePlayer.setState({ playing: false });
        void device?.open().then((db) => keepPosition(db, session.getState().user?.id ?? null, track, 0, true)).catch(() => undefined);
      }}
      onTimeUpdate={(event) => {
        usePlayer.setState({ current: event.currentTarget.currentTime });
        if (!event.currentTarget.paused) savePosition(event.currentTarget.currentTime);
      }}
      onLoadedMetadata={(event) => {
        const element = event.currentTarget;
        element.volume = usePlayer.getState().volume / 100;
        element.playbackRate = usePlayer.getState().rate;
        if (!usable(element.duration)) return;
        usePlayer.setState({ duration: element.duration });
        void savedPosition().then((saved) => {
          if (saved && !saved.finished && saved.time > RESUME_MARGIN_S && saved.time < element.duration - RESUME_MARGIN_S && element.currentTime < 1) {
            element.currentTime = saved.time;
            usePlayer.setState({ current: saved.time, resumed: true });
          }
        }).catch(() => undefined);
      }}
      onDurationChange={(event) => usable(event.currentTarget.duration) && usePlayer.setState({ duration: event.currentTarget.duration })}
      onError={() => usePlayer.setState({ failed: true, playing: false })}
    />
  );
}

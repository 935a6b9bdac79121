import { create } from 'zustand';
import { clampSeek } from '@redaktion/shared/time';

/** Skip on audio (reader-area.md §9), the starting volume, and the speeds a listener can choose. */
export const SKIP_SECONDS = 15;
export const DEFAULT_VOLUME = 75;
export const SPEEDS = [0.8, 1, 1.25, 1.5, 1.75, 2] as const;

/**
 * What plays: an episode, or an article's read-aloud (contract §9 [voice]). Their ids are separate series, so a track is
 * known by both: positions, downloads, the page it belongs to and Up Next (episodes only) all follow `kind`.
 */
export interface Track { kind: 'episode' | 'article'; id: number; title: string; imageUrl: string | null; duration: number; src: string }

export const isTrack = (track: Track | null, kind: Track['kind'], id: number): track is Track => track?.kind === kind && track.id === id;

export const usable = (duration: number) => Number.isFinite(duration) && duration > 0;

/** A play() that failed because the file cannot be played (not because the browser wanted a gesture or a pause came first). */
export const isLoadFailure = (error: unknown) =>
  !(error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'AbortError'));

/**
 * The one audio player of the app. Its <audio> element lives outside the pages (components/PlayerHost), so
 * an episode keeps playing while the reader moves on; the episode page's controls, an article's Listen and the
 * mini-player drive it through this store. `src` is a downloaded Blob's URL when the audio is on the device.
 */
interface PlayerState {
  track: Track | null;
  /** True when the audio comes from the device (a download). */
  fromDevice: boolean;
  playing: boolean;
  current: number;
  duration: number;
  volume: number;
  rate: number;
  failed: boolean;
  /** The episode continued where the listener left it. */
  resumed: boolean;
  element: HTMLAudioElement | null;
  /** Loads an episode (not if it is already loaded); `play` starts it as soon as the element has it. */
  open(track: Omit<Track, 'src'>, src: string, fromDevice: boolean, play?: boolean): void;
  /** Set by open(…, play): PlayerHost starts playback once the new element exists. */
  playWhenReady: boolean;
  toggle(): void;
  skip(delta: number): void;
  seekTo(time: number): void;
  setVolume(volume: number): void;
  setRate(rate: number): void;
  close(): void;
}

export const usePlayer = create<PlayerState>((set, get) => ({
  track: null,
  fromDevice: false,
  playing: false,
  current: 0,
  duration: 0,
  volume: DEFAULT_VOLUME,
  rate: 1,
  failed: false,
  resumed: false,
  playWhenReady: false,
  element: null,
  open(track, src, fromDevice, play = false) {
    if (isTrack(get().track, track.kind, track.id) && get().track?.src === src) {
      if (play) get().toggle();
      return;
    }
    set({ track: { ...track, src }, fromDevice, playing: false, current: 0, duration: 0, failed: false, resumed: false, playWhenReady: play });
  },
  toggle() {
    const { element, failed } = get();
    if (!element || failed) return;
    if (element.paused || element.ended) {
      void element.play().catch((error: unknown) => {
        set({ playing: false });
        if (isLoadFailure(error)) set({ failed: true });
      });
    } else {
      element.pause();
    }
  },
  skip(delta) {
    const { element, failed } = get();
    if (!element || failed) return;
    const next = clampSeek(element.currentTime, delta, element.duration);
    element.currentTime = next;
    set({ current: next });
  },
  seekTo(time) {
    const { element, failed } = get();
    if (!element || failed || !usable(element.duration)) return;
    const next = Math.min(Math.max(time, 0), element.duration);
    element.currentTime = next;
    set({ current: next });
  },
  setVolume(volume) {
    set({ volume });
  },
  setRate(rate) {
    set({ rate });
  },
  close() {
    get().element?.pause();
    set({ track: null, playing: false, current: 0, duration: 0, failed: false });
  },
}));

import type { Chapter, Episode } from '@redaktion/shared';
import { apiPaths } from '@redaktion/shared/client';
import type { ApiCache } from '../data/api-cache';
import type { AppServices } from '../services/context';
import { usePlayer } from '../state/player';
import { playNext, useUpNext } from './up-next';

/**
 * Chapters in the player (contract §9 [voice]): which chapter is playing, where "previous" and "next" go, and the lock
 * screen's track buttons (Media Session), which chapters and Up Next share: "next" is the next chapter while there is
 * one, then the next episode of Up Next. Loaded with the player's extras, never on the first screen.
 */

/** Within this many seconds of a chapter's start, "previous" goes to the chapter before (as a CD player's back button). */
export const RESTART_WINDOW_S = 3;

/** The chapter playing at a time (its index), -1 before the first. */
export function chapterIndexAt(chapters: readonly Chapter[], time: number): number {
  return chapters.findLastIndex((chapter) => chapter.startTime <= time);
}

/** Where "previous" goes: the start of the chapter playing, or of the one before within its first seconds. */
export function previousChapterStart(chapters: readonly Chapter[], time: number): number {
  const index = chapterIndexAt(chapters, time);
  if (index < 0) return 0;
  const start = chapters[index]!.startTime;
  return time - start < RESTART_WINDOW_S && index > 0 ? chapters[index - 1]!.startTime : start;
}

/** Where "next" goes: the start of the next chapter; null past the last. */
export function nextChapterStart(chapters: readonly Chapter[], time: number): number | null {
  return chapters.find((chapter) => chapter.startTime > time)?.startTime ?? null;
}

/** The chapters of the episode in the player, as far as the cache has its answer (the device's copy when offline). */
export function playingChapters(cache: ApiCache): Chapter[] {
  const id = playingEpisode();
  if (id === undefined) return [];
  return (cache.get(apiPaths.podcast(id))?.data as Episode | undefined)?.chapters ?? [];
}

/** The episode in the player; an article's read-aloud has no chapters. */
function playingEpisode(): number | undefined {
  const { track } = usePlayer.getState();
  return track?.kind === 'episode' ? track.id : undefined;
}

export function seekToPreviousChapter(chapters: readonly Chapter[]): void {
  const player = usePlayer.getState();
  player.seekTo(previousChapterStart(chapters, player.current));
}

/** The next chapter, or when past the last one the next episode of Up Next. */
export function goToNext(services: AppServices): void {
  const player = usePlayer.getState();
  const next = nextChapterStart(playingChapters(services.cache), player.current);
  if (next !== null) player.seekTo(next);
  else void playNext(services).catch(() => undefined);
}

let followed = false;

/**
 * The lock screen's previous and next buttons (components/PlayerExtras calls this once something is in the player):
 * offered while they lead somewhere, and set again only when that changes (not on every tick of the clock).
 */
export function followChapters(services: AppServices): void {
  if (followed || !('mediaSession' in navigator)) return;
  followed = true;
  const { cache } = services;
  const set = (action: MediaSessionAction, handler: MediaSessionActionHandler | null) => {
    try { navigator.mediaSession.setActionHandler(action, handler); } catch { /* a browser that does not know the action */ }
  };
  let offered = '';
  let loaded: number | undefined;
  const offer = () => {
    const episode = playingEpisode();
    // The chapters come with the episode's answer, which the cache may not hold yet (an episode started from Up Next).
    if (episode !== undefined && episode !== loaded) void cache.load(apiPaths.podcast(episode)).catch(() => undefined);
    loaded = episode;
    const { current } = usePlayer.getState();
    const chapters = playingChapters(cache);
    const previous = chapters.length > 0;
    const next = nextChapterStart(chapters, current) !== null || useUpNext.getState().ids.length > 0;
    if (`${previous}${next}` === offered) return;
    offered = `${previous}${next}`;
    set('previoustrack', previous ? () => seekToPreviousChapter(playingChapters(cache)) : null);
    set('nexttrack', next ? () => goToNext(services) : null);
  };
  offer();
  usePlayer.subscribe(offer);
  useUpNext.subscribe(offer);
  cache.subscribe(offer);
}

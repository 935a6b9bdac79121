import { apiPaths } from '@redaktion/shared/client';
import { useApi } from '../data/api-cache';
import { useI18n } from '../i18n';
import { voiceText } from '../i18n/voice';
import { chapterIndexAt, nextChapterStart, seekToPreviousChapter } from '../offline/chapters-session';
import { usePlayer } from '../state/player';

/**
 * The player's chapter line (contract §9 [voice]): the chapter playing and buttons to the previous and next one, in the
 * episode page's player and the mini-player alike (both show the player's extras). Nothing for audio without chapters.
 */
export function ChapterNav() {
  const { locale } = useI18n();
  const text = voiceText(locale);
  const episode = usePlayer((state) => (state.track?.kind === 'episode' ? state.track.id : null));
  const current = usePlayer((state) => state.current);
  const chapters = useApi(episode === null ? null : apiPaths.podcast(episode)).data?.chapters ?? [];
  if (!chapters.length) return null;
  const playing = chapters[chapterIndexAt(chapters, current)];
  const next = nextChapterStart(chapters, current);
  return (
    <div className="chapter-nav" role="group" aria-label={text.chapters}>
      <button type="button" className="icon-button" onClick={() => seekToPreviousChapter(chapters)} aria-label={text.previousChapter}>
        <span aria-hidden="true">⏮</span>
      </button>
      <span className="chapter-nav-title">{playing ? text.chapter(playing.title) : ''}</span>
      <button type="button" className="icon-button" onClick={() => next !== null && usePlayer.getState().seekTo(next)} disabled={next === null} aria-label={text.nextChapter}>
        <span aria-hidden="true">⏭</span>
      </button>
    </div>
  );
}

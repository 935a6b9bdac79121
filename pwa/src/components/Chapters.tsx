import type { Chapter } from '@redaktion/shared';
import { formatClock } from '@redaktion/shared/time';
import { useI18n } from '../i18n';
import { voiceText } from '../i18n/voice';
import { chapterIndexAt } from '../offline/chapters-session';

/**
 * An episode's chapters under its player (contract §9 [voice]): each one's start and title, plays from there on a
 * press; its link and image when it has them. `current` is the player's time while this episode is in it, else null.
 */
export function Chapters({ chapters, current, playFrom }: { chapters: Chapter[]; current: number | null; playFrom: (time: number) => void }) {
  const { locale } = useI18n();
  const text = voiceText(locale);
  const playing = current === null ? -1 : chapterIndexAt(chapters, current);
  return (
    <section className="chapters" aria-labelledby="chapters-title">
      <h2 id="chapters-title">{text.chapters}</h2>
      <ol className="chapter-list">
        {chapters.map((chapter, index) => (
          <li key={chapter.startTime} className="chapter">
            {chapter.img && <img src={chapter.img} alt="" width={48} height={48} loading="lazy" className="chapter-img" />}
            <button type="button" className="chapter-play" aria-current={index === playing ? 'true' : undefined} onClick={() => playFrom(chapter.startTime)}>
              <span className="chapter-time">{formatClock(chapter.startTime)}</span> <span className="chapter-title">{chapter.title}</span>
            </button>
            {chapter.url && (
              <a href={chapter.url} className="chapter-link">
                <span aria-hidden="true">↗</span><span className="visually-hidden">{text.chapterLink(chapter.title)}</span>
              </a>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

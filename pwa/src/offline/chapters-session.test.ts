import { describe, expect, it } from 'vitest';
import { chapterIndexAt, nextChapterStart, previousChapterStart } from './chapters-session';

const chapters = [{ startTime: 0, title: 'Elpriset' }, { startTime: 12, title: 'Vårbudgeten' }, { startTime: 24, title: 'Fjällen' }];

describe('chapters in the player', () => {
  it('knows the chapter playing, -1 before the first', () => {
    expect([0, 11.9, 12, 30].map((time) => chapterIndexAt(chapters, time))).toEqual([0, 0, 1, 2]);
    expect(chapterIndexAt([{ startTime: 5, title: 'Sent' }], 2)).toBe(-1);
  });

  it('goes back to the start of the chapter, or to the one before within its first 3 seconds', () => {
    expect(previousChapterStart(chapters, 20)).toBe(12);
    expect(previousChapterStart(chapters, 13)).toBe(0);
    expect(previousChapterStart(chapters, 1)).toBe(0);
    expect(previousChapterStart([{ startTime: 5, title: 'Sent' }], 2)).toBe(0);
  });

  it('goes on to the next chapter, and has none past the last', () => {
    expect(nextChapterStart(chapters, 0)).toBe(12);
    expect(nextChapterStart(chapters, 12)).toBe(24);
    expect(nextChapterStart(chapters, 24)).toBeNull();
    expect(nextChapterStart([], 3)).toBeNull();
  });
});

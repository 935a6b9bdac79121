import { createHash } from 'node:crypto';
import type { ArticleRow } from '../../db/rows.js';

/** What of an article is read aloud. */
export type Spoken = Pick<ArticleRow, 'title' | 'excerpt' | 'contentText'>;

/** The words read aloud: the title, the excerpt, then the body's words (its stored plain text), paragraph by paragraph. */
export const spokenText = (article: Spoken): string =>
  [article.title, article.excerpt, article.contentText].map((part) => part.trim()).filter(Boolean).join('\n\n');

/** What a draft remembers of the words it speaks: a draft of words the article no longer has is not published. */
export const spokenHash = (article: Spoken): string => createHash('sha256').update(spokenText(article)).digest('hex');

/**
 * The article's published audio as a save leaves it: withdrawn when the words it speaks changed (a corrected error must
 * not stay audible), kept when only the status, the paywall, the category or the like did.
 */
export const audioAfterEdit = (existing: (Spoken & Pick<ArticleRow, 'audioFile'>) | undefined, next: Spoken): Partial<ArticleRow> =>
  existing?.audioFile && spokenText(existing) !== spokenText(next) ? { audioFile: null, audioDuration: null, audioSize: null } : {};

const sentences = new Intl.Segmenter('sv', { granularity: 'sentence' });

/** A sentence longer than a part may be, cut at the last space that fits (or, in one unbroken word, where it must). */
function cutLong(sentence: string, max: number): string[] {
  const pieces: string[] = [];
  let rest = sentence;
  while (rest.length > max) {
    const space = rest.lastIndexOf(' ', max);
    const end = space > 0 ? space : max;
    pieces.push(rest.slice(0, end).trim());
    rest = rest.slice(end).trim();
  }
  return rest ? [...pieces, rest] : pieces;
}

/**
 * The text in parts of at most `max` characters for a speech service, cut where a sentence ends (a paragraph's end is
 * one): as many whole sentences to a part as fit, so that no voice stops mid-sentence between two parts.
 */
export function speechParts(text: string, max: number): string[] {
  const parts: string[] = [];
  let current = '';
  for (const paragraph of text.split(/\n\s*\n/)) {
    let joiner = '\n\n';
    for (const { segment } of sentences.segment(paragraph.trim())) {
      for (const sentence of cutLong(segment.trim(), max)) {
        if (!sentence) continue;
        const joined = current ? `${current}${joiner}${sentence}` : sentence;
        if (joined.length <= max) current = joined;
        else {
          parts.push(current);
          current = sentence;
        }
        joiner = ' ';
      }
    }
  }
  return current ? [...parts, current] : parts;
}

import type { Locale } from './index';

/** The words of chapters and transcripts (contract §9 [voice]): the episode page's lists, the player's chapter buttons, search. */
export interface VoiceText {
  chapters: string;
  chapter: (title: string) => string;
  chapterLink: (title: string) => string;
  previousChapter: string;
  nextChapter: string;
  transcript: string;
  transcriptLoading: string;
  transcriptFailed: string;
  playCue: string;
  followAlong: string;
  searchTranscript: string;
  matches: (n: number) => string;
  episodes: string;
  saidAt: (time: string) => string;
}

/** Apart from the catalogues (sv.ts, en.ts), which every page downloads: only the episode page's and search's chunks import these. */
const TEXT: Record<Locale, VoiceText> = {
  sv: {
    chapters: 'Kapitel',
    chapter: (title) => `Kapitel: ${title}`,
    chapterLink: (title) => `Läs mer: ${title}`,
    previousChapter: 'Föregående kapitel',
    nextChapter: 'Nästa kapitel',
    transcript: 'Transkription',
    transcriptLoading: 'Läser in transkriptionen…',
    transcriptFailed: 'Transkriptionen kunde inte läsas in.',
    playCue: 'Spela från',
    followAlong: 'Följ med i texten',
    searchTranscript: 'Sök i transkriptionen',
    matches: (n) => (n === 1 ? '1 träff' : `${n} träffar`),
    episodes: 'Avsnitt',
    saidAt: (time) => `Sägs vid ${time}`,
  },
  en: {
    chapters: 'Chapters',
    chapter: (title) => `Chapter: ${title}`,
    chapterLink: (title) => `Read more: ${title}`,
    previousChapter: 'Previous chapter',
    nextChapter: 'Next chapter',
    transcript: 'Transcript',
    transcriptLoading: 'Loading the transcript…',
    transcriptFailed: 'The transcript could not be loaded.',
    playCue: 'Play from',
    followAlong: 'Follow along',
    searchTranscript: 'Search the transcript',
    matches: (n) => (n === 1 ? '1 match' : `${n} matches`),
    episodes: 'Episodes',
    saidAt: (time) => `Said at ${time}`,
  },
};

export const voiceText = (locale: Locale): VoiceText => TEXT[locale];

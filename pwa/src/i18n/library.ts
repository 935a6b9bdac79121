import type { Locale } from './index';

/** The words of the reader's library on the dashboard: the podcast library's sections and the synced reading list. */
export interface LibraryText {
  following: string;
  followingEmpty: string;
  findSeries: string;
  newEpisodes: (series: string) => string;
  noNewEpisodes: string;
  downloads: string;
  history: string;
  historyEmpty: string;
  /** Minutes heard of the episode's minutes. */
  heard: (heard: number, total: number) => string;
  finished: string;
  kept: string;
  notKept: string;
  notKeptHint: string;
  unnamedArticle: string;
}

/**
 * Apart from the catalogues (sv.ts, en.ts), which every page downloads: only the dashboard's reading list and podcast
 * library import these (the reader routes' script budget has no room for them).
 */
const TEXT: Record<Locale, LibraryText> = {
  sv: {
    following: 'Serier du följer',
    followingEmpty: 'Du följer inga serier än.',
    findSeries: 'Hitta serier att följa bland poddarna',
    newEpisodes: (series) => `Nya avsnitt av ${series}`,
    noNewEpisodes: 'Inga nya avsnitt sedan du började följa.',
    downloads: 'Nedladdningar',
    history: 'Lyssningshistorik',
    historyEmpty: 'Avsnitt du lyssnar på visas här, med hur långt du kommit.',
    heard: (heard, total) => `${heard} av ${total} min`,
    finished: 'Färdiglyssnat',
    kept: 'Finns på den här enheten',
    notKept: 'Inte på den här enheten än',
    notKeptHint: 'Sparad på en annan enhet: den hämtas hit när du är uppkopplad.',
    unnamedArticle: 'En artikel från din läslista',
  },
  en: {
    following: 'Series you follow',
    followingEmpty: 'You are not following any series yet.',
    findSeries: 'Find series to follow among the podcasts',
    newEpisodes: (series) => `New episodes of ${series}`,
    noNewEpisodes: 'No new episodes since you started following.',
    downloads: 'Downloads',
    history: 'Listening history',
    historyEmpty: 'Episodes you listen to show here, with how far you got.',
    heard: (heard, total) => `${heard} of ${total} min`,
    finished: 'Finished',
    kept: 'Kept on this device',
    notKept: 'Not on this device yet',
    notKeptHint: 'Saved on another device: it comes here when you are online.',
    unnamedArticle: 'An article from your reading list',
  },
};

export const libraryText = (locale: Locale): LibraryText => TEXT[locale];

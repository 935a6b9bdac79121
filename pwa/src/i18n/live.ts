import type { Locale } from './index';

/** The words of a live article's coverage (contract §9 [live]). */
export interface LiveText {
  live: string;
  liveNow: string;
  ended: (date: string, time: string) => string;
  hasEnded: string;
  keyEvents: string;
  pinned: string;
  newUpdates: (n: number) => string;
  older: string;
  noEntries: string;
  edited: string;
  by: (name: string) => string;
  locked: string;
  follow: string;
  published: (title: string) => string;
}

/**
 * Apart from the catalogues (sv.ts, en.ts), which every page downloads: only the live coverage's chunk imports these,
 * so only a live article's reader downloads them (the article route's script budget has no room for them).
 */
const TEXT: Record<Locale, LiveText> = {
  sv: {
    live: 'Just nu',
    liveNow: 'Direktrapport: sidan uppdateras när nya inlägg kommer. Följ den för att få larm om viktiga inlägg.',
    ended: (date, time) => `Bevakningen avslutades ${date} kl. ${time}.`,
    hasEnded: 'Bevakningen har avslutats.',
    keyEvents: 'Viktigaste händelserna',
    pinned: 'Fäst inlägg',
    newUpdates: (n) => (n === 1 ? '1 ny uppdatering' : `${n} nya uppdateringar`),
    older: 'Visa äldre inlägg',
    noEntries: 'Inga inlägg ännu.',
    edited: 'Uppdaterat',
    by: (name) => `Av ${name}`,
    locked: 'Inlägget är för prenumeranter.',
    follow: 'Följ',
    published: (title) => `Nytt inlägg: ${title}`,
  },
  en: {
    live: 'Live',
    liveNow: 'Live coverage: this page updates as new entries come in. Follow it to be alerted to key entries.',
    ended: (date, time) => `The coverage ended on ${date} at ${time}.`,
    hasEnded: 'The coverage has ended.',
    keyEvents: 'Key events',
    pinned: 'Pinned entry',
    newUpdates: (n) => (n === 1 ? '1 new update' : `${n} new updates`),
    older: 'Show older entries',
    noEntries: 'No entries yet.',
    edited: 'Updated',
    by: (name) => `By ${name}`,
    locked: 'This entry is for subscribers.',
    follow: 'Follow',
    published: (title) => `New entry: ${title}`,
  },
};

export const liveText = (locale: Locale): LiveText => TEXT[locale];

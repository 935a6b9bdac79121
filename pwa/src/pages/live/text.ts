import type { Locale } from '../../i18n';

/**
 * The live coverage's words, in its own chunk: only a live article's reader downloads them (the reader app's
 * dictionary is in every page's download).
 */
const TEXT = {
  sv: {
    live: 'Just nu',
    liveNow: 'Direktrapport: sidan uppdateras när nya inlägg kommer.',
    ended: (time: string) => `Bevakningen avslutades ${time}.`,
    keyEvents: 'Viktigaste händelserna',
    pinned: 'Fäst inlägg',
    newUpdates: (n: number) => (n === 1 ? '1 ny uppdatering' : `${n} nya uppdateringar`),
    older: 'Visa äldre inlägg',
    noEntries: 'Inga inlägg ännu.',
    edited: 'Uppdaterat',
    by: (name: string) => `Av ${name}`,
    locked: 'Inlägget är för prenumeranter.',
    follow: 'Larma mig om viktiga inlägg',
    published: (title: string) => `Nytt inlägg: ${title}`,
  },
  en: {
    live: 'Live',
    liveNow: 'Live coverage: this page updates as new entries come in.',
    ended: (time: string) => `The coverage ended ${time}.`,
    keyEvents: 'Key events',
    pinned: 'Pinned entry',
    newUpdates: (n: number) => (n === 1 ? '1 new update' : `${n} new updates`),
    older: 'Show older entries',
    noEntries: 'No entries yet.',
    edited: 'Updated',
    by: (name: string) => `By ${name}`,
    locked: 'This entry is for subscribers.',
    follow: 'Alert me to key entries',
    published: (title: string) => `New entry: ${title}`,
  },
} as const;

export const liveText = (locale: Locale) => TEXT[locale];

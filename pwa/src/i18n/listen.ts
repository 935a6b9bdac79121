import type { Locale } from './index';

/** The words of an article's Listen (its read-aloud, contract §9 [voice]). */
export interface ListenText {
  listen: string;
  pause: string;
  /** Said beside Listen: the voice is not a person's. */
  synthetic: string;
  failed: string;
}

/** Apart from the catalogues (sv.ts, en.ts): only the article page's Listen imports these. */
const TEXT: Record<Locale, ListenText> = {
  sv: {
    listen: 'Lyssna',
    pause: 'Pausa',
    synthetic: 'Uppläst av en syntetisk röst',
    failed: 'Uppläsningen kunde inte spelas',
  },
  en: {
    listen: 'Listen',
    pause: 'Pause',
    synthetic: 'Read by a synthetic voice',
    failed: 'The read-aloud could not be played',
  },
};

export const listenText = (locale: Locale): ListenText => TEXT[locale];

import type { Locale } from './index';

/** The words of the notice that asks before visits are counted (INSIGHT_CONSENT=1, contract §9 [insight]). */
export interface InsightText {
  question: string;
  detail: string;
  privacy: string;
  yes: string;
  no: string;
}

/**
 * Apart from the catalogues (sv.ts, en.ts), which every page downloads: only the figures' chunk, which loads after the
 * first screen, imports these.
 */
const TEXT: Record<Locale, InsightText> = {
  sv: {
    question: 'Får vi räkna dina besök anonymt?',
    detail: 'Vi räknar vilka sidor som visas och hur långt artiklar läses, utan kakor och utan att känna igen dig.',
    privacy: 'Så gör vi (integritetspolicyn)',
    yes: 'Ja',
    no: 'Nej',
  },
  en: {
    question: 'Count my visits anonymously?',
    detail: 'We count which pages are shown and how far articles are read, without cookies and without recognising you.',
    privacy: 'How we do it (privacy policy)',
    yes: 'Yes',
    no: 'No',
  },
};

export const insightText = (locale: Locale): InsightText => TEXT[locale];

import { createContext, useContext, useEffect, useReducer, type ReactNode } from 'react';
import { messageTranslator, type MessageValues } from '@redaktion/shared/format-message';
import { formatCalendarDate, LOCALE_TAGS, relativeTime } from '@redaktion/shared/time';
import type { Catalogue, MessageKey } from './en';
import { sv } from './sv';

export type Locale = 'sv' | 'en';
export { LOCALE_TAGS };

/**
 * Swedish, the publication's language, comes with the app; English is fetched for the readers who read in it, before
 * the app first renders. Every page would otherwise download both catalogues, and a reader reads one.
 */
const catalogues: Partial<Record<Locale, Catalogue>> = { sv };

/** Makes a catalogue available at once (the server renders either language from the start). */
export function provideCatalogue(locale: Locale, catalogue: Catalogue): void {
  catalogues[locale] = catalogue;
}

/** Fetches a language's catalogue unless it is here. */
export async function loadCatalogue(locale: Locale): Promise<void> {
  if (!catalogues[locale]) provideCatalogue(locale, (await import('./en')).en);
}

/** The language a browser asks for first: Swedish unless it prefers English. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  const first = (header ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'sv';
}

export type Translate = (key: MessageKey, values?: MessageValues) => string;

/** The words of a language; Swedish until its catalogue is here (only for the moment a reader switches language). */
export function translator(locale: Locale): Translate {
  return messageTranslator(catalogues[locale] ?? sv, sv);
}

interface I18n { locale: Locale; t: Translate }
const I18nContext = createContext<I18n>({ locale: 'sv', t: translator('sv') });

export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  // A language chosen in the settings renders again once its catalogue has come.
  const [, loaded] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    if (!catalogues[locale]) void loadCatalogue(locale).then(loaded, () => undefined);
  }, [locale]);
  return <I18nContext.Provider value={{ locale, t: translator(locale) }}>{children}</I18nContext.Provider>;
}

export const useI18n = () => useContext(I18nContext);

/** Dates in the sv-SE style the spec asks for (or en-GB), and 'Unknown date' for an invalid one. */
export function formatDate(value: string | null | undefined, locale: Locale, options: Intl.DateTimeFormatOptions = { dateStyle: 'long' }): string {
  return formatCalendarDate(value, locale, options) ?? translator(locale)('common.unknownDate');
}

/** 'Just now', 'N hours ago', 'N days ago' (reader-area.md §9); the article page adds minutes. */
export function formatRelative(value: string | null | undefined, t: Translate, withMinutes = false, now = new Date()): string {
  const relative = value ? relativeTime(value, now, withMinutes) : null;
  if (!relative) return t('common.unknownDate');
  if (relative.unit === 'now') return t('common.justNow');
  const keys = {
    minutes: ['common.minuteAgo', 'common.minutesAgo'],
    hours: ['common.hourAgo', 'common.hoursAgo'],
    days: ['common.dayAgo', 'common.daysAgo'],
  } as const;
  const [one, many] = keys[relative.unit];
  return relative.count === 1 ? t(one) : t(many, { n: relative.count });
}

import { createContext, useContext, type ReactNode } from 'react';
import { messageTranslator, type MessageValues } from '@redaktion/shared/format-message';
import { formatCalendarDate, LOCALE_TAGS, relativeTime } from '@redaktion/shared/time';
import { en, type Catalogue, type MessageKey } from './en';
import { sv } from './sv';

export type Locale = 'sv' | 'en';
export const catalogues: Record<Locale, Catalogue> = { sv, en };
export { LOCALE_TAGS };

/** The language a browser asks for first: Swedish unless it prefers English. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  const first = (header ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'sv';
}

export type Translate = (key: MessageKey, values?: MessageValues) => string;

export function translator(locale: Locale): Translate {
  return messageTranslator(catalogues[locale], en);
}

interface I18n { locale: Locale; t: Translate }
const I18nContext = createContext<I18n>({ locale: 'sv', t: translator('sv') });

export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
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

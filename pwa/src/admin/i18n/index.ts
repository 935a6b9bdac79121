import { messageTranslator, type MessageValues } from '@redaktion/shared/format-message';
import { formatCalendarDate } from '@redaktion/shared/time';
import { usePlatform } from '../platform';
import { ads } from './ads';
import { ai } from './ai';
import { approvals } from './approvals';
import { articles } from './articles';
import { common } from './common';
import { editor } from './editor';
import { engage } from './engage';
import { history } from './history';
import { insights } from './insights';
import { interviews } from './interviews';
import { live } from './live';
import { media } from './media';
import { svMessages } from './messages';
import { offers } from './offers';
import { overview } from './overview';
import { photos } from './photos';
import { podcasts } from './podcasts';
import { settings } from './settings';
import { staff } from './staff';
import { users } from './users';
import { videos } from './videos';
import { voice } from './voice';

/**
 * The admin screens' two catalogues (contract.md §4: English is the spec's words, Swedish beside it),
 * in the admin chunk only. The language is the host's (AdminPlatform.locale).
 */
const areas = [common, overview, insights, articles, editor, history, live, podcasts, ads, interviews, staff, approvals, settings, users, media, photos, videos, ai, engage, offers, voice];
const en = Object.assign({}, ...areas.map((a) => a.en)) as AdminCatalogue;
const sv = Object.assign({}, ...areas.map((a) => a.sv)) as AdminCatalogue;

type AdminCatalogue = typeof common.en & typeof overview.en & typeof insights.en & typeof articles.en & typeof editor.en & typeof history.en & typeof live.en & typeof podcasts.en & typeof ads.en
  & typeof interviews.en & typeof staff.en & typeof approvals.en & typeof settings.en & typeof users.en & typeof media.en
  & typeof photos.en & typeof videos.en & typeof ai.en & typeof engage.en & typeof offers.en & typeof voice.en;
export type AdminKey = keyof AdminCatalogue;
export type AdminT = ((key: AdminKey, values?: MessageValues) => string) & {
  /** A message from a schema or the server, in Swedish when it is a known one. */
  message(text: string): string;
  /** A date in the newsroom's calendar (Stockholm time), or 'Unknown date'. */
  date(value: string | null | undefined, options?: Intl.DateTimeFormatOptions): string;
  locale: 'sv' | 'en';
};

export function adminTranslator(locale: 'sv' | 'en'): AdminT {
  const t = messageTranslator(locale === 'sv' ? sv : en, en) as AdminT;
  t.message = (text) => (locale === 'sv' ? svMessages[text] ?? text : text);
  t.date = (value, options) => formatCalendarDate(value, locale, options) ?? t('common.unknownDate');
  t.locale = locale;
  return t;
}

const translators = { sv: adminTranslator('sv'), en: adminTranslator('en') };

export function useAdminT(): AdminT {
  return translators[usePlatform().locale];
}

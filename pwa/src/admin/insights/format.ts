import { useMemo } from 'react';
import { LOCALE_TAGS } from '@redaktion/shared';
import { useAdminT } from '../i18n';

/** How the figures are written: numbers and shares in the editor's language, days and hours in Stockholm time. */
export function useFormat() {
  const t = useAdminT();
  return useMemo(() => {
    const number = new Intl.NumberFormat(LOCALE_TAGS[t.locale]);
    const percent = new Intl.NumberFormat(LOCALE_TAGS[t.locale], { style: 'percent', maximumFractionDigits: 0 });
    return {
      number: (value: number) => number.format(value),
      /** A part of a whole as a percentage; a dash where there is no whole. Readers are counted per day, and a
       *  reader who went on reading the next day counts then too: a share never reads above 100 %. */
      share: (part: number, whole: number) => (whole > 0 ? percent.format(Math.min(part / whole, 1)) : t('insights.none')),
      /** A quarter of the text or the audio, written as a percentage. */
      quarter: (quarter: number) => percent.format(quarter / 100),
      /** A Stockholm day, `YYYY-MM-DD` (noon UTC is inside it all year). */
      day: (day: string) => t.date(`${day}T12:00:00Z`, { dateStyle: 'medium' }),
      hour: (iso: string) => t.date(iso, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }),
      time: (iso: string) => t.date(iso, { timeStyle: 'short' }),
    };
  }, [t]);
}

export type Format = ReturnType<typeof useFormat>;

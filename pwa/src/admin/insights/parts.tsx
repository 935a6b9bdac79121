import { useMemo } from 'react';
import { INSIGHT_SOURCES, type InsightReport } from '@redaktion/shared';
import { useAdminT } from '../i18n';
import { FiguresChart, type ChartPoint } from './FiguresChart';
import { useFormat } from './format';
import { daysOf, type Period } from './period';

/** The quarters of an article's text (or an episode's audio) a reader reaches. */
export const QUARTERS = [25, 50, 75, 100] as const;

/** Nothing was counted in the report's period. */
export const isEmpty = ({ totals, articles, episodes }: InsightReport): boolean =>
  totals.views === 0 && totals.listeners === 0 && totals.subscriptionsStarted === 0 && articles.length === 0 && episodes.length === 0;

/**
 * Views and unique readers day by day over the whole period (a day without figures is a day of none), and hour by
 * hour when the report has hours (a period of at most 7 days).
 */
export function ReportCharts({ report, period, height }: { report: InsightReport; period: Period; height?: number }) {
  const t = useAdminT();
  const format = useFormat();
  const labels = useMemo(() => [t('insights.views'), t('insights.readers')], [t]);
  const days = useMemo((): ChartPoint[] => {
    const byDay = new Map(report.days.map((day) => [day.day, day]));
    return daysOf(period).map((day) => ({
      seconds: Date.parse(`${day}T12:00:00Z`) / 1000, label: format.day(day),
      values: [byDay.get(day)?.views ?? 0, byDay.get(day)?.readers ?? 0],
    }));
  }, [report, period, format]);
  const hours = useMemo((): ChartPoint[] => report.hours.map((hour) => ({
    seconds: Date.parse(hour.hour) / 1000, label: format.hour(hour.hour), values: [hour.views, hour.readers],
  })), [report, format]);
  return (
    <>
      <FiguresChart caption={t('insights.byDay')} head={t('insights.day')} labels={labels} points={days} height={height} />
      {hours.length > 0 && (
        <FiguresChart caption={t('insights.byHour')} head={t('insights.hour')} labels={labels} points={hours} height={height} hourly />
      )}
    </>
  );
}

/** Where readers came from, grouped (search, social, newsletter, push, other sites, direct): bars with their numbers. */
export function SourceBars({ sources }: { sources: InsightReport['totals']['sources'] }) {
  const t = useAdminT();
  const format = useFormat();
  const total = INSIGHT_SOURCES.reduce((sum, source) => sum + sources[source], 0);
  const most = Math.max(1, ...INSIGHT_SOURCES.map((source) => sources[source]));
  return (
    <ul className="insights-bars">
      {INSIGHT_SOURCES.map((source) => (
        <li key={source}>
          <span className="insights-bar-label">{t(`insights.source.${source}`)}</span>
          <span className="insights-bar" aria-hidden="true"><span style={{ width: `${(sources[source] / most) * 100}%` }} /></span>
          <span className="insights-bar-value">
            {t('insights.sourceValue', { n: format.number(sources[source]), share: format.share(sources[source], total) })}
          </span>
        </li>
      ))}
    </ul>
  );
}

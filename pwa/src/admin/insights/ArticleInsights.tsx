import { useMemo, useState } from 'react';
import { stockholmDay, type InsightReport } from '@redaktion/shared';
import { useAdminT } from '../i18n';
import { useAdminClient } from '../platform';
import { failureText } from '../ui/feedback';
import { QueryState } from '../ui/QueryState';
import { useFormat } from './format';
import { isEmpty, QUARTERS, ReportCharts, SourceBars } from './parts';
import { presetPeriod, type Period } from './period';
import { useFigures } from './use-figures';

/**
 * A saved article's figures over the last 30 days in its editor (contract §9 [insight]): views, readers, how far they
 * read, its read-aloud heard to the end, where they came from and the subscriptions it brought. Folded until the
 * editor opens it, and read only then.
 */
export function ArticleInsights({ articleId }: { articleId: number }) {
  const t = useAdminT();
  const [open, setOpen] = useState(false);
  return (
    <details className="admin-card insights-article" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{t('insights.articleHeading')}</summary>
      {open && <ArticleFigures articleId={articleId} />}
    </details>
  );
}

function ArticleFigures({ articleId }: { articleId: number }) {
  const t = useAdminT();
  const admin = useAdminClient();
  const today = stockholmDay();
  const period = useMemo(() => presetPeriod('30d', today), [today]);
  const query = useFigures(`/api/admin/insights?from=${period.from}&to=${period.to}&articleId=${articleId}`,
    () => admin.insights.report({ ...period, articleId }));
  return (
    <QueryState query={query} failed={failureText(query.error, t('insights.loadFailed'), t)}>
      {(report) => (isEmpty(report) ? <p className="admin-empty">{t('insights.empty')}</p> : <Figures report={report} period={period} />)}
    </QueryState>
  );
}

function Figures({ report, period }: { report: InsightReport; period: Period }) {
  const t = useAdminT();
  const format = useFormat();
  const article = report.articles[0];
  const readers = article?.readers ?? 0;
  const read = article?.read ?? report.totals.read;
  return (
    <>
      <dl className="insights-figures">
        <div><dt>{t('insights.views')}</dt><dd>{format.number(report.totals.views)}</dd></div>
        <div><dt>{t('insights.readers')}</dt><dd>{format.number(readers)}</dd></div>
        <div><dt>{t('insights.subscriptionsStarted')}</dt><dd>{format.number(report.totals.subscriptionsStarted)}</dd></div>
        <div><dt>{t('insights.subscriptionsCompleted')}</dt><dd>{format.number(report.totals.subscriptionsCompleted)}</dd></div>
        {article && article.listen.began > 0 && (
          <div><dt>{t('insights.readAloud')}</dt><dd>{t('insights.readAloudValue', {
            began: format.number(article.listen.began), share: format.share(article.listen[100], article.listen.began),
          })}</dd></div>
        )}
      </dl>
      <p className="field-hint">{t('insights.perDay')}</p>
      <h4>{t('insights.readDepth')}</h4>
      <dl className="insights-figures">
        {QUARTERS.map((quarter) => (
          <div key={quarter}>
            <dt>{t('insights.readTo')} {format.quarter(quarter)}</dt>
            <dd>{format.share(read[quarter], readers)}</dd>
          </div>
        ))}
      </dl>
      <h4>{t('insights.sources')}</h4>
      <SourceBars sources={report.totals.sources} />
      <ReportCharts report={report} period={period} height={160} />
    </>
  );
}

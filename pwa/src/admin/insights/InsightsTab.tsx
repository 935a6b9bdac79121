import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { INSIGHT_MAX_DAYS, stockholmDay, type InsightArticle, type InsightEpisode, type InsightReport } from '@redaktion/shared';
import { useAdminT } from '../i18n';
import { useAdminClient } from '../platform';
import { failureText } from '../ui/feedback';
import { Select, TextInput } from '../ui/form';
import { QueryState } from '../ui/QueryState';
import { CsvLink } from './CsvLink';
import { useFormat } from './format';
import { isEmpty, QUARTERS, ReportCharts, SourceBars } from './parts';
import { periodProblem, PRESETS, presetPeriod, type Period, type Preset } from './period';
import { RightNow } from './RightNow';
import { useFigures } from './use-figures';

type Choice = Preset | 'custom';

/**
 * The Insights tab (contract §9 [insight]): who reads right now, and for a period the views and readers day by day,
 * the most read articles and most heard episodes, where readers came from and the subscriptions articles brought,
 * with the period's figures as CSV.
 */
export function InsightsTab() {
  const t = useAdminT();
  const [choice, setChoice] = useState<Choice>('30d');
  const [custom, setCustom] = useState<Period>({ from: '', to: '' });
  const [chosen, setChosen] = useState<Period | null>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const today = stockholmDay();
  const period = useMemo(
    () => (choice === 'custom' ? chosen : presetPeriod(choice, today)),
    [choice, chosen, today],
  );

  const show = (event: FormEvent) => {
    event.preventDefault();
    const wrong = periodProblem(custom);
    setProblem(wrong ? t(`insights.${wrong}`, { days: INSIGHT_MAX_DAYS }) : undefined);
    if (!wrong) setChosen(custom);
  };

  return (
    <>
      <RightNow />
      <section className="admin-section" aria-labelledby="insights-period">
        <div className="admin-toolbar">
          <h2 id="insights-period">{t('insights.periodHeading')}</h2>
          {period && <CsvLink period={period} />}
        </div>
        <form className="insights-period" onSubmit={show} noValidate>
          <Select<Choice> label={t('insights.period')} value={choice} onChange={setChoice}
            options={[...PRESETS, 'custom' as const].map((value) => ({ value, label: t(`insights.preset.${value}`) }))} />
          {choice === 'custom' && (
            <>
              <TextInput type="date" label={t('insights.from')} value={custom.from} error={problem}
                onChange={(from) => setCustom((before) => ({ ...before, from }))} />
              <TextInput type="date" label={t('insights.to')} value={custom.to}
                onChange={(to) => setCustom((before) => ({ ...before, to }))} />
              <button type="submit" className="button button-small">{t('insights.show')}</button>
            </>
          )}
        </form>
        {period && <PeriodFigures period={period} />}
      </section>
    </>
  );
}

function PeriodFigures({ period }: { period: Period }) {
  const t = useAdminT();
  const admin = useAdminClient();
  const format = useFormat();
  const report = useFigures(`/api/admin/insights?from=${period.from}&to=${period.to}`, () => admin.insights.report(period));
  return (
    <div aria-busy={report.loading}>
      <p className="admin-trend">{t('insights.range', { from: format.day(period.from), to: format.day(period.to) })}</p>
      <QueryState query={report} failed={failureText(report.error, t('insights.loadFailed'), t)}>
        {(figures) => <Report report={figures} period={period} />}
      </QueryState>
    </div>
  );
}

function Report({ report, period }: { report: InsightReport; period: Period }) {
  const t = useAdminT();
  const format = useFormat();
  // The time alone when the figures were made today, with the date when the rollup has not run since an earlier day.
  const updatedAt = (rolledAt: string) => (stockholmDay(new Date(rolledAt)) === stockholmDay()
    ? format.time(rolledAt) : t.date(rolledAt, { dateStyle: 'medium', timeStyle: 'short' }));
  const converting = report.articles.filter((article) => article.subscriptionsStarted > 0 || article.subscriptionsCompleted > 0);
  return (
    <>
      <p className="admin-trend">{report.rolledAt ? t('insights.updated', { time: updatedAt(report.rolledAt) }) : t('insights.notUpdated')}</p>
      {isEmpty(report) ? <p className="admin-empty admin-card">{t('insights.empty')}</p> : (
        <>
          <ul className="admin-stats" role="list" aria-label={t('insights.totals')}>
            {([
              ['insights.views', report.totals.views],
              ['insights.listeners', report.totals.listeners],
              ['insights.subscriptionsStarted', report.totals.subscriptionsStarted],
              ['insights.subscriptionsCompleted', report.totals.subscriptionsCompleted],
            ] as const).map(([label, value]) => (
              <li key={label} className="admin-card">
                <p className="admin-stat-label">{t(label)}</p>
                <p className="admin-stat-value">{format.number(value)}</p>
              </li>
            ))}
          </ul>
          <ReportCharts report={report} period={period} />
          <p className="field-hint">{t('insights.perDay')}</p>

          <h3>{t('insights.topArticles')}</h3>
          {report.articles.length === 0 ? <p className="admin-empty">{t('insights.noArticles')}</p> : <ArticlesTable articles={report.articles} />}

          <h3>{t('insights.topEpisodes')}</h3>
          {report.episodes.length === 0 ? <p className="admin-empty">{t('insights.noEpisodes')}</p> : <EpisodesTable episodes={report.episodes} />}

          <h3>{t('insights.sources')}</h3>
          <SourceBars sources={report.totals.sources} />

          <h3>{t('insights.conversions')}</h3>
          {converting.length === 0 ? <p className="admin-empty">{t('insights.noConversions')}</p> : (
            <ul className="admin-list">
              {converting.map((article) => (
                <li key={article.articleId} className="admin-row">
                  <div className="admin-row-body">
                    <p className="admin-row-title"><EditorLink article={article} /></p>
                    <p className="admin-row-meta">{t('insights.conversion', {
                      started: format.number(article.subscriptionsStarted), completed: format.number(article.subscriptionsCompleted),
                    })}</p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </>
  );
}

/** An article's title as a link that opens it in the Articles tab's editor. */
function EditorLink({ article }: { article: InsightArticle }) {
  return <Link to={{ search: `?tab=articles&article=${article.articleId}` }}>{article.title}</Link>;
}

/** A table wide enough to scroll sideways on a narrow screen: a region the keyboard can reach and scroll. */
function Wide({ label, children }: { label: string; children: ReactNode }) {
  return <div className="insights-wide" role="region" aria-label={label} tabIndex={0}>{children}</div>;
}

function ArticlesTable({ articles }: { articles: InsightArticle[] }) {
  const t = useAdminT();
  const format = useFormat();
  return (
    <Wide label={t('insights.topArticles')}>
      <table className="insights-table">
        <thead>
          <tr>
            <th scope="col" rowSpan={2}>{t('insights.article')}</th>
            <th scope="col" rowSpan={2}>{t('insights.views')}</th>
            <th scope="col" rowSpan={2}>{t('insights.readers')}</th>
            <th scope="colgroup" colSpan={QUARTERS.length}>{t('insights.readTo')}</th>
            <th scope="col" rowSpan={2}>{t('insights.readAloud')}: {t('insights.listenThrough')}</th>
            <th scope="colgroup" colSpan={2}>{t('insights.subscriptions')}</th>
          </tr>
          <tr>
            {QUARTERS.map((quarter) => <th key={quarter} scope="col">{format.quarter(quarter)}</th>)}
            <th scope="col">{t('insights.started')}</th>
            <th scope="col">{t('insights.completed')}</th>
          </tr>
        </thead>
        <tbody>
          {articles.map((article) => (
            <tr key={article.articleId}>
              <th scope="row"><EditorLink article={article} /></th>
              <td>{format.number(article.views)}</td>
              <td>{format.number(article.readers)}</td>
              {QUARTERS.map((quarter) => <td key={quarter}>{format.share(article.read[quarter], article.readers)}</td>)}
              <td>{format.share(article.listen[100], article.listen.began)}</td>
              <td>{format.number(article.subscriptionsStarted)}</td>
              <td>{format.number(article.subscriptionsCompleted)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Wide>
  );
}

function EpisodesTable({ episodes }: { episodes: InsightEpisode[] }) {
  const t = useAdminT();
  const format = useFormat();
  return (
    <Wide label={t('insights.topEpisodes')}>
      <table className="insights-table">
        <thead>
          <tr>
            <th scope="col" rowSpan={2}>{t('insights.episode')}</th>
            <th scope="col" rowSpan={2}>{t('insights.views')}</th>
            <th scope="col" rowSpan={2}>{t('insights.began')}</th>
            <th scope="colgroup" colSpan={QUARTERS.length}>{t('insights.heardTo')}</th>
          </tr>
          <tr>{QUARTERS.map((quarter) => <th key={quarter} scope="col">{format.quarter(quarter)}</th>)}</tr>
        </thead>
        <tbody>
          {episodes.map((episode) => (
            <tr key={episode.episodeId}>
              <th scope="row">{episode.title}</th>
              <td>{format.number(episode.views)}</td>
              <td>{format.number(episode.listen.began)}</td>
              {QUARTERS.map((quarter) => <td key={quarter}>{format.share(episode.listen[quarter], episode.listen.began)}</td>)}
            </tr>
          ))}
        </tbody>
      </table>
    </Wide>
  );
}

import type { AdminStats } from '@redaktion/shared/admin-client';
import { categoryName, useCategories } from '../articles/categories';
import { QUERY_KEYS } from '../queries';
import { QueryState } from '../ui/QueryState';
import { StatusBadge } from '../articles/StatusBadge';
import { useAdminQuery } from '../data';
import { useAdminT, type AdminT } from '../i18n';
import { useAdminClient } from '../platform';

/** Recent Activity shows this many articles (admin-area.md §9). */
const RECENT = 5;

/** This week's additions against last week's, in words (contract.md §7: real figures, never fixed text). */
function trendText({ thisWeek, lastWeek }: { thisWeek: number; lastWeek: number }, t: AdminT): string {
  const values = { now: thisWeek, before: lastWeek };
  if (thisWeek > lastWeek) return t('overview.trendUp', values);
  if (thisWeek < lastWeek) return t('overview.trendDown', values);
  return t('overview.trendSame', values);
}

/** The Overview tab: four figures from the database, the week's reader revenue and the latest articles. */
export function OverviewTab() {
  const t = useAdminT();
  const admin = useAdminClient();
  const stats = useAdminQuery(QUERY_KEYS.stats, admin.stats);
  const articles = useAdminQuery(QUERY_KEYS.articles, admin.articles.list);
  const categories = useCategories().data;

  return (
    <>
      <section className="admin-section" aria-label={t('overview.stats')}>
        <QueryState query={stats}>{(figures) => <StatCards stats={figures} />}</QueryState>
      </section>
      <section className="admin-section" aria-labelledby="revenue-week">
        <h2 id="revenue-week">{t('overview.revenue')}</h2>
        <QueryState query={stats}>{(figures) => <RevenueCards stats={figures} />}</QueryState>
      </section>
      <section className="admin-section" aria-labelledby="recent-activity">
        <h2 id="recent-activity">{t('overview.recent')}</h2>
        <QueryState query={articles} empty={t('overview.recentEmpty')}>
          {(items) => (
            <ul className="admin-list">
              {items.slice(0, RECENT).map((article) => (
                <li key={article.id} className="admin-row">
                  <div className="admin-row-body">
                    <p className="admin-row-title">{article.title}</p>
                    <p className="admin-row-meta">
                      <span>{t('overview.byline', { author: article.author })}</span>
                      <span>{categoryName(categories, article.category)}</span>
                    </p>
                  </div>
                  <StatusBadge status={article.status} />
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </section>
    </>
  );
}

interface Card { label: string; value: number; lines: string[] }

function Cards({ cards }: { cards: Card[] }) {
  const t = useAdminT();
  const number = new Intl.NumberFormat(t.locale === 'sv' ? 'sv-SE' : 'en-GB');
  return (
    <ul className="admin-stats" role="list">
      {cards.map((card) => (
        <li key={card.label} className="admin-card">
          <p className="admin-stat-label">{card.label}</p>
          <p className="admin-stat-value">{number.format(card.value)}</p>
          {card.lines.map((line) => <p key={line} className="admin-trend">{line}</p>)}
        </li>
      ))}
    </ul>
  );
}

/** What readers did this week against last (contract §9 [revenue]): registrations, metered reads, gift opens, conversions. */
function RevenueCards({ stats }: { stats: AdminStats }) {
  const t = useAdminT();
  const week = (label: string, counts: { thisWeek: number; lastWeek: number }): Card =>
    ({ label, value: counts.thisWeek, lines: [t('overview.lastWeek', { n: counts.lastWeek })] });
  return (
    <Cards cards={[
      week(t('overview.registrations'), stats.users),
      week(t('overview.meteredReads'), stats.revenue.meteredReads),
      week(t('overview.giftOpens'), stats.revenue.giftOpens),
      week(t('overview.conversions'), stats.revenue.conversions),
    ]} />
  );
}

function StatCards({ stats }: { stats: AdminStats }) {
  const t = useAdminT();
  const number = new Intl.NumberFormat(t.locale === 'sv' ? 'sv-SE' : 'en-GB');
  const cards: Card[] = [
    { label: t('overview.totalArticles'), value: stats.articles.total,
      lines: [t('overview.published', { n: number.format(stats.articles.published) }), trendText(stats.articles, t)] },
    { label: t('overview.totalPodcasts'), value: stats.podcasts.total,
      lines: [t('overview.published', { n: number.format(stats.podcasts.published) }), trendText(stats.podcasts, t)] },
    { label: t('overview.activeAds'), value: stats.advertisements.active, lines: [t('overview.adsRunning')] },
    { label: t('overview.pendingReviews'), value: stats.approvals.pending,
      lines: [t(stats.approvals.pending > 0 ? 'overview.pendingSome' : 'overview.pendingNone')] },
  ];
  return <Cards cards={cards} />;
}

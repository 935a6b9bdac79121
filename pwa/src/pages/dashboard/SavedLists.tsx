import { Link } from 'react-router-dom';
import { apiPaths } from '@redaktion/shared/client';
import { secondsToMinutes } from '@redaktion/shared/time';
import { ErrorNote, Loading, Picture } from '../../components/cards';
import { useApi } from '../../data/api-cache';
import { formatDate, useI18n } from '../../i18n';
import { DashboardPage } from './layout';

/**
 * The reading list and the podcast list open signed out (contract.md §6). For now they show the latest
 * items; the offline layer turns them into the device's saved articles and downloads (contract.md §7).
 */
export function ReadingList() {
  const { t, locale } = useI18n();
  const { data, error, loading } = useApi(apiPaths.articles({ limit: 20 }));
  return (
    <DashboardPage title={t('dashboard.readingList')} intro={t('dashboard.readingListText')}>
      {loading ? <Loading /> : error ? <ErrorNote message={t('common.error')} /> : !data?.length ? (
        <p className="empty">{t('dashboard.emptyReading')}</p>
      ) : (
        <ul className="saved-list">
          {data.map((article) => (
            <li key={article.id} className="saved-item">
              <Picture src={article.imageUrl} alt="" width={160} height={90} className="saved-thumb" />
              <div className="saved-body">
                <h2 className="saved-title">{article.title}</h2>
                <p className="muted saved-excerpt">{article.excerpt}</p>
                <p className="meta">{article.author} · {formatDate(article.publishedAt, locale, { dateStyle: 'medium' })}</p>
              </div>
              <Link to={`/article/${article.id}`} className="button button-ghost" aria-label={`${t('dashboard.readArticle')}: ${article.title}`}>
                {t('dashboard.readArticle')}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </DashboardPage>
  );
}

export function SavedPodcasts() {
  const { t, locale } = useI18n();
  const { data, error, loading } = useApi(apiPaths.podcasts({ limit: 20 }));
  return (
    <DashboardPage title={t('dashboard.podcasts')} intro={t('dashboard.podcastsText')}>
      {loading ? <Loading /> : error ? <ErrorNote message={t('home.podcastsFailed')} /> : !data?.length ? (
        <p className="empty">{t('dashboard.emptyPodcasts')}</p>
      ) : (
        <ul className="saved-list">
          {data.map((episode) => (
            <li key={episode.id} className="saved-item">
              <Picture src={episode.imageUrl} alt="" width={90} height={90} className="saved-thumb saved-thumb-square" />
              <div className="saved-body">
                <h2 className="saved-title">{episode.title}</h2>
                <p className="meta">
                  {t('common.minutes', { n: secondsToMinutes(episode.duration) })} · {formatDate(episode.publishedAt, locale, { dateStyle: 'medium' })}
                </p>
              </div>
              <Link to={`/podcast/${episode.id}`} className="button button-ghost" aria-label={`${t('dashboard.listenNow')}: ${episode.title}`}>
                {t('dashboard.listenNow')}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </DashboardPage>
  );
}

import { Link } from 'react-router-dom';
import type { PodcastSeries } from '@redaktion/shared';
import { EpisodeCard, ErrorNote, Loading, Picture, categoryLabel } from '../components/cards';
import { useApi } from '../data/api-cache';
import { useI18n } from '../i18n';
import { podcastsReads } from './Podcasts.data';


function SeriesCard({ series, eager }: { series: PodcastSeries; eager: boolean }) {
  const { t } = useI18n();
  return (
    <article className="card series-card">
      <Link to={`/podcast-series/${series.id}`} className="card-link">
        <div className="media-cover">
          <Picture src={series.imageUrl} alt="" width={640} height={640} eager={eager} />
          {series.featured && <span className="badge badge-premium media-cover-badge">{t('common.featured')}</span>}
        </div>
        <div className="card-body">
          <p className="eyebrow">{categoryLabel(t, series.category)}</p>
          <h3 className="card-title">{series.title}</h3>
          <p className="card-excerpt clamp-3">{series.description}</p>
          {series.hostName && <p className="meta">{t('podcasts.host', { name: series.hostName })}</p>}
        </div>
      </Link>
    </article>
  );
}

export default function Podcasts() {
  const { t } = useI18n();
  const reads = podcastsReads();
  const series = useApi(reads.series);
  const episodes = useApi(reads.episodes);
  const loading = series.loading || episodes.loading;
  const seriesList = (series.data ?? []).filter((s) => s.active !== false);
  const episodeList = episodes.data ?? [];
  const failed = series.error && episodes.error;
  return (
    <div className="container media-page">
      <header className="page-header">
        <h1>{t('podcasts.title')}</h1>
        <p>{t('podcasts.intro')}</p>
      </header>
      {loading ? <Loading /> : failed ? <ErrorNote message={t('home.podcastsFailed')} /> : !seriesList.length && !episodeList.length && !series.error && !episodes.error ? (
        <p className="empty">{t('podcasts.empty')}</p>
      ) : (
        <>
          {seriesList.length > 0 && (
            <section aria-labelledby="podcast-series" className="media-section">
              <div className="section-header"><h2 id="podcast-series">{t('podcasts.series')}</h2></div>
              <div className="grid grid-3">{seriesList.map((s, i) => <SeriesCard key={s.id} series={s} eager={i < 3} />)}</div>
            </section>
          )}
          {series.error && <ErrorNote message={t('home.podcastsFailed')} />}
          {episodeList.length > 0 && (
            <section aria-labelledby="podcast-latest" className="media-section">
              <div className="section-header"><h2 id="podcast-latest">{t('podcasts.latest')}</h2></div>
              <div className="grid grid-3 episode-grid">{episodeList.map((e) => <EpisodeCard key={e.id} episode={e} />)}</div>
            </section>
          )}
          {episodes.error && <ErrorNote message={t('home.podcastsFailed')} />}
        </>
      )}
    </div>
  );
}

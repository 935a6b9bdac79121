import { Link, useParams } from 'react-router-dom';
import type { Episode } from '@redaktion/shared';
import { displayMinutes } from '@redaktion/shared/time';
import { ErrorNote, Loading, Picture } from '../components/cards';
import { useApi } from '../data/api-cache';
import { formatDate, useI18n } from '../i18n';
import { NotFoundState } from './NotFound';
import { categoryLabel } from '../components/cards';
import { MediaCover } from '../components/MediaCover';
import { FollowButton } from '../components/FollowButton';
import { seriesReads } from './Series.data';

/** All Episodes: by episode number, highest first (then newest first). */
export function sortEpisodes(episodes: Episode[]): Episode[] {
  return [...episodes].sort((a, b) => (b.episodeNumber - a.episodeNumber)
    || (new Date(b.publishedAt ?? 0).getTime() - new Date(a.publishedAt ?? 0).getTime()));
}

function EpisodeRow({ episode, latest }: { episode: Episode; latest: boolean }) {
  const { t, locale } = useI18n();
  return (
    <li className="episode-row">
      <Link to={`/podcast/${episode.id}`} className="episode-row-link">
        <span className="episode-row-number" aria-hidden="true">{episode.episodeNumber}</span>
        <span className="episode-row-body">
          <span className="eyebrow">
            {t('common.episode', { n: episode.episodeNumber })}
            {latest && <span className="badge badge-latest">{t('common.latest')}</span>}
            {episode.premium && <span className="badge badge-premium">{t('common.premium')}</span>}
          </span>
          <strong className="episode-row-title">{episode.title}</strong>
          <span className="episode-row-text">{episode.description}</span>
          <span className="meta">
            {t('common.minutes', { n: displayMinutes(episode.duration) })} · {formatDate(episode.publishedAt, locale, { dateStyle: 'medium' })}
          </span>
        </span>
        <span className="episode-row-play" aria-hidden="true">▶</span>
      </Link>
    </li>
  );
}

export default function Series() {
  const { t, locale } = useI18n();
  const { id = '' } = useParams();
  const reads = seriesReads(id);
  const series = useApi(reads.series);
  const episodes = useApi(reads.episodes);
  if (series.loading) return <Loading />;
  if (series.error || !series.data) {
    return <NotFoundState title={t('series.notFound')} backTo="/podcasts" backLabel={t('series.backToPodcasts')} error={series.error} />;
  }
  const item = series.data;
  const sorted = sortEpisodes(episodes.data ?? []);
  const [latest] = sorted;
  const count = episodes.data ? episodes.data.length : item.episodeCount;
  return (
    <div className="container media-page series-page">
      <p className="back-link"><Link to="/podcasts"><span aria-hidden="true">← </span>{t('series.backToPodcasts')}</Link></p>
      <header className="media-hero">
        <MediaCover src={item.imageUrl} />
        <div className="media-hero-body">
          <p className="eyebrow">
            <span>{categoryLabel(t, item.category)}</span>
            <span className="badge">{t('series.badge')}</span>
            {item.featured && <span className="badge badge-premium">{t('common.featured')}</span>}
          </p>
          <h1>{item.title}</h1>
          <p className="media-description">{item.description}</p>
          <p className="meta">
            {item.hostName && <><span>{t('podcasts.host', { name: item.hostName })}</span>{' · '}</>}
            <span>{t('series.episodes', { n: count })}</span>
          </p>
          <FollowButton seriesId={item.id} />
        </div>
      </header>

      {episodes.loading ? <Loading /> : episodes.error ? <ErrorNote message={t('home.podcastsFailed')} /> : !latest ? (
        <div className="empty media-empty">
          <h2>{t('series.noEpisodes')}</h2>
        </div>
      ) : (
        <>
          <section className="latest-episode card" aria-labelledby="series-latest">
            <div className="latest-episode-cover">
              <Picture src={latest.imageUrl ?? item.imageUrl} alt="" width={400} height={400} />
            </div>
            <div className="card-body">
              <p className="eyebrow">{t('series.latestEpisode')}</p>
              <h2 id="series-latest" className="card-title">{latest.title}</h2>
              <p className="clamp-3">{latest.description}</p>
              <p className="meta">
                {t('common.episode', { n: latest.episodeNumber })} · {t('common.minutes', { n: displayMinutes(latest.duration) })}
                {' · '}<time dateTime={latest.publishedAt ?? undefined}>{formatDate(latest.publishedAt, locale, { dateStyle: 'medium' })}</time>
              </p>
              <Link to={`/podcast/${latest.id}`} className="button button-accent" aria-label={`${t('series.playLatest')}: ${latest.title}`}>
                <span aria-hidden="true">▶ </span>{t('series.playLatest')}
              </Link>
            </div>
          </section>
          <section className="media-section" aria-labelledby="series-all">
            <div className="section-header"><h2 id="series-all">{t('series.allEpisodes')}</h2></div>
            <ol className="episode-list">
              {sorted.map((episode, index) => <EpisodeRow key={episode.id} episode={episode} latest={index === 0} />)}
            </ol>
          </section>
        </>
      )}
    </div>
  );
}

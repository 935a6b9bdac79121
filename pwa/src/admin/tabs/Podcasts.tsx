import { displayMinutes } from '@redaktion/shared/time';
import { EpisodeForm } from '../catalogue/EpisodeForm';
import { SeriesForm, seriesCategoryLabel } from '../catalogue/SeriesForm';
import { TranscriptPanel } from '../catalogue/TranscriptPanel';
import { useAdminQuery } from '../data';
import { useAdminT } from '../i18n';
import { useMediaSrc } from '../media/SingleFileUpload';
import { useAdminClient } from '../platform';
import { QUERY_KEYS } from '../queries';
import { ResourceList } from '../ui/ResourceList';
import { SiteLink } from '../ui/SiteLink';

/** The Podcasts tab (admin-area.md §2): podcast series and their episodes, each with create, edit and delete. */
export function PodcastsTab() {
  const t = useAdminT();
  const admin = useAdminClient();
  const mediaSrc = useMediaSrc();
  const seriesQuery = useAdminQuery(QUERY_KEYS.series, admin.series.list);
  const podcastsQuery = useAdminQuery(QUERY_KEYS.podcasts, admin.podcasts.list);
  const allSeries = seriesQuery.data ?? [];
  // Interviews have their own tab; this one holds the episodes of series.
  const episodes = podcastsQuery.data?.filter((episode) => episode.kind === 'episode');

  const seriesTitle = (id: number | null) => allSeries.find((item) => item.id === id)?.title;
  // Counted here, every status included: the admin series list does not count (and the public count is published ones only).
  const countOf = (id: number) => {
    const count = podcastsQuery.data?.filter((episode) => episode.seriesId === id).length;
    if (count === undefined) return null;
    return <span>{count === 1 ? t('series.oneEpisode') : t('series.episodeCount', { n: count })}</span>;
  };

  return (
    <>
      <ResourceList id="podcast-series-heading" heading={t('series.heading')} query={seriesQuery} empty={t('series.empty')}
        edit={{
          create: t('series.new'), title: (series) => t(series ? 'series.editTitle' : 'series.createTitle'), wide: true,
          form: (series, close) => <SeriesForm series={series} onDone={close} onCancel={close} />,
          nameOf: (series) => series.title, remove: admin.series.remove,
          deleted: t('series.deleted'), deleteFailed: t('series.deleteFailed'), changes: 'podcast',
        }}
        row={(series) => (
          <>
            {series.imageUrl ? <img className="admin-row-thumb" src={mediaSrc(series.imageUrl)} alt="" /> : <span className="admin-row-thumb" />}
            <div className="admin-row-body">
              <p className="admin-row-title"><SiteLink path={`/podcast-series/${series.id}`}>{series.title}</SiteLink></p>
              <p className="admin-row-meta">
                <span>{seriesCategoryLabel(series.category, t)}</span>
                {series.hostName && <span>{t('series.hostedBy', { name: series.hostName })}</span>}
                {countOf(series.id)}
                <span className="admin-tag">{series.active ? t('common.active') : t('common.inactive')}</span>
                {series.featured && <span className="admin-tag">{t('common.featured')}</span>}
              </p>
            </div>
          </>
        )} />

      <ResourceList id="podcast-episodes-heading" heading={t('episodes.heading')} query={podcastsQuery} data={episodes} empty={t('episodes.empty')}
        edit={{
          create: t('episodes.new'), title: (episode) => t(episode ? 'episodes.editTitle' : 'episodes.createTitle'), wide: true,
          // An existing episode's transcript is kept beside the form, saved by its own calls.
          form: (episode, close) => (
            <>
              <EpisodeForm episode={episode} series={allSeries} onDone={close} onCancel={close} />
              {episode && <TranscriptPanel episode={episode} />}
            </>
          ),
          nameOf: (episode) => episode.title, remove: admin.podcasts.remove,
          deleted: t('episodes.deleted'), deleteFailed: t('episodes.deleteFailed'), changes: 'podcast',
        }}
        row={(episode) => (
          <>
            {episode.imageUrl ? <img className="admin-row-thumb" src={mediaSrc(episode.imageUrl)} alt="" /> : <span className="admin-row-thumb" />}
            <div className="admin-row-body">
              <p className="admin-row-title"><SiteLink path={`/podcast/${episode.id}`}>{episode.title}</SiteLink></p>
              <p className="admin-row-meta">
                <span>{seriesTitle(episode.seriesId) ?? t('episodes.noSeries')}</span>
                <span>{t('episodes.numbered', { n: episode.episodeNumber })}</span>
                <span>{t('episodes.minutes', { n: displayMinutes(episode.duration) })}</span>
                <span className={`admin-status admin-status-${episode.status}`}>{t(`status.${episode.status}`)}</span>
                {episode.featured && <span className="admin-tag">{t('common.featured')}</span>}
                {episode.premium && <span className="admin-tag">{t('common.premium')}</span>}
              </p>
            </div>
          </>
        )} />
    </>
  );
}

import { QueryState } from '../ui/QueryState';
import { useState } from 'react';
import type { Episode, PodcastSeries } from '@redaktion/shared';
import { displayMinutes } from '@redaktion/shared/time';
import { EpisodeForm } from '../catalogue/EpisodeForm';
import { RowActions, useDeletion } from '../catalogue/parts';
import { SeriesForm, seriesCategoryLabel } from '../catalogue/SeriesForm';
import { useAdminQuery } from '../data';
import { useAdminT } from '../i18n';
import { useMediaSrc } from '../media/SingleFileUpload';
import { useAdminClient } from '../platform';
import { QUERY_KEYS, useChanged } from '../queries';
import { Dialog } from '../ui/Dialog';
import { SiteLink } from '../ui/SiteLink';

/** Which dialog is open: a new item (no `item`) or the one being edited. */
type Editing<T> = { item?: T } | null;

/** The Podcasts tab (admin-area.md §2): podcast series and their episodes, each with create, edit and delete. */
export function PodcastsTab() {
  const t = useAdminT();
  const admin = useAdminClient();
  const changed = useChanged();
  const mediaSrc = useMediaSrc();
  const seriesQuery = useAdminQuery(QUERY_KEYS.series, admin.series.list);
  const podcastsQuery = useAdminQuery(QUERY_KEYS.podcasts, admin.podcasts.list);
  const [seriesEditing, setSeriesEditing] = useState<Editing<PodcastSeries>>(null);
  const [episodeEditing, setEpisodeEditing] = useState<Editing<Episode>>(null);
  const allSeries = seriesQuery.data ?? [];
  // Interviews have their own tab; this one holds the episodes of series.
  const episodes = { ...podcastsQuery, data: podcastsQuery.data?.filter((episode) => episode.kind === 'episode') };

  const refresh = () => {
    changed('podcast');
  };
  const seriesDeletion = useDeletion<PodcastSeries>({
    remove: admin.series.remove, titleOf: (item) => item.title, after: refresh,
    success: t('series.deleted'), failure: t('series.deleteFailed'),
  });
  const episodeDeletion = useDeletion<Episode>({
    remove: admin.podcasts.remove, titleOf: (item) => item.title, after: refresh,
    success: t('episodes.deleted'), failure: t('episodes.deleteFailed'),
  });
  const seriesTitle = (id: number | null) => allSeries.find((item) => item.id === id)?.title;
  // Counted here, every status included: the admin series list does not count (and the public count is published ones only).
  const countOf = (id: number) => {
    const count = podcastsQuery.data?.filter((episode) => episode.seriesId === id).length;
    if (count === undefined) return null;
    return <span>{count === 1 ? t('series.oneEpisode') : t('series.episodeCount', { n: count })}</span>;
  };

  return (
    <>
      <section className="admin-section" aria-labelledby="podcast-series-heading">
        <div className="admin-toolbar">
          <h2 id="podcast-series-heading">{t('series.heading')}</h2>
          <button type="button" className="button button-accent" onClick={() => setSeriesEditing({})}>{t('series.new')}</button>
        </div>
        <QueryState query={seriesQuery} empty={t('series.empty')}>
          {(items) => (
            <ul className="admin-list">
              {items.map((series) => (
                <li key={series.id} className="admin-row">
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
                  <RowActions title={series.title} onEdit={() => setSeriesEditing({ item: series })} onDelete={() => seriesDeletion.ask(series)} />
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </section>

      <section className="admin-section" aria-labelledby="podcast-episodes-heading">
        <div className="admin-toolbar">
          <h2 id="podcast-episodes-heading">{t('episodes.heading')}</h2>
          <button type="button" className="button button-accent" onClick={() => setEpisodeEditing({})}>{t('episodes.new')}</button>
        </div>
        <QueryState query={episodes} empty={t('episodes.empty')}>
          {(items) => (
            <ul className="admin-list">
              {items.map((episode) => (
                <li key={episode.id} className="admin-row">
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
                  <RowActions title={episode.title} onEdit={() => setEpisodeEditing({ item: episode })} onDelete={() => episodeDeletion.ask(episode)} />
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </section>

      <Dialog open={seriesEditing !== null} wide title={t(seriesEditing?.item ? 'series.editTitle' : 'series.createTitle')} onClose={() => setSeriesEditing(null)}>
        {seriesEditing && <SeriesForm series={seriesEditing.item} onDone={() => setSeriesEditing(null)} onCancel={() => setSeriesEditing(null)} />}
      </Dialog>
      <Dialog open={episodeEditing !== null} wide title={t(episodeEditing?.item ? 'episodes.editTitle' : 'episodes.createTitle')} onClose={() => setEpisodeEditing(null)}>
        {episodeEditing && (
          <EpisodeForm episode={episodeEditing.item} series={allSeries} onDone={() => setEpisodeEditing(null)} onCancel={() => setEpisodeEditing(null)} />
        )}
      </Dialog>
      {seriesDeletion.dialog}
      {episodeDeletion.dialog}
    </>
  );
}

import { Link } from 'react-router-dom';
import type { Episode } from '@redaktion/shared';
import { apiPaths } from '@redaktion/shared/client';
import { displayMinutes } from '@redaktion/shared/time';
import { Loading, Picture } from '../../components/cards';
import { useApi } from '../../data/api-cache';
import { formatDate, useI18n } from '../../i18n';
import { libraryText } from '../../i18n/library';
import { useDeviceQuery } from '../../offline/live';
import type { Followed } from '../../device/db';

/** How many of a series' new episodes show under it. */
const NEW_SHOWN = 3;

/**
 * A followed series' new episodes: published after the reader began following it and not yet started (nor heard to
 * the end) on any of their devices, newest first.
 */
function newEpisodes(episodes: Episode[], since: number, started: Set<number>): Episode[] {
  return episodes
    .filter((episode) => episode.publishedAt !== null && Date.parse(episode.publishedAt) > since && !started.has(episode.id))
    .sort((a, b) => Date.parse(b.publishedAt!) - Date.parse(a.publishedAt!))
    .slice(0, NEW_SHOWN);
}

/**
 * The series followed on this device (kept in step with the account's library by the sync), the latest followed first,
 * each with its new episodes.
 */
export function LibraryFollowing() {
  const { locale } = useI18n();
  const text = libraryText(locale);
  const followed = useDeviceQuery(async (db) => {
    const [series, positions] = await Promise.all([db.following.toArray(), db.positions.toArray()]);
    const started = new Set(positions.filter((position) => position.time > 0 || position.finished).map((position) => position.id));
    return { series: series.sort((a, b) => b.since - a.since), started };
  }, []);
  if (!followed) return <Loading />;
  if (!followed.series.length) {
    return <p className="empty">{text.followingEmpty} <Link to="/podcasts">{text.findSeries}</Link></p>;
  }
  return (
    <ul className="saved-list">
      {followed.series.map((item) => <FollowedSeries key={item.seriesId} followed={item} started={followed.started} />)}
    </ul>
  );
}

/** One followed series; offline and never seen on this device, it cannot be named and is left out. */
function FollowedSeries({ followed, started }: { followed: Followed; started: Set<number> }) {
  const { t, locale } = useI18n();
  const text = libraryText(locale);
  const series = useApi(apiPaths.series(followed.seriesId)).data;
  const episodes = useApi(apiPaths.seriesEpisodes(followed.seriesId));
  if (!series) return null;
  const fresh = newEpisodes(episodes.data ?? [], followed.since, started);
  return (
    <li className="saved-item library-series">
      <Picture src={series.imageUrl} alt="" width={90} height={90} className="saved-thumb saved-thumb-square" />
      <div className="saved-body">
        <h3 className="saved-title"><Link to={`/podcast-series/${series.id}`}>{series.title}</Link></h3>
        {episodes.loading ? <Loading /> : !fresh.length ? <p className="meta">{text.noNewEpisodes}</p> : (
          <ul className="library-new" aria-label={text.newEpisodes(series.title)}>
            {fresh.map((episode) => (
              <li key={episode.id}>
                <Link to={`/podcast/${episode.id}`}>{episode.title}</Link>
                <span className="meta">
                  {' · '}{t('common.minutes', { n: displayMinutes(episode.duration) })} · {formatDate(episode.publishedAt, locale, { dateStyle: 'medium' })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}

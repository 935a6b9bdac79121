import type { Db } from '../../db/connection.js';
import type { PodcastRow, PodcastSeriesRow } from '../../db/rows.js';
import { published, newestFirst, paginate, type Page } from './published.js';

/**
 * The spec's Interviews filter (admin-area.md §2), with the Swedish words of contract.md §7,
 * kept for episodes made before `kind` existed.
 */
const INTERVIEW_WORDS = ['interview', 'conversation', 'meets', 'talks about', 'speaks with', 'intervju', 'samtal', 'möter', 'pratar med'];

export function createPodcastReads(db: Db) {
  const episodes = () => published(db('podcasts').select('podcasts.*'), 'podcasts');

  return {
    list: async (page: Page & { category?: string }): Promise<PodcastRow[]> => {
      const query = newestFirst(episodes(), 'podcasts');
      if (page.category) query.where('podcasts.category', page.category);
      return paginate(query, page);
    },

    featured: async (page: Page): Promise<PodcastRow[]> =>
      paginate(newestFirst(episodes().where('podcasts.featured', true), 'podcasts'), page, 4),

    interviews: async (page: Page): Promise<PodcastRow[]> =>
      paginate(newestFirst(episodes().where((where) => {
        where.where('podcasts.kind', 'interview').orWhereRaw('lower(podcasts.title) like ?', ['%with %']);
        for (const word of INTERVIEW_WORDS) {
          where.orWhereRaw('lower(podcasts.title) like ?', [`%${word}%`])
            .orWhereRaw('lower(podcasts.description) like ?', [`%${word}%`]);
        }
      }), 'podcasts'), page),

    bySeries: async (seriesId: number, page: Page): Promise<PodcastRow[]> =>
      paginate(episodes().where('podcasts.seriesId', seriesId)
        .orderBy('podcasts.episodeNumber', 'desc').orderBy('podcasts.id', 'desc'), page, 100),

    async byId(id: number, includeUnpublished: boolean): Promise<PodcastRow | undefined> {
      const query = db('podcasts').where('podcasts.id', id);
      return (includeUnpublished ? query : published(query, 'podcasts')).first();
    },
  };
}

/** A series with its number of episodes: a count(*), which PostgreSQL answers as text. */
export type CountedSeriesRow = PodcastSeriesRow & { episodeCount: number | string };

export function createSeriesReads(db: Db) {
  const withCounts = () => {
    const count = published(db('podcasts').count('*'), 'podcasts').whereRaw('podcasts.series_id = podcast_series.id');
    return db('podcast_series').select('podcast_series.*', db.raw('(?) as episode_count', [count]))
      .where('podcast_series.active', true);
  };
  return {
    list: async (page: Page): Promise<CountedSeriesRow[]> =>
      paginate(withCounts().orderBy('podcast_series.featured', 'desc').orderBy('podcast_series.createdAt', 'desc')
        .orderBy('podcast_series.id', 'desc'), page),
    byId: async (id: number): Promise<CountedSeriesRow | undefined> => withCounts().where('podcast_series.id', id).first(),
  };
}

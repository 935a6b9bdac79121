import type { Db } from '../../db/connection.js';
import { published, newestFirst, paginate, type Page } from './published.js';

/**
 * The spec's Interviews filter (admin-area.md §2), with the Swedish words of contract.md §7,
 * kept for episodes made before `kind` existed.
 */
const INTERVIEW_WORDS = ['interview', 'conversation', 'meets', 'talks about', 'speaks with', 'intervju', 'samtal', 'möter', 'pratar med'];

export function createPodcastReads(db: Db) {
  const episodes = () => published(db('podcasts').select('podcasts.*'), 'podcasts');

  return {
    list: (page: Page & { category?: string }) => {
      const query = newestFirst(episodes(), 'podcasts');
      if (page.category) query.where('podcasts.category', page.category);
      return paginate(query, page);
    },

    featured: (page: Page) =>
      paginate(newestFirst(episodes().where('podcasts.featured', true), 'podcasts'), page, 4),

    interviews: (page: Page) =>
      paginate(newestFirst(episodes().where((where) => {
        where.where('podcasts.kind', 'interview').orWhereRaw('lower(podcasts.title) like ?', ['%with %']);
        for (const word of INTERVIEW_WORDS) {
          where.orWhereRaw('lower(podcasts.title) like ?', [`%${word}%`])
            .orWhereRaw('lower(podcasts.description) like ?', [`%${word}%`]);
        }
      }), 'podcasts'), page),

    bySeries: (seriesId: number, page: Page) =>
      paginate(episodes().where('podcasts.seriesId', seriesId)
        .orderBy('podcasts.episodeNumber', 'desc').orderBy('podcasts.id', 'desc'), page, 100),

    byId(id: number, includeUnpublished: boolean) {
      const query = db('podcasts').where('podcasts.id', id);
      return (includeUnpublished ? query : published(query, 'podcasts')).first();
    },
  };
}

export function createSeriesReads(db: Db) {
  const withCounts = () => {
    const count = published(db('podcasts').count('*'), 'podcasts').whereRaw('podcasts.series_id = podcast_series.id');
    return db('podcast_series').select('podcast_series.*', db.raw('(?) as episode_count', [count]))
      .where('podcast_series.active', true);
  };
  return {
    list: (page: Page) =>
      paginate(withCounts().orderBy('podcast_series.featured', 'desc').orderBy('podcast_series.createdAt', 'desc')
        .orderBy('podcast_series.id', 'desc'), page),
    byId: (id: number) => withCounts().where('podcast_series.id', id).first(),
  };
}

import type { Knex } from 'knex';
import type { TranscriptMatch } from '@redaktion/shared';
import type { Db } from '../../db/connection.js';
import { isPostgres } from '../../db/connection.js';
import { toBool } from '../../db/values.js';
import type { PodcastRow, PodcastSeriesRow } from '../../db/rows.js';
import { ftsQuery } from './articles.js';
import { published, newestFirst, paginate, type Page } from './published.js';

/** A found episode, with the first spoken line that matched (none when only its title or description did). */
export type FoundEpisode = PodcastRow & { spoken: TranscriptMatch | null };

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

    /**
     * Episode search (contract §9 [voice]): the words of the title and description, and what is said in the published
     * transcript (Swedish stemming on PostgreSQL, word prefixes in SQLite's FTS5). A premium episode's spoken words are
     * searched only for `entitled` readers: for anyone else it matches on its title and description alone, and no line
     * of it is shown.
     */
    async search(filter: Page & { category?: string; q: string }, entitled: boolean): Promise<FoundEpisode[]> {
      const pg = isPostgres(db);
      const match = pg ? filter.q : ftsQuery(filter.q);
      if (!match) return [];
      const spokenLines = () => (pg
        ? db('transcriptLines').whereRaw("transcript_lines.search_vector @@ websearch_to_tsquery('swedish', ?)", [match])
        : db('transcriptLines').whereRaw('transcript_lines.id IN (SELECT rowid FROM transcript_lines_fts WHERE transcript_lines_fts MATCH ?)', [match]));
      const hearable = (query: Knex.QueryBuilder) => (entitled ? query : query.where('podcasts.premium', false));

      const query = newestFirst(episodes(), 'podcasts').where((where) => {
        if (pg) where.whereRaw("podcasts.search_vector @@ websearch_to_tsquery('swedish', ?)", [match]);
        else where.whereRaw('podcasts.id IN (SELECT rowid FROM podcasts_fts WHERE podcasts_fts MATCH ?)', [match]);
        where.orWhere((spoken) => hearable(spoken).whereExists(spokenLines().select(db.raw('1')).whereRaw('transcript_lines.podcast_id = podcasts.id')));
      });
      if (filter.category) query.where('podcasts.category', filter.category);
      const rows: PodcastRow[] = await paginate(query, filter);

      // Each found episode's earliest matching line, of those whose words the reader may have.
      const heard = rows.filter((row) => row.transcriptPublishedAt && (entitled || !toBool(row.premium))).map((row) => row.id);
      const earliest = spokenLines().whereIn('transcriptLines.podcastId', heard)
        .select('podcastId', 'startSeconds', 'endSeconds', 'text', db.raw('row_number() over (partition by podcast_id order by start_seconds) as n'));
      const lines: { podcastId: number; startSeconds: number; endSeconds: number; text: string }[] = heard.length
        ? await db.select('podcastId', 'startSeconds', 'endSeconds', 'text').from(earliest.as('matching')).where('n', 1)
        : [];
      const first = new Map(lines.map((line) => [line.podcastId, { start: line.startSeconds, end: line.endSeconds, text: line.text }]));
      return rows.map((row) => ({ ...row, spoken: first.get(row.id) ?? null }));
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

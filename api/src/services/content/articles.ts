import type { Db } from '../../db/connection.js';
import { isPostgres } from '../../db/connection.js';
import type { ArticleRow } from '../../db/rows.js';
import { published, newestFirst, paginate, type Page } from './published.js';

/** Every column but the body: lists never carry `content`, which can be long and may be premium. */
const LIST_COLUMNS = [
  'id', 'title', 'excerpt', 'category', 'imageUrl', 'imageAlt', 'imageCredit', 'author', 'authorImage', 'authorTitle',
  'readTime', 'publishedAt', 'featured', 'categoryFeatured', 'premium', 'status', 'kind', 'liveStatus', 'coverageStartTime', 'coverageEndTime',
  'audioFile', 'createdAt', 'updatedAt',
] as const satisfies readonly (keyof ArticleRow)[];
const LIST_SELECT = LIST_COLUMNS.map((column) => `articles.${column}`);

/** An article as lists carry it. */
export type ArticleListRow = Pick<ArticleRow, (typeof LIST_COLUMNS)[number]>;

/** Words of a search as FTS5 prefix terms; anything that is not a letter or digit is dropped. Episode search uses it too. */
export function ftsQuery(q: string): string | null {
  const terms = q.toLowerCase().match(/[\p{L}\p{N}]+/gu);
  return terms && terms.length > 0 ? terms.slice(0, 12).map((term) => `"${term}"*`).join(' ') : null;
}

export function createArticleReads(db: Db) {
  return {
    /**
     * `entitled` says whether the reader may read premium bodies: for anyone else a premium article matches on its
     * title and excerpt only, and ranks by them, so a search tells nothing about what a locked article says.
     */
    async list(filter: Page & { category?: string; q?: string; author?: string }, entitled: boolean): Promise<ArticleListRow[]> {
      const query = published(db('articles').select(LIST_SELECT), 'articles');
      if (filter.category) query.where('articles.category', filter.category);
      if (filter.author) query.whereRaw('lower(articles.author) = ?', [filter.author.toLowerCase()]);
      const q = filter.q?.trim();
      if (q) {
        if (isPostgres(db)) {
          const vector = entitled ? 'articles.search_vector'
            : 'CASE WHEN articles.premium THEN articles.search_vector_open ELSE articles.search_vector END';
          query.whereRaw(`${vector} @@ websearch_to_tsquery('swedish', ?)`, [q])
            .orderByRaw(`ts_rank(${vector}, websearch_to_tsquery('swedish', ?)) desc`, [q]);
        } else {
          const match = ftsQuery(q);
          if (!match) return [];
          query.join('articles_fts', 'articles_fts.rowid', 'articles.id').whereRaw('articles_fts MATCH ?', [match]);
          if (entitled) query.orderByRaw('articles_fts.rank');
          else {
            // FTS5's column filter: the body column is left out for premium articles, and out of the ranking.
            query.where((where) => where.where('articles.premium', false)
              .orWhereRaw('articles.id IN (SELECT rowid FROM articles_fts WHERE articles_fts MATCH ?)', [`{title excerpt} : (${match})`]))
              .orderByRaw('bm25(articles_fts, 1, 1, 0)');
          }
        }
      }
      return paginate(newestFirst(query, 'articles'), filter);
    },

    /** Today's lead first (the featured article), then the newest. */
    featured: async (page: Page): Promise<ArticleListRow[]> =>
      paginate(newestFirst(published(db('articles').select(LIST_SELECT), 'articles').orderBy('articles.featured', 'desc'), 'articles'), page, 5),

    /** A published article; admins may also open drafts to preview them. */
    async byId(id: number, includeUnpublished: boolean): Promise<ArticleRow | undefined> {
      const query = db('articles').where('articles.id', id);
      return (includeUnpublished ? query : published(query, 'articles')).first();
    },

    /** Related stories are real: the newest others of the same category (contract.md §3). */
    related: async (id: number, category: string, limit = 3): Promise<ArticleListRow[]> =>
      newestFirst(published(db('articles').select(LIST_SELECT), 'articles'), 'articles')
        .where('articles.category', category).whereNot('articles.id', id).limit(limit),
  };
}

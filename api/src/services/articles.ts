import type { Db } from '../db/connection.js';
import { isPostgres } from '../db/connection.js';
import { published, newestFirst, paginate, type Page } from './published.js';

/** Every column but the body: lists never carry `content`, which can be long and may be premium. */
const LIST_COLUMNS = [
  'id', 'title', 'excerpt', 'category', 'imageUrl', 'imageAlt', 'imageCredit', 'author', 'authorImage', 'authorTitle',
  'readTime', 'publishedAt', 'featured', 'categoryFeatured', 'premium', 'status', 'createdAt', 'updatedAt',
].map((column) => `articles.${column}`);

/** Words of a search as FTS5 prefix terms; anything that is not a letter or digit is dropped. */
function ftsQuery(q: string): string | null {
  const terms = q.toLowerCase().match(/[\p{L}\p{N}]+/gu);
  return terms && terms.length > 0 ? terms.slice(0, 12).map((term) => `"${term}"*`).join(' ') : null;
}

export function createArticleReads(db: Db) {
  return {
    async list(filter: Page & { category?: string; q?: string; author?: string }) {
      const query = published(db('articles').select(LIST_COLUMNS), 'articles');
      if (filter.category) query.where('articles.category', filter.category);
      if (filter.author) query.whereRaw('lower(articles.author) = ?', [filter.author.toLowerCase()]);
      const q = filter.q?.trim();
      if (q) {
        if (isPostgres(db)) {
          query.whereRaw(`articles.search_vector @@ websearch_to_tsquery('swedish', ?)`, [q])
            .orderByRaw(`ts_rank(articles.search_vector, websearch_to_tsquery('swedish', ?)) desc`, [q]);
        } else {
          const match = ftsQuery(q);
          if (!match) return [];
          query.join('articles_fts', 'articles_fts.rowid', 'articles.id')
            .whereRaw('articles_fts MATCH ?', [match])
            .orderByRaw('articles_fts.rank');
        }
      }
      return paginate(newestFirst(query, 'articles'), filter);
    },

    /** Today's lead first (the featured article), then the newest. */
    featured: (page: Page) =>
      paginate(newestFirst(published(db('articles').select(LIST_COLUMNS), 'articles').orderBy('articles.featured', 'desc'), 'articles'), page, 5),

    /** A published article; admins may also open drafts to preview them. */
    byId(id: number, includeUnpublished: boolean) {
      const query = db('articles').where('articles.id', id);
      return (includeUnpublished ? query : published(query, 'articles')).first();
    },

    /** Related stories are real: the newest others of the same category (contract.md §3). */
    related: (id: number, category: string, limit = 3) =>
      newestFirst(published(db('articles').select(LIST_COLUMNS), 'articles'), 'articles')
        .where('articles.category', category).whereNot('articles.id', id).limit(limit),
  };
}

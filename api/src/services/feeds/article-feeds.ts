import { rasterImagePath } from '@redaktion/shared';
import { bodyToHtml, type Block } from '@redaktion/shared/content';
import { Feed } from 'feed';
import type { Db } from '../../db/connection.js';
import type { ArticleCorrectionRow, ArticleRow, CategoryRow } from '../../db/rows.js';
import { toBool, toIso } from '../../db/values.js';
import { bodyOf } from '../content/article-body.js';
import { newestFirst, published } from '../content/published.js';

export const ARTICLE_FEED_SIZE = 50;

const FEED_COLUMNS = [
  'id', 'title', 'excerpt', 'body', 'category', 'imageUrl', 'author', 'authorId', 'premium', 'publishedAt', 'updatedAt',
] as const satisfies readonly (keyof ArticleRow)[];
export type ArticleFeedFormat = 'rss' | 'atom' | 'json';


/** An article's corrections after its body, as the page shows them (contract §9): a box of dated notes. */
function correctionsBox(corrections: ArticleCorrectionRow[] | undefined): Block[] {
  if (!corrections?.length) return [];
  const when = (at: ArticleCorrectionRow['createdAt']) =>
    new Date(toIso(at)!).toLocaleString('sv-SE', { timeZone: 'Europe/Stockholm', dateStyle: 'long', timeStyle: 'short' });
  return [{
    type: 'factbox',
    title: [{ type: 'text', value: 'Rättelser' }],
    children: corrections.map((c) => ({ type: 'paragraph', children: [{ type: 'text', value: `${when(c.createdAt)}: ${c.text}` }] })),
  }];
}

/**
 * The newest published articles as RSS 2.0, Atom 1.0 and JSON Feed 1.1, through the `feed` library.
 * A premium article travels with its excerpt only: its body is never in a feed.
 */
export function createArticleFeeds(db: Db) {
  return {
    /** The feed, or null for a category that does not exist. */
    async render(format: ArticleFeedFormat, origin: string, categorySlug: string | undefined): Promise<string | null> {
      const category: Pick<CategoryRow, 'name' | 'slug'> | undefined = categorySlug
        ? await db('categories').where({ slug: categorySlug, active: true }).first('name', 'slug') : undefined;
      if (categorySlug && !category) return null;
      const query = newestFirst(published(db('articles').select(FEED_COLUMNS), 'articles'), 'articles').limit(ARTICLE_FEED_SIZE);
      if (category) query.where('articles.category', category.slug);
      const rows: Pick<ArticleRow, (typeof FEED_COLUMNS)[number]>[] = await query;
      const corrections = new Map<number, ArticleCorrectionRow[]>();
      const listed: ArticleCorrectionRow[] = rows.length ? await db('article_corrections').whereIn('articleId', rows.map((row) => row.id)).orderBy('id') : [];
      for (const correction of listed) corrections.set(correction.articleId, [...(corrections.get(correction.articleId) ?? []), correction]);

      const suffix = category ? `?category=${encodeURIComponent(category.slug)}` : '';
      const feed = new Feed({
        title: category ? `Redaktion – ${category.name}` : 'Redaktion',
        description: 'Nyheter, opinion, poddar och människor från Redaktion.',
        id: `${origin}/`,
        link: category ? `${origin}/news${suffix}` : `${origin}/`,
        language: 'sv',
        image: `${origin}/icons/icon-512.png`,
        favicon: `${origin}/favicon.svg`,
        copyright: `© ${new Date().getUTCFullYear()} Redaktion`,
        generator: 'Redaktion',
        updated: new Date(toIso(rows[0]?.publishedAt) ?? Date.now()),
        feedLinks: { rss: `${origin}/rss.xml${suffix}`, atom: `${origin}/atom.xml${suffix}`, json: `${origin}/feed.json${suffix}` },
        author: { name: 'Redaktion', link: `${origin}/` },
      });
      for (const row of rows) {
        const link = `${origin}/article/${row.id}`;
        const image = rasterImagePath('og', row.imageUrl) ?? row.imageUrl;
        feed.addItem({
          title: row.title,
          id: link,
          link,
          description: row.excerpt,
          content: toBool(row.premium) ? undefined : bodyToHtml([...bodyOf(row), ...correctionsBox(corrections.get(row.id))], { origin }),
          author: [{ name: row.author, ...(row.authorId ? { link: `${origin}/journalists/${row.authorId}` } : {}) }],
          date: new Date(toIso(row.updatedAt) ?? Date.now()),
          published: new Date(toIso(row.publishedAt) ?? Date.now()),
          image: image ? new URL(image, origin).toString() : undefined,
          category: [{ name: row.category }],
        });
      }
      if (format === 'rss') return feed.rss2();
      if (format === 'atom') return feed.atom1();
      return jsonFeed11(feed.json1());
    },
  };
}

/** The library writes JSON Feed 1; version 1.1 names `authors` (a list) and the language. */
function jsonFeed11(json: string): string {
  const document = JSON.parse(json) as Record<string, unknown> & { items: Record<string, unknown>[] };
  const upgrade = (node: Record<string, unknown>) => {
    if (node.author) node.authors = [node.author];
    delete node.author;
  };
  upgrade(document);
  document.items.forEach(upgrade);
  return JSON.stringify({ version: 'https://jsonfeed.org/version/1.1', ...Object.fromEntries(Object.entries(document).filter(([key]) => key !== 'version')), language: 'sv' });
}

export type ArticleFeeds = ReturnType<typeof createArticleFeeds>;

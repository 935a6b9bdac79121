import type { Article } from '@redaktion/shared';
import { apiPaths } from '@redaktion/shared/client';
import { chunk } from '../components/chunk';
import type { LiveCoverageProps } from './live/LiveCoverage';
import type { ArticleAccessProps } from './paywall/ArticleAccess';
import { liveReads } from './live/live.data';

/**
 * An article page's reads: the article (its subject; with a gift link's token, as the gift opens it), the related
 * ones, the byline's journalist and the inline ads.
 */
export const articleReads = (id: string, gift?: string | null) => ({
  article: apiPaths.article(id, gift),
  related: apiPaths.relatedArticles(id),
  author: apiPaths.articleAuthor(id),
  ads: apiPaths.advertisements(),
});

/** A live article's coverage: a chunk only live articles load, so an ordinary article's page carries none of it. */
export const LiveCoverage = chunk<LiveCoverageProps>('pages/live/LiveCoverage', () => import('./live/LiveCoverage'));

/** A premium article's access (the meter, the walls, gifts): a chunk only premium articles load. */
export const ArticleAccess = chunk<ArticleAccessProps>('pages/paywall/ArticleAccess', () => import('./paywall/ArticleAccess'));

/**
 * The parts an article's page needs besides its own: the coverage of a live article, with its entries; a premium
 * article's access, with the public configuration (whether the meter is on, the gift allowance).
 */
export const articleParts = (id: string, article: Article | undefined) => [
  ...(article?.kind === 'live' ? [{ chunk: LiveCoverage, reads: [liveReads(id).entries] }] : []),
  ...(article?.premium ? [{ chunk: ArticleAccess, reads: [apiPaths.config] }] : []),
];

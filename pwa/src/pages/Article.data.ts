import type { Article } from '@redaktion/shared';
import { apiPaths } from '@redaktion/shared/client';
import { chunk } from '../components/chunk';
import type { LiveCoverageProps } from './live/LiveCoverage';
import { liveReads } from './live/live.data';

/** An article page's reads: the article (its subject), the related ones, the byline's journalist and the inline ads. */
export const articleReads = (id: string) => ({
  article: apiPaths.article(id),
  related: apiPaths.relatedArticles(id),
  author: apiPaths.articleAuthor(id),
  ads: apiPaths.advertisements(),
});

/** A live article's coverage: a chunk only live articles load, so an ordinary article's page carries none of it. */
export const LiveCoverage = chunk<LiveCoverageProps>('pages/live/LiveCoverage', () => import('./live/LiveCoverage'));

/** The parts an article's page needs besides its own: the coverage of a live article, with its entries. */
export const articleParts = (id: string, article: Article | undefined) =>
  (article?.kind === 'live' ? [{ chunk: LiveCoverage, reads: [liveReads(id).entries] }] : []);

import { apiPaths } from '@redaktion/shared/client';

/** An article page's reads: the article (its subject), the related ones, the byline's journalist and the inline ads. */
export const articleReads = (id: string) => ({
  article: apiPaths.article(id),
  related: apiPaths.relatedArticles(id),
  author: apiPaths.articleAuthor(id),
  ads: apiPaths.advertisements(),
});

import { apiPaths } from '@redaktion/shared/client';

/** A preview link's page reads one thing: the article its token shows (contract §9). */
export const previewReads = (token: string) => ({
  article: apiPaths.articlePreview(token),
});

import { apiPaths } from '@redaktion/shared/client';

/** The journalist (the page's subject); their articles are read by name once the journalist is known. */
export const journalistReads = (id: string) => ({ journalist: apiPaths.journalist(id) });
export const journalistArticles = (name: string) => apiPaths.articles({ author: name, limit: 20 });

import { apiPaths } from '@redaktion/shared/client';

/** A series (the page's subject) and its episodes. */
export const seriesReads = (id: string) => ({ series: apiPaths.series(id), episodes: apiPaths.seriesEpisodes(id) });

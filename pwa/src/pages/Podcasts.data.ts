import { apiPaths } from '@redaktion/shared/client';

export const podcastsReads = () => ({ series: apiPaths.seriesList, episodes: apiPaths.podcasts({ limit: 12 }) });

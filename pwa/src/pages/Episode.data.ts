import { apiPaths } from '@redaktion/shared/client';

export const episodeReads = (id: string) => ({ episode: apiPaths.podcast(id) });

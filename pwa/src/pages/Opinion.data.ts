import { apiPaths } from '@redaktion/shared/client';

export const opinionReads = () => ({ opinion: apiPaths.articles({ category: 'opinion', limit: 30 }) });

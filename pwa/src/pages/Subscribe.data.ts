import { apiPaths } from '@redaktion/shared/client';

export const subscribeReads = () => ({ config: apiPaths.config });

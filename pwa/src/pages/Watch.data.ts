import { apiPaths } from '@redaktion/shared/client';

/** An uploaded video by its slug (the page's subject) and the config that says whether YouTube plays. */
export const watchReads = (slug: string) => ({ custom: apiPaths.customVideo(slug), config: apiPaths.config });

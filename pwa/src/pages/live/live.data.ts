import { apiPaths } from '@redaktion/shared/client';

/** How many entries a live article's page carries from the server (what search engines read: the newest 50). */
export const LIVE_PAGE_ENTRIES = 50;
/** A live article's own read besides the article page's: its newest entries. */
export const liveReads = (id: number | string) => ({ entries: apiPaths.liveEntries(id, { limit: LIVE_PAGE_ENTRIES }) });

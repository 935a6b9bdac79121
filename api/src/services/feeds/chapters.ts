import type { Chapter } from '@redaktion/shared';
import type { PodcastRow } from '../../db/rows.js';
import { fromJson } from '../../db/values.js';

/** Podcasting 2.0 JSON chapters (github.com/Podcastindex-org/podcast-namespace, chapters/jsonChapters.md). */
export const CHAPTERS_TYPE = 'application/json+chapters';
const CHAPTERS_VERSION = '1.2.0';

export const chaptersPath = (episodeId: number) => `/feeds/chapters/${episodeId}.json`;

/** An episode's chapters as stored; none for an episode that has none. */
export const chaptersOf = (row: Pick<PodcastRow, 'chapters'>): Chapter[] => fromJson<Chapter[]>(row.chapters, []);

/**
 * The chapters document podcast apps read. Links and images are stored as the site's paths where they are the site's
 * own: an app outside the site needs them whole.
 */
export function chaptersDocument(row: PodcastRow, podcastName: string | null, origin: string) {
  const absolute = (value: string) => new URL(value, origin).toString();
  return {
    version: CHAPTERS_VERSION,
    title: row.title,
    ...(podcastName ? { podcastName } : {}),
    chapters: chaptersOf(row).map(({ startTime, title, url, img }) => ({
      startTime, title, ...(img ? { img: absolute(img) } : {}), ...(url ? { url: url.startsWith('/') ? absolute(url) : url } : {}),
    })),
  };
}

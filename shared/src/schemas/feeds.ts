import { z } from 'zod';

/** One series' private feed for a subscriber (contract.md §8 [reach]): the URL carries the subscriber's own token. */
export const podcastFeedSchema = z.object({
  seriesId: z.number().int(),
  title: z.string(),
  url: z.string().describe('Absolute; its token is the subscriber\'s own and changes with POST /api/podcast-feeds/rotate'),
}).meta({ id: 'PodcastFeed' });

/** A private feed fetched from many networks on one day: likely passed around (admin Users tab). */
export const sharedFeedSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  email: z.string(),
  day: z.string().describe('UTC day, YYYY-MM-DD'),
  networks: z.number().int().describe('Distinct client networks (IPv4 /24, IPv6 /48) that downloaded audio with the token'),
  downloads: z.number().int(),
  revoked: z.boolean().describe('The token has since been rotated'),
}).meta({ id: 'SharedFeed' });

export type PodcastFeed = z.infer<typeof podcastFeedSchema>;
export type SharedFeed = z.infer<typeof sharedFeedSchema>;

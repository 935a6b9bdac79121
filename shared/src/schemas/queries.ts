import { z } from 'zod';
import { AD_PLACEMENTS } from '../constants.js';
import { paginationQuery } from './fields.js';

/** Query strings of the public lists (contract.md §2). */

export const articleListQuery = paginationQuery.extend({
  category: z.string().trim().toLowerCase().max(50).optional(),
  q: z.string().trim().max(200, { error: 'Search is too long' }).optional(),
  author: z.string().trim().max(200).optional().describe("Only this author's articles (the name as bylined)"),
}).meta({ id: 'ArticleListQuery' });

export const listQuery = paginationQuery.meta({ id: 'ListQuery' });

export const episodeListQuery = paginationQuery.extend({
  category: z.string().trim().toLowerCase().max(50).optional(),
  q: z.string().trim().max(200, { error: 'Search is too long' }).optional()
    .describe("Words of the title, the description or what is said (a published transcript; a premium episode's only for entitled readers)"),
}).meta({ id: 'EpisodeListQuery' });

export const advertisementListQuery = paginationQuery.extend({
  placement: z.enum(AD_PLACEMENTS, { error: `placement must be one of ${AD_PLACEMENTS.join(', ')}` }).optional(),
}).meta({ id: 'AdvertisementListQuery' });

export type ArticleListQuery = z.infer<typeof articleListQuery>;

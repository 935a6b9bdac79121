import { z } from 'zod';
import { isoDate } from './fields.js';

/**
 * The metered paywall and gift links (contract §9 [revenue]): what a reader who is not entitled may still read.
 * Every month is a calendar month of Stockholm time.
 */

/** A metered reader's free premium articles this month, on each premium article answered for them. */
export const meterSchema = z.object({
  limit: z.int().describe('Free premium articles a month (METER_FREE_ARTICLES)'),
  used: z.int().describe('Distinct premium articles read this month'),
  remaining: z.int(),
}).meta({ id: 'Meter' });

/**
 * A gift link's token in an article's address. `gift` names no other parameter of the article's read: the answer
 * stays the article's.
 */
export const articleReadQuery = z.object({
  gift: z.string().max(100).optional().describe('A gift link\'s token: the whole premium article for anyone, for 14 days'),
});

export const giftCreatedSchema = z.object({
  id: z.int(),
  url: z.string().describe('/article/{id}?gift={token}, absolute; the token is shown only here'),
  expiresAt: isoDate,
  remainingThisMonth: z.int().describe('Gift links the reader may still make this month (GIFT_LINKS_PER_MONTH)'),
}).meta({ id: 'GiftCreated' });

export const giftLinkSchema = z.object({
  id: z.int(),
  articleId: z.int(),
  articleTitle: z.string(),
  opens: z.int().describe('Answers that carried the body, the same browser counted once a day'),
  createdAt: isoDate,
  expiresAt: isoDate,
  revoked: z.boolean(),
}).meta({ id: 'GiftLink' });

export type Meter = z.infer<typeof meterSchema>;
export type GiftCreated = z.infer<typeof giftCreatedSchema>;
export type GiftLink = z.infer<typeof giftLinkSchema>;

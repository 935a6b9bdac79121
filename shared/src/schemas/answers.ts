import { z } from 'zod';
import { generatedArticleSchema, stockPhotoSchema } from './admin.js';
import { imageVariantsSchema } from './uploads.js';

/**
 * Answers whose shape belongs to one call (the entities' own are in entities.ts). The API produces each answer
 * through its schema and the clients' types are inferred from the same schemas, so the two cannot drift.
 */

export const messageSchema = z.object({ message: z.string() }).meta({ id: 'Message' });

const weekCounts = { thisWeek: z.number(), lastWeek: z.number() };
const contentCounts = z.object({ total: z.number(), published: z.number(), ...weekCounts });

/** The overview cards (admin-area.md §7): totals, with this week against last week. */
export const adminStatsSchema = z.object({
  articles: contentCounts,
  podcasts: contentCounts,
  advertisements: z.object({ active: z.number() }),
  approvals: z.object({ pending: z.number() }),
  users: z.object({ total: z.number(), ...weekCounts }),
  revenue: z.object({
    meteredReads: z.object(weekCounts).describe('Premium articles opened by the meter'),
    giftOpens: z.object(weekCounts).describe('Gift links opened (a browser once a day)'),
    conversions: z.object(weekCounts).describe('Subscriptions and passes started this week that were paid for'),
  }),
}).meta({ id: 'AdminStats' });

/** The AI generator's draft, with the read time of its words. */
export const aiDraftSchema = generatedArticleSchema.extend({ readTime: z.number() }).meta({ id: 'AiDraft' });
export const generatedImageSchema = z.object({ url: z.string(), variants: imageVariantsSchema }).meta({ id: 'GeneratedImage' });
export const topicSuggestionsSchema = z.object({ topics: z.array(z.string()) }).meta({ id: 'TopicSuggestions' });

export const stockPhotosSchema = z.object({ photos: z.array(stockPhotoSchema) }).meta({ id: 'StockPhotos' });
export const savedStockPhotoSchema = z.object({
  localUrl: z.string(), credit: z.string(), alt: z.string(), variants: imageVariantsSchema,
}).meta({ id: 'SavedStockPhoto' });

export const channelVideoSchema = z.object({
  id: z.string(), videoId: z.string(), title: z.string(), description: z.string(), thumbnail: z.string(),
  duration: z.string().nullable(), isLive: z.boolean(), publishedAt: z.string(), viewCount: z.number().nullable(),
}).meta({ id: 'ChannelVideo' });
export const channelVideosSchema = z.object({ videos: z.array(channelVideoSchema) }).meta({ id: 'ChannelVideos' });

export const subscriptionStartedSchema = z.object({
  clientSecret: z.string(), subscriptionId: z.string(),
  intent: z.enum(['payment', 'setup']).describe("'setup' for a trial: the Payment Element saves the method for the first charge (confirmSetup)"),
}).meta({ id: 'SubscriptionStarted' });
export const paymentStatusSchema = z.object({
  paymentStatus: z.string(), subscriptionStatus: z.string().nullable(), subscriptionPlan: z.string().nullable(),
}).meta({ id: 'PaymentStatus' });
export const billingPortalSchema = z.object({ url: z.string() }).meta({ id: 'BillingPortal' });
export const webhookReceivedSchema = z.object({ received: z.boolean(), duplicate: z.boolean().optional() }).meta({ id: 'WebhookReceived' });

/** The topics a browser's push subscription now follows. */
export const pushSubscribedSchema = z.object({ topics: z.array(z.string()) }).meta({ id: 'PushSubscribed' });
export const alertQueuedSchema = z.object({ subscribers: z.number().int() }).meta({ id: 'AlertQueued' });

export type Message = z.infer<typeof messageSchema>;
export type AdminStats = z.infer<typeof adminStatsSchema>;
export type AiDraft = z.infer<typeof aiDraftSchema>;
export type GeneratedImage = z.infer<typeof generatedImageSchema>;
export type TopicSuggestions = z.infer<typeof topicSuggestionsSchema>;
export type StockPhotos = z.infer<typeof stockPhotosSchema>;
export type SavedStockPhoto = z.infer<typeof savedStockPhotoSchema>;
export type ChannelVideo = z.infer<typeof channelVideoSchema>;
export type ChannelVideos = z.infer<typeof channelVideosSchema>;
export type SubscriptionStarted = z.infer<typeof subscriptionStartedSchema>;
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;
export type BillingPortal = z.infer<typeof billingPortalSchema>;
export type PushSubscribed = z.infer<typeof pushSubscribedSchema>;
export type AlertQueued = z.infer<typeof alertQueuedSchema>;

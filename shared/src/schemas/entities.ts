import { z } from 'zod';
import { chapterSchema, transcriptLinkSchema, transcriptMatchSchema } from './voice.js';
import {
  AD_PLACEMENTS, ARTICLE_CATEGORIES, CONTENT_STATUSES, EPISODE_KINDS, JOURNALIST_STATUSES, LOCALES,
  SERIES_CATEGORIES, SUBSCRIPTION_PLANS, USER_ROLES,
} from '../constants.js';
import { isoDate } from './fields.js';
import { meterSchema } from './paywall.js';
import { articleBodySchema } from '../content/tree.js';
import { ARTICLE_KINDS, LIVE_STATUSES } from './live.js';

/** The shapes the API answers with: the OpenAPI document and the clients' types come from these. */

const nullableText = z.string().nullable();

export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  firstName: nullableText,
  lastName: nullableText,
  profileImageUrl: nullableText,
  bio: nullableText,
  location: nullableText,
  website: nullableText,
  locale: z.enum(LOCALES),
  role: z.enum(USER_ROLES),
  active: z.boolean(),
  subscriptionPlan: z.enum(SUBSCRIPTION_PLANS).nullable(),
  subscriptionStatus: nullableText,
  accessUntil: isoDate.nullable().describe('The end of a pass (Swish or card, no renewal); entitled while it lies ahead'),
  hasPassword: z.boolean().describe('False for an account that signs in by e-mailed code only: it confirms with a fresh code where others give the password'),
  emailVerifiedAt: isoDate.nullable().describe('When the address was last proven (a code sign-in, a reset by the e-mailed link)'),
  createdAt: isoDate,
}).meta({ id: 'User' });

/** A correction published with an article (contract §9), shown after its body with its date. */
export const correctionSchema = z.object({ id: z.number().int(), text: z.string(), createdAt: isoDate }).meta({ id: 'Correction' });
export type Correction = z.infer<typeof correctionSchema>;

export const articleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  excerpt: z.string(),
  content: z.string().optional().describe('Markdown (contract §9). Left out of lists and for readers without access to a premium article'),
  body: articleBodySchema.optional().describe('The content parsed, as every reader-facing output renders it; present whenever content is'),
  locked: z.boolean().describe('True when a premium article\'s content was withheld'),
  meter: meterSchema.optional().describe('On a premium article answered for a signed-in reader who is not entitled, while metering is on'),
  gift: z.enum(['open', 'expired']).optional().describe('With ?gift=: open when the gift link opened the article; expired when it was revoked, expired or used up (answered as without it)'),
  corrections: z.array(correctionSchema).optional().describe('On one article (not in lists): its published corrections, oldest first'),
  category: z.enum(ARTICLE_CATEGORIES).or(z.string()),
  imageUrl: nullableText,
  imageAlt: nullableText,
  imageCredit: nullableText,
  author: z.string(),
  authorImage: nullableText,
  authorTitle: nullableText,
  readTime: z.number().int(),
  publishedAt: isoDate.nullable(),
  featured: z.boolean(),
  categoryFeatured: z.boolean(),
  premium: z.boolean(),
  status: z.enum(CONTENT_STATUSES),
  kind: z.enum(ARTICLE_KINDS).describe('live: coverage fed entry by entry (contract §9 [live])'),
  liveStatus: z.enum(LIVE_STATUSES).nullable().describe('A live article\'s coverage: live, or ended (frozen, still readable); null for an article'),
  coverageStartTime: isoDate.nullable().describe('When a live article\'s coverage began (its publication as live)'),
  coverageEndTime: isoDate.nullable().describe('When a live article\'s coverage ended'),
  audioUrl: z.string().nullable().describe('Its read-aloud (contract §9 [voice]), /api/articles/{id}/audio: synthetic speech an editor published; '
    + 'null when there is none, since its words changed, or for a reader a premium article is not open to by subscription'),
  createdAt: isoDate,
  updatedAt: isoDate,
}).meta({ id: 'Article' });

export const episodeSchema = z.object({
  id: z.number().int(),
  seriesId: z.number().int().nullable(),
  kind: z.enum(EPISODE_KINDS),
  title: z.string(),
  description: z.string(),
  category: nullableText,
  imageUrl: nullableText,
  audioUrl: z.string().nullable().describe('Always /api/podcasts/{id}/audio; null when there is no audio or a premium episode is locked'),
  locked: z.boolean(),
  duration: z.number().int().describe('Whole seconds'),
  chapters: z.array(chapterSchema).describe('Sorted by startTime (contract §9 [voice]); [] when it has none'),
  transcript: transcriptLinkSchema.nullable()
    .describe('The published transcript (WebVTT), in every answer: null when there is none or the episode is locked'),
  transcriptMatch: transcriptMatchSchema.optional().describe('A search (q) only: the first spoken line that matched'),
  episodeNumber: z.number().int(),
  publishedAt: isoDate.nullable(),
  featured: z.boolean(),
  premium: z.boolean(),
  status: z.enum(CONTENT_STATUSES),
  createdAt: isoDate,
  updatedAt: isoDate,
}).meta({ id: 'Episode' });

export const seriesSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  category: z.enum(SERIES_CATEGORIES).or(z.string()),
  imageUrl: nullableText,
  hostName: nullableText,
  featured: z.boolean(),
  active: z.boolean(),
  episodeCount: z.number().int(),
  createdAt: isoDate,
  updatedAt: isoDate,
}).meta({ id: 'PodcastSeries' });

export const socialLinksSchema = z.object({
  twitter: z.string().optional(),
  instagram: z.string().optional(),
  linkedin: z.string().optional(),
});

export const personSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  excerpt: z.string(),
  bio: z.string(),
  category: z.string(),
  profileImage: nullableText,
  location: nullableText,
  birthDate: nullableText,
  achievements: z.array(z.string()),
  photoGallery: z.array(z.string()),
  socialLinks: socialLinksSchema,
  author: nullableText,
  readTime: z.number().int(),
  featured: z.boolean(),
  status: z.enum(CONTENT_STATUSES),
  publishedAt: isoDate.nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
}).meta({ id: 'PersonProfile' });

export const advertisementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  imageUrl: nullableText,
  linkUrl: nullableText,
  clickUrl: nullableText.describe('Counts the click, then redirects to linkUrl'),
  placement: z.enum(AD_PLACEMENTS),
  partnerName: nullableText,
  active: z.boolean(),
  startDate: isoDate.nullable(),
  endDate: isoDate.nullable(),
}).meta({ id: 'Advertisement' });

export const customVideoSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  videoUrl: z.string(),
  thumbnailUrl: nullableText,
  duration: z.string(),
  active: z.boolean(),
  priority: z.number().int(),
  createdAt: isoDate,
}).meta({ id: 'CustomVideo' });

export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: nullableText,
  color: nullableText,
  active: z.boolean(),
}).meta({ id: 'Category' });

export const journalistSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  title: nullableText,
  bio: nullableText,
  profileImage: nullableText,
  specialty: nullableText,
  expertise: z.array(z.string()),
  status: z.enum(JOURNALIST_STATUSES),
  active: z.boolean(),
  socialLinks: socialLinksSchema,
}).meta({ id: 'Journalist' });

/** A journalist as readers see them: the newsroom's e-mail addresses stay inside. */
export const authorSchema = journalistSchema.pick({
  id: true, name: true, title: true, bio: true, profileImage: true, specialty: true, expertise: true, socialLinks: true,
}).meta({ id: 'Author' });

export const publicConfigSchema = z.object({
  payments: z.object({
    enabled: z.boolean(), publishableKey: z.string().nullable(),
    passPrices: z.object({ month: z.number().int(), year: z.number().int() }).describe('SEK incl. VAT of a month and a year pass'),
  }),
  integrations: z.object({
    ai: z.boolean(), aiAudio: z.boolean().describe('Speech work: transcription and read-aloud (contract §9 [voice])'), pexels: z.boolean(), youtube: z.boolean(), email: z.boolean(),
  }),
  vapidPublicKey: z.string().describe('The application server key a browser subscribes to push alerts with'),
  meter: z.object({ freeArticles: z.int().describe('METER_FREE_ARTICLES: 0 means no meter (premium is for entitled readers only)') }),
  gifts: z.object({ perMonth: z.int().describe('GIFT_LINKS_PER_MONTH') }),
  site: z.object({
    responsiblePublisher: z.string().nullable().describe('RESPONSIBLE_PUBLISHER: the responsible publisher (ansvarig utgivare) the footer names'),
    accessibilityContact: z.string().describe('ACCESSIBILITY_CONTACT: where the accessibility statement asks readers to report a problem'),
  }),
  insight: z.object({
    askConsent: z.boolean().describe('INSIGHT_CONSENT: the reader app asks before it counts visits (contract §9 [insight]), else it counts without asking'),
  }),
}).meta({ id: 'PublicConfig' });

export const errorSchema = z.object({
  error: z.string(),
  code: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
}).meta({ id: 'Error' });

/** An article as staff see it: with the clientId of an offline draft (contract.md §8). */
export const adminArticleSchema = articleSchema.extend({
  clientId: z.string().nullable(),
}).meta({ id: 'AdminArticle' });

/** A PUT whose If-Match no longer matches (412): the item as it is now, for the editor to compare and choose. */
export const editConflictSchema = z.object({
  error: z.string(),
  code: z.literal('edit_conflict'),
  current: z.record(z.string(), z.unknown()),
}).meta({ id: 'EditConflict' });

export type User = z.infer<typeof userSchema>;
export type Article = z.infer<typeof articleSchema>;
export type AdminArticle = z.infer<typeof adminArticleSchema>;
export type Episode = z.infer<typeof episodeSchema>;
export type PodcastSeries = z.infer<typeof seriesSchema>;
export type PersonProfile = z.infer<typeof personSchema>;
export type Advertisement = z.infer<typeof advertisementSchema>;
export type CustomVideo = z.infer<typeof customVideoSchema>;
export type Category = z.infer<typeof categorySchema>;
export type Journalist = z.infer<typeof journalistSchema>;
export type Author = z.infer<typeof authorSchema>;
export type PublicConfig = z.infer<typeof publicConfigSchema>;

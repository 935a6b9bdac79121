import { z } from 'zod';
import {
  AD_PLACEMENTS, CONTENT_STATUSES, EPISODE_TYPES, JOURNALIST_STATUSES, PODCAST_TYPES, LIMITS, SERIES_CATEGORIES, USER_ROLES,
} from '../constants.js';
import { emailField, httpUrl, optionalText, requiredText, someChange } from './fields.js';
import { ARTICLE_KINDS, LIVE_STATUSES } from './live.js';
import { chaptersPastTheEnd, chaptersSchema, type Chapter } from './voice.js';

/**
 * What the admin screens send and the admin API accepts, with the messages of admin-area.md §5.
 * The forms and the server validate with these same schemas.
 */

/**
 * An uploaded file's path ("/uploads/…", "/api/…") or an http(s) URL; never javascript: or data:, and never a
 * path a browser reads as another host ('//host', '/\host': browsers take a backslash for a slash).
 */
export const mediaRef = (message = 'Must be an uploaded file or an http(s) URL') =>
  // One pattern rather than a check in code, so that the OpenAPI document carries it.
  z.string({ error: message }).trim().max(1000, { error: message }).regex(/^(?:\/(?!\/)[^\s\\]*|https?:\/\/[^\s\\]+)$/i, { error: message });

/** The fields that take '' and null for "none" beside their own values: the OpenAPI document says so of each. */
export const blankMeansNone = z.registry();

/** An optional field a form may send blank: blank, null and missing all mean "none". */
const optional = <T extends z.ZodType>(schema: T) => {
  const field = z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());
  blankMeansNone.add(field);
  return field;
};

const flag = (fallback: boolean) => z.boolean({ error: 'Must be true or false' }).default(fallback);
const status = (fallback: (typeof CONTENT_STATUSES)[number]) =>
  z.enum(CONTENT_STATUSES, { error: `Status must be one of ${CONTENT_STATUSES.join(', ')}` }).default(fallback);
const isoDateTime = z.iso.datetime({ offset: true, error: 'Must be an ISO 8601 date' });
const dateOnly = z.iso.date({ error: 'Must be a date (YYYY-MM-DD)' });

const wholeNumber = (message: string, min: number, max = 1_000_000, maxMessage = `At most ${max}`) =>
  z.coerce.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: maxMessage });

export const articleInputSchema = z.object({
  title: requiredText('Title is required', 300),
  content: requiredText('Content is required', 200_000),
  excerpt: requiredText('Excerpt is required', 2000),
  category: requiredText('Category is required', 100).toLowerCase(),
  imageUrl: optional(mediaRef('Image must be an uploaded file or an http(s) URL')),
  imageAlt: optional(optionalText(300)),
  imageCredit: optional(optionalText(300)),
  author: requiredText('Author is required', 200),
  authorImage: optional(mediaRef('Author image must be an uploaded file or an http(s) URL')),
  authorTitle: optional(optionalText(200)),
  readTime: wholeNumber('Read time must be at least 1 minute', LIMITS.readTimeMin, LIMITS.readTimeMax,
    `Read time must be at most ${LIMITS.readTimeMax} minutes`).default(LIMITS.readTimeDefault),
  featured: flag(false),
  categoryFeatured: flag(false),
  premium: flag(false),
  status: status('draft'),
  publishedAt: optional(isoDateTime),
  // Absent on an update means "as it is": a client that predates live coverage never turns a live article back.
  kind: z.enum(ARTICLE_KINDS, { error: `Kind must be one of ${ARTICLE_KINDS.join(', ')}` }).optional()
    .describe('article (when absent on create) or live'),
  liveStatus: z.enum(LIVE_STATUSES, { error: `Live status must be one of ${LIVE_STATUSES.join(', ')}` }).optional()
    .describe('A live article\'s coverage: ended freezes it (contract §9 [live]); absent means as it is'),
  clientId: z.uuid({ error: 'clientId must be a UUID' }).optional()
    .describe('Chosen by the client for a draft written offline: sending the same clientId again answers the stored article (200) instead of a second one'),
}).meta({ id: 'ArticleInput' });

/** The episode form (admin-area.md §5): duration in minutes. */
export const episodeFormSchema = z.object({
  title: requiredText('Episode title is required', 300),
  description: requiredText('Description is required', 20_000),
  duration: wholeNumber('Duration must be greater than 0', 1).default(30),
  // An input that cannot be read as a number falls back to 1 (admin-area.md §5); 0 or less is refused.
  episodeNumber: z.preprocess((value) => (value === '' || value === undefined || value === null || Number.isNaN(Number(value)) ? 1 : value),
    wholeNumber('Episode number is required', 1)),
  audioUrl: requiredText('Audio file is required', 1000),
  imageUrl: optional(mediaRef('Image must be an uploaded file or an http(s) URL')),
  seriesId: wholeNumber('Please select a podcast series', 1),
  featured: flag(false),
  premium: flag(false),
  status: status('published'),
}).meta({ id: 'EpisodeForm' });

/** The interview form (admin-area.md §5): duration in minutes, no series needed, audio optional. */
export const interviewFormSchema = z.object({
  title: requiredText('Title is required', 300),
  description: requiredText('Description is required', 20_000),
  duration: wholeNumber('Duration is required', 1),
  episodeNumber: optional(wholeNumber('Episode number is required', 1)),
  audioUrl: optional(z.string().trim().max(1000)),
  imageUrl: optional(mediaRef('Image must be an uploaded file or an http(s) URL')),
  seriesId: optional(wholeNumber('Please select a podcast series', 1)),
  featured: flag(false),
  premium: flag(false),
  status: status('published'),
}).meta({ id: 'InterviewForm' });

/** Fields the API adds to both forms. */
const episodeApiExtras = {
  category: optional(optionalText(100)),
  publishedAt: optional(isoDateTime),
  // What podcast apps show (itunes:explicit, itunes:season, itunes:episodeType); left out, an edit keeps the stored value.
  explicit: optional(z.boolean({ error: 'Must be true or false' })),
  season: optional(wholeNumber('Season must be a whole number from 1', 1)),
  episodeType: optional(z.enum(EPISODE_TYPES, { error: `Episode type must be one of ${EPISODE_TYPES.join(', ')}` })),
  // Left out, an edit keeps the stored chapters; [] takes them away (contract §9 [voice]).
  chapters: chaptersSchema.optional().describe('Seconds, sorted, each before the end of the episode'),
};
/** A chapter starts within the episode: checked across the two fields. */
const withinDuration = (value: { duration: number; chapters?: Chapter[] }, ctx: z.RefinementCtx) =>
  chaptersPastTheEnd(value.chapters, value.duration, ctx);

const episodeKinds = [
  episodeFormSchema.extend({ kind: z.literal('episode'), duration: wholeNumber('Duration must be greater than 0', 1), episodeNumber: optional(wholeNumber('Episode number is required', 1)), ...episodeApiExtras })
    .superRefine(withinDuration),
  interviewFormSchema.extend({ kind: z.literal('interview'), ...episodeApiExtras }).superRefine(withinDuration),
] as const;
const kindError = { error: "kind must be 'episode' or 'interview'" };
const isObject = (value: unknown): value is Record<string, unknown> => Boolean(value) && typeof value === 'object' && !Array.isArray(value);
const withKind = (value: unknown) => (isObject(value) && !('kind' in value) ? { ...value, kind: 'episode' } : value);

/** The API's episode (contract.md §5): duration in whole seconds; `kind` picks the form's rules. */
export const episodeInputSchema = z.preprocess(withKind, z.discriminatedUnion('kind', episodeKinds, kindError)).meta({ id: 'EpisodeInput' });

/** The interview card's dropdown changes only the status. */
export const episodeStatusSchema = z.object({ status: status('published') }).strict().meta({ id: 'EpisodeStatus' });

/**
 * PUT of an episode: `{status}` alone changes only the status, any other body is a whole episode judged by its own
 * rules (a plain union would report the status form's "unrecognized keys" for a whole episode missing a field).
 */
export const episodeUpdateSchema = z.preprocess(
  (value) => (isObject(value) && Object.keys(value).length === 1 && 'status' in value ? { ...value, kind: 'status' } : withKind(value)),
  z.discriminatedUnion('kind', [...episodeKinds, episodeStatusSchema.extend({ kind: z.literal('status') })], kindError),
).meta({ id: 'EpisodeUpdate' });

export const seriesInputSchema = z.object({
  title: requiredText('Series title is required', 300),
  description: requiredText('Description is required', 20_000),
  category: z.enum(SERIES_CATEGORIES, { error: `Category must be one of ${SERIES_CATEGORIES.join(', ')}` }).default('news'),
  imageUrl: mediaRef('Cover image is required'),
  hostName: optional(optionalText(200)),
  featured: flag(false),
  active: flag(true),
  // Left out, an edit keeps the stored value (the admin form does not show them).
  explicit: optional(z.boolean({ error: 'Must be true or false' })),
  podcastType: optional(z.enum(PODCAST_TYPES, { error: `Podcast type must be one of ${PODCAST_TYPES.join(', ')}` })),
}).meta({ id: 'SeriesInput' });

export const advertisementInputSchema = z.object({
  title: requiredText('Title is required', 300),
  description: requiredText('Description is required', 5000),
  imageUrl: optional(mediaRef('Image must be an uploaded file or an http(s) URL')),
  linkUrl: optional(httpUrl('Link must be an http(s) URL')),
  placement: z.enum(AD_PLACEMENTS, { error: `Placement must be one of ${AD_PLACEMENTS.join(', ')}` }).default('banner'),
  partnerName: optional(optionalText(200)),
  active: flag(true),
  startDate: optional(isoDateTime.or(dateOnly)),
  endDate: optional(isoDateTime.or(dateOnly)),
}).refine((ad) => !ad.startDate || !ad.endDate || new Date(ad.endDate) > new Date(ad.startDate), {
  error: 'End date must be after the start date', path: ['endDate'],
}).meta({ id: 'AdvertisementInput' });

const socialLinksInput = z.object({
  twitter: optional(httpUrl('Social links must be http(s) URLs')),
  instagram: optional(httpUrl('Social links must be http(s) URLs')),
  linkedin: optional(httpUrl('Social links must be http(s) URLs')),
}).default({});

export const journalistInputSchema = z.object({
  name: requiredText('Name is required', 200),
  email: emailField('Valid email required'),
  title: optional(optionalText(200)),
  bio: optional(optionalText(5000)),
  profileImage: optional(mediaRef('Profile image must be an uploaded file or an http(s) URL')),
  specialty: optional(optionalText(200)),
  expertise: z.array(z.string().trim().min(1).max(100)).max(30).default([]),
  status: z.enum(JOURNALIST_STATUSES, { error: `Status must be one of ${JOURNALIST_STATUSES.join(', ')}` }).default('active'),
  socialLinks: socialLinksInput,
}).meta({ id: 'JournalistInput' });

/** The profile form's `content` edits the reader page's `bio` (contract.md §7); either name is accepted. */
export const personInputSchema = z.preprocess(
  (value) => (value && typeof value === 'object' && !('content' in value) && 'bio' in value
    ? { ...value, content: (value as { bio: unknown }).bio } : value),
  z.object({
    name: requiredText('Name is required', 200),
    title: requiredText('Article title is required', 300),
    category: requiredText('Category is required', 100).toLowerCase(),
    excerpt: requiredText('Article excerpt is required', 2000),
    content: requiredText('Article content is required', 100_000),
    profileImage: mediaRef('Profile image is required'),
    author: requiredText('Author is required', 200),
    readTime: wholeNumber('Read time is required', 1, LIMITS.readTimeMax),
    status: status('draft'),
    featured: flag(false),
    location: optional(optionalText(200)),
    birthDate: optional(dateOnly),
    achievements: z.array(z.string().trim().min(1).max(500)).max(50).default([]),
    photoGallery: z.array(mediaRef('Gallery images must be uploaded files or http(s) URLs')).max(50).default([]),
    socialLinks: socialLinksInput,
    publishedAt: optional(isoDateTime),
  }),
).meta({ id: 'PersonInput' });

export const approvalDecisionSchema = z.object({
  status: z.enum(['approved', 'rejected'], { error: "Status must be 'approved' or 'rejected'" }),
  comments: optional(optionalText(5000)),
}).meta({ id: 'ApprovalDecision' });

/** A pending approval row (contract.md §5). */
export const approvalSchema = z.object({
  id: z.number(), contentType: z.enum(['article', 'podcast', 'profile']), contentId: z.number(), title: z.string(),
  submittedBy: z.number().nullable(), submittedByName: z.string().nullable(), submittedAt: z.string(), status: z.string(),
  comments: z.string().nullable(),
}).meta({ id: 'Approval' });

/** What a decision on an approval answers. */
export const approvalDecidedSchema = approvalSchema.pick({ id: true, status: true, comments: true }).meta({ id: 'ApprovalDecided' });

export const categoryInputSchema = z.object({
  name: requiredText('Category name is required', 100),
  description: optional(optionalText(500)),
  color: optional(z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'Colour must look like #1d4ed8' })),
}).meta({ id: 'CategoryInput' });

export const categoryUpdateSchema = someChange(categoryInputSchema.partial().extend({
  active: z.boolean({ error: 'Must be true or false' }).optional(),
})).meta({ id: 'CategoryUpdate' });

export const customVideoUpdateSchema = someChange(z.object({
  title: requiredText('Title is required', 300).optional(),
  description: requiredText('Description is required', 5000).optional(),
  active: z.boolean({ error: 'Must be true or false' }).optional(),
  priority: z.coerce.number({ error: 'Priority must be a whole number' }).int({ error: 'Priority must be a whole number' })
    .min(-1000).max(1000).optional(),
})).meta({ id: 'CustomVideoUpdate' });

/** The custom-video upload's text fields (the file arrives beside them in the multipart body). */
export const customVideoFieldsSchema = z.object({
  title: requiredText('Please fill in all fields and select a video file.', 300),
  description: requiredText('Please fill in all fields and select a video file.', 5000),
  duration: z.string({ error: 'Please fill in all fields and select a video file.' }).trim()
    .regex(/^\d{1,3}:[0-5]\d(:[0-5]\d)?$/, { error: 'Duration must look like 5:30' }),
}).meta({ id: 'CustomVideoFields' });

/** A custom video whose file already arrived through the resumable uploads (contract.md §8). */
export const customVideoJsonSchema = customVideoFieldsSchema.extend({
  videoUrl: requiredText('Please fill in all fields and select a video file.', 300)
    .describe('The url a finished upload answered (/uploads/videos/…); resolved in the product\'s own store, never fetched'),
}).meta({ id: 'CustomVideoFromUpload' });

export const userAdminUpdateSchema = someChange(z.object({
  role: z.enum(USER_ROLES, { error: `Role must be one of ${USER_ROLES.join(', ')}` }).optional(),
  active: z.boolean({ error: 'Must be true or false' }).optional(),
})).meta({ id: 'UserAdminUpdate' });

export const userSearchQuery = z.object({
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).optional(),
  offset: z.coerce.number().int().min(0).optional(),
}).meta({ id: 'UserSearchQuery' });

export type ArticleInput = z.infer<typeof articleInputSchema>;
export type CustomVideoJsonInput = z.infer<typeof customVideoJsonSchema>;
export type EpisodeForm = z.infer<typeof episodeFormSchema>;
export type InterviewForm = z.infer<typeof interviewFormSchema>;
export type EpisodeInput = z.infer<typeof episodeInputSchema>;
export type SeriesInput = z.infer<typeof seriesInputSchema>;
export type AdvertisementInput = z.infer<typeof advertisementInputSchema>;
export type JournalistInput = z.infer<typeof journalistInputSchema>;
export type PersonInput = z.infer<typeof personInputSchema>;
export type ApprovalDecision = z.infer<typeof approvalDecisionSchema>;
export type PendingApproval = z.infer<typeof approvalSchema>;
export type ApprovalDecided = z.infer<typeof approvalDecidedSchema>;
export type StockPhoto = z.infer<typeof stockPhotoSchema>;

/** The AI generator (admin-area.md §2, §5, §9). */
export const AI_LENGTHS = { short: [400, 600], medium: [800, 1200], long: [1500, 2000] } as const;
export const AI_ARTICLE_TYPES = ['news', 'opinion', 'analysis', 'feature'] as const;
export const AI_IMAGE_SIZES = ['1024x1024', '1792x1024', '1024x1792'] as const;
export const AI_CATEGORIES = ['news', 'politics', 'society', 'culture', 'business', 'technology', 'opinion'] as const;

export const generateArticleSchema = z.object({
  topic: requiredText('Please enter a topic for the article', 500),
  tone: optional(optionalText(100)),
  length: z.enum(['short', 'medium', 'long'], { error: 'Length must be short, medium or long' }).default('medium'),
  category: z.enum(AI_CATEGORIES, { error: `Category must be one of ${AI_CATEGORIES.join(', ')}` }).default('news'),
  articleType: z.enum(AI_ARTICLE_TYPES, { error: `Article type must be one of ${AI_ARTICLE_TYPES.join(', ')}` }).default('news'),
  customGptModel: optional(z.string().trim().max(100).regex(/^[\w.:/-]+$/, { error: 'Model names are letters, digits and . _ : / -' })),
}).meta({ id: 'GenerateArticleRequest' });

export const generatedArticleSchema = z.object({
  title: z.string().min(1),
  content: z.string().min(1),
  excerpt: z.string().min(1),
}).meta({ id: 'GeneratedArticle' });

export const generateImageSchema = z.object({
  prompt: requiredText('Prompt Required', 2000),
  style: optional(optionalText(100)),
  size: z.enum(AI_IMAGE_SIZES, { error: `Size must be one of ${AI_IMAGE_SIZES.join(', ')}` }).default('1024x1024'),
}).meta({ id: 'GenerateImageRequest' });

export const topicSuggestionsQuery = z.object({
  category: z.enum(AI_CATEGORIES.filter((c) => c !== 'opinion') as [string, ...string[]], { error: 'Choose a category' }).default('news'),
}).meta({ id: 'TopicSuggestionsQuery' });

export const pexelsSearchQuery = z.object({
  query: requiredText('Please enter a search term', 200),
  page: z.coerce.number().int().min(1).max(100).optional(),
}).meta({ id: 'PexelsSearchQuery' });

export const savePexelsImageSchema = z.object({
  imageUrl: z.string({ error: 'imageUrl is required' }).url({ error: 'imageUrl must be a URL' }),
  photographer: requiredText('photographer is required', 200),
  alt: optional(optionalText(500)),
  pexelsId: z.union([z.number().int(), z.string().regex(/^\d+$/)], { error: 'pexelsId must be a number' }),
}).meta({ id: 'SavePexelsImage' });

export const stockPhotoSchema = z.object({
  id: z.number(),
  alt: z.string(),
  photographer: z.string(),
  src: z.object({ small: z.string(), medium: z.string(), large: z.string() }),
}).meta({ id: 'StockPhoto' });

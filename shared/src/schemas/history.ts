import { z } from 'zod';
import { CONTENT_STATUSES } from '../constants.js';
import { articleInputSchema, blankMeansNone } from './admin.js';
import { isoDate } from './fields.js';

/** An article's history (contract §9): revisions, corrections and preview links. */

export const REVISION_KINDS = ['created', 'saved', 'autosave', 'published', 'restored', 'corrected'] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];

/** The fields a restore brings back: the text and its presentation, never a status, a paywall or a date. */
export const RESTORED_FIELDS = [
  'title', 'excerpt', 'content', 'category', 'imageUrl', 'imageAlt', 'imageCredit', 'author', 'authorImage', 'authorTitle', 'readTime',
] as const;

export const revisionSummarySchema = z.object({
  id: z.number().int(),
  createdAt: isoDate,
  kind: z.enum(REVISION_KINDS),
  author: z.object({ id: z.number().int().nullable(), username: z.string() }),
  title: z.string(),
  status: z.enum(CONTENT_STATUSES),
}).meta({ id: 'RevisionSummary' });

/** The article as it stood after the change: its editable fields, status and dates. */
export const revisionStateSchema = z.object({
  title: z.string(),
  excerpt: z.string(),
  content: z.string(),
  category: z.string(),
  imageUrl: z.string().nullable(),
  imageAlt: z.string().nullable(),
  imageCredit: z.string().nullable(),
  author: z.string(),
  authorImage: z.string().nullable(),
  authorTitle: z.string().nullable(),
  readTime: z.number().int(),
  featured: z.boolean(),
  categoryFeatured: z.boolean(),
  premium: z.boolean(),
  status: z.enum(CONTENT_STATUSES),
  publishedAt: isoDate.nullable(),
});
export type RevisionState = z.infer<typeof revisionStateSchema>;

export const revisionSchema = revisionSummarySchema.extend({
  articleId: z.number().int(),
  state: revisionStateSchema,
}).meta({ id: 'Revision' });

/**
 * A field the form may leave blank, as an autosave reads it: '' (or only spaces) and null record it as emptied (null),
 * while a missing field stays as it was. The article form's own field takes blank for missing, which here would
 * bring the old value back to an editor who cleared it.
 */
function emptiable<T extends z.ZodType>(field: z.ZodPreprocess<z.ZodOptional<T>>) {
  const autosaved = z.preprocess((value) => (value === null || (typeof value === 'string' && !value.trim()) ? null : value),
    field.out.unwrap().nullable().optional());
  blankMeansNone.add(autosaved);
  return autosaved;
}

/** An autosave carries the editable fields as they stand in the editor, complete or not (it changes nothing else). */
export const autosaveInputSchema = articleInputSchema.omit({ status: true, publishedAt: true, clientId: true, kind: true, liveStatus: true }).partial()
  // What was not sent stays as it was: no field takes the form's default here.
  .extend({
    imageUrl: emptiable(articleInputSchema.shape.imageUrl),
    imageAlt: emptiable(articleInputSchema.shape.imageAlt),
    imageCredit: emptiable(articleInputSchema.shape.imageCredit),
    authorImage: emptiable(articleInputSchema.shape.authorImage),
    authorTitle: emptiable(articleInputSchema.shape.authorTitle),
    readTime: articleInputSchema.shape.readTime.unwrap().optional(),
    featured: z.boolean().optional(),
    categoryFeatured: z.boolean().optional(),
    premium: z.boolean().optional(),
  })
  .meta({ id: 'AutosaveInput' });

export const correctionInputSchema = z.object({
  text: z.string({ error: 'Correction text is required' }).trim().min(1, 'Correction text is required').max(2000, 'A correction is at most 2000 characters'),
}).meta({ id: 'CorrectionInput' });

export const previewLinkSchema = z.object({
  url: z.string().describe('A site path that shows the article as an entitled reader would see it once published'),
  expiresAt: isoDate,
}).meta({ id: 'PreviewLink' });

/** Another editor who has the article open (contract silent; see the closing note of issue 21). */
export const presentEditorSchema = z.object({ id: z.number().int(), username: z.string(), lastSeen: isoDate }).meta({ id: 'PresentEditor' });

export type PresentEditor = z.infer<typeof presentEditorSchema>;
export type RevisionSummary = z.infer<typeof revisionSummarySchema>;
export type Revision = z.infer<typeof revisionSchema>;
export type AutosaveInput = z.infer<typeof autosaveInputSchema>;
export type PreviewLink = z.infer<typeof previewLinkSchema>;

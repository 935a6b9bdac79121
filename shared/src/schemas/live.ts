import { z } from 'zod';
import { articleBodySchema } from '../content/tree.js';
import { isoDate, optionalText, requiredText, someChange } from './fields.js';

/** Live coverage (contract §9 [live]): a live article's entries, as editors post them and readers follow them. */

export const ARTICLE_KINDS = ['article', 'live'] as const;
export type ArticleKind = (typeof ARTICLE_KINDS)[number];
export const LIVE_STATUSES = ['live', 'ended'] as const;
export type LiveStatus = (typeof LIVE_STATUSES)[number];

/** How long an entry may be: a live entry is a few paragraphs, not an article. */
export const LIVE_ENTRY_MAX_CHARS = 20_000;
/** The most entries one call answers. */
export const LIVE_PAGE_MAX = 100;
export const LIVE_PAGE_DEFAULT = 20;

const flag = z.boolean({ error: 'Must be true or false' });

export const liveEntryInputSchema = z.object({
  content: requiredText('Content is required', LIVE_ENTRY_MAX_CHARS).describe('Markdown (contract §9 [editor])'),
  title: optionalText(300).nullable().describe('An optional headline for the entry'),
  keyEvent: flag.default(false).describe('Listed among the key events at the top of the page'),
  pinned: flag.default(false).describe('Shown above the others; pinning one entry unpins the article\'s other'),
  breaking: flag.default(false).describe('Sends a Web Push alert to the topics breaking and live:{articleId}'),
  clientId: z.uuid({ error: 'clientId must be a UUID' }).optional()
    .describe('Chosen by the client for an entry written offline: sending the same clientId again answers the stored entry (200)'),
}).meta({ id: 'LiveEntryInput' });

/** An edit changes the text or the flags it names; an alert is never sent again. */
export const liveEntryUpdateSchema = someChange(z.object({
  content: requiredText('Content is required', LIVE_ENTRY_MAX_CHARS).optional(),
  title: optionalText(300).nullable(),
  keyEvent: flag.optional(),
  pinned: flag.optional(),
})).meta({ id: 'LiveEntryUpdate' });

/** A cursor is a position in one live article's sequence of changes (entries posted, edited, deleted; status). */
const cursorField = z.string().regex(/^\d{1,15}$/, { error: 'A cursor is the number a previous answer gave' });

export const liveEntriesQuery = z.object({
  after: cursorField.optional().describe('Entries created or changed after this cursor, in the order they changed, and the ids deleted since'),
  before: cursorField.optional().describe('Older entries: those created before this cursor (an answer\'s `older`), newest first'),
  limit: z.coerce.number({ error: `limit must be 1 to ${LIVE_PAGE_MAX}` }).int({ error: `limit must be 1 to ${LIVE_PAGE_MAX}` })
    .min(1, { error: `limit must be 1 to ${LIVE_PAGE_MAX}` }).max(LIVE_PAGE_MAX, { error: `limit must be 1 to ${LIVE_PAGE_MAX}` })
    .default(LIVE_PAGE_DEFAULT),
}).refine((query) => !(query.after && query.before), { error: 'Send after or before, not both' }).meta({ id: 'LiveEntriesQuery' });

const entryFields = {
  id: z.number().int(),
  createdAt: isoDate,
  updatedAt: isoDate,
  title: z.string().nullable(),
  keyEvent: z.boolean(),
  pinned: z.boolean(),
};

export const liveEntrySchema = z.object({
  ...entryFields,
  content: z.string().describe('Markdown'),
  html: z.string().describe('The content rendered as the page renders it'),
  body: articleBodySchema.describe('The content parsed (contract §9 [editor]), with its embeds\' cards: what the reader app renders the entry from'),
  author: z.object({ name: z.string() }),
}).meta({ id: 'LiveEntry' });

/** An entry of a premium live article, for a reader who is not entitled: its title and time, never its text. */
export const lockedLiveEntrySchema = z.object({ ...entryFields, locked: z.literal(true) }).meta({ id: 'LockedLiveEntry' });

export const liveEntryAnswerSchema = z.union([liveEntrySchema, lockedLiveEntrySchema]);

export const liveEntriesSchema = z.object({
  status: z.enum(LIVE_STATUSES),
  entries: z.array(liveEntryAnswerSchema).describe('Newest first. Without a cursor, the newest `limit` are followed by the pinned entry and the key '
    + 'events among the older ones (newest first), so that a page has them without paging: `before` pages then give those again'),
  deleted: z.array(z.number().int()).describe('With `after`: the ids deleted since the cursor'),
  cursor: z.string().describe('Where this answer leaves the article\'s changes: pass it as `after` (or as Last-Event-ID) to get what comes next'),
  older: z.string().nullable().describe('Pass as `before` for the entries older than these; null when there are none'),
}).meta({ id: 'LiveEntries' });

export type LiveEntryInput = z.input<typeof liveEntryInputSchema>;
export type LiveEntryUpdate = z.infer<typeof liveEntryUpdateSchema>;
export type LiveEntry = z.infer<typeof liveEntrySchema>;
export type LockedLiveEntry = z.infer<typeof lockedLiveEntrySchema>;
export type LiveEntryAnswer = z.infer<typeof liveEntryAnswerSchema>;
export type LiveEntries = z.infer<typeof liveEntriesSchema>;

/** The stream's events (text/event-stream): each carries a cursor as its id. */
export const LIVE_STREAM_EVENTS = { entry: 'entry', delete: 'delete', status: 'status' } as const;
export const isLocked = (entry: LiveEntryAnswer): entry is LockedLiveEntry => 'locked' in entry && entry.locked === true;

import { z } from 'zod';
import { allowedHref, allowedImage } from '../content/links.js';
import { isoDate } from './fields.js';

/**
 * Chapters, transcripts and read-aloud (contract §9 [voice]). An episode's chapters are `{startTime, title, url?, img?}`
 * in seconds, sorted, within its duration; a chapter's link and image follow the article body's rules ([editor]).
 */

/** The most chapters an episode holds: a four-hour conversation marked every two minutes. */
export const CHAPTERS_MAX = 120;

export const chapterSchema = z.object({
  startTime: z.number({ error: 'startTime must be a number of seconds' }).min(0, { error: 'startTime must be 0 or more' })
    .describe('Seconds from the start'),
  title: z.string({ error: 'A chapter needs a title' }).trim().min(1, { error: 'A chapter needs a title' })
    .max(200, { error: 'A chapter title is at most 200 characters' }),
  url: z.string({ error: 'url must be a link' }).trim().max(1000, { error: 'url is too long' })
    .refine(allowedHref, { error: 'url must be an http(s) or mailto: address or a path on the site' }).optional(),
  img: z.string({ error: 'img must be an uploaded image' }).trim().max(1000, { error: 'img is too long' })
    .refine(allowedImage, { error: 'img must be an image in the site\'s own store (/uploads/…)' }).optional(),
}).strict().meta({ id: 'Chapter' });

export const chaptersSchema = z.array(chapterSchema, { error: 'chapters must be a list' })
  .max(CHAPTERS_MAX, { error: `An episode holds at most ${CHAPTERS_MAX} chapters` })
  .superRefine((chapters, ctx) => {
    chapters.forEach((chapter, index) => {
      const before = chapters[index - 1];
      if (before && chapter.startTime <= before.startTime) {
        ctx.addIssue({ code: 'custom', path: [index, 'startTime'], message: 'Chapters must start in order, each after the one before' });
      }
    });
  });

/** The chapter starts that lie past an episode's end (its duration in seconds), as issues on the episode's `chapters`. */
export function chaptersPastTheEnd(chapters: Chapter[] | undefined, duration: number, ctx: z.RefinementCtx): void {
  chapters?.forEach((chapter, index) => {
    if (chapter.startTime >= duration) {
      ctx.addIssue({ code: 'custom', path: ['chapters', index, 'startTime'], message: 'A chapter must start before the episode ends' });
    }
  });
}

export type Chapter = z.infer<typeof chapterSchema>;

/**
 * Read-aloud: an article's audio made by a speech service (contract §9 [voice]). Its making is a job whose progress an
 * editor follows; the draft it leaves is listened to, then published or made again.
 */
export const READ_ALOUD_STATUSES = ['none', 'queued', 'running', 'done', 'failed'] as const;

export const readAloudRequestSchema = z.object({
  confirm: z.boolean({ error: 'confirm must be true or false' }).optional()
    .describe('The editor\'s word that an unpublished or premium article\'s text may be sent to the speech service; required for those'),
}).meta({ id: 'ReadAloudRequest' });

export const readAloudSchema = z.object({
  status: z.enum(READ_ALOUD_STATUSES).describe('none: never made (or withdrawn); queued and running: being made; done: a draft to listen to; failed: see error'),
  voice: z.string().nullable().describe('The voice it is (being) made in'),
  partsDone: z.number().int().describe('Parts of the text spoken so far'),
  partsTotal: z.number().int().describe('Parts the text was cut into (at sentence ends, at most AI_SPEECH_MAX_CHARS each); 0 until the job has begun'),
  draftUrl: z.string().nullable().describe('The finished draft, for editors to listen to (/api/admin/articles/{id}/audio/draft)'),
  duration: z.number().int().nullable().describe('The draft\'s length in whole seconds'),
  size: z.number().int().nullable().describe('The draft\'s size in bytes'),
  stale: z.boolean().describe('The article\'s words changed since the draft was made: it cannot be published, make it again'),
  published: z.boolean().describe('The draft is the article\'s published audio'),
  audioUrl: z.string().nullable().describe('The article\'s published audio, as readers get it; null when it has none'),
  error: z.string().optional(),
  code: z.string().optional(),
}).meta({ id: 'ReadAloud' });

/** A voice name as speech services spell theirs (alloy, sv_SE-nst-medium, af_heart): letters, digits and . _ : - */
export const readAloudVoiceInputSchema = z.object({
  voice: z.string({ error: 'voice must be a voice name or null' }).trim().min(1, { error: 'voice must be a voice name or null' })
    .max(100, { error: 'voice is at most 100 characters' }).regex(/^[\w.:-]+$/, { error: 'voice holds letters, digits and . _ : - only' })
    .nullable().describe('The voice articles are read in; null means the server\'s AI_SPEECH_VOICE'),
}).meta({ id: 'ReadAloudVoiceInput' });

export const readAloudVoiceSchema = readAloudVoiceInputSchema.extend({
  defaultVoice: z.string().describe('AI_SPEECH_VOICE: used while no voice is chosen'),
}).meta({ id: 'ReadAloudVoice' });

export type ReadAloud = z.infer<typeof readAloudSchema>;
export type ReadAloudRequest = z.infer<typeof readAloudRequestSchema>;
export type ReadAloudVoice = z.infer<typeof readAloudVoiceSchema>;

/**
 * Transcripts (contract §9 [voice]): an episode's words as timed cues, kept as a draft (uploaded, or made by the speech
 * integration) until an editor publishes it; the published one is served as WebVTT. A cue's text is shown as text:
 * markup in it (`<b>`, `<v Anna>`) is not rendered.
 */
export const TRANSCRIPT_MAX_CUES = 20_000;
export const TRANSCRIPT_CUE_MAX_CHARS = 2000;
/** The largest .vtt or .srt file taken (characters). */
export const TRANSCRIPT_FILE_MAX_CHARS = 4_000_000;
export const TRANSCRIPT_SOURCES = ['upload', 'machine'] as const;
export const TRANSCRIPTION_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

const seconds = (name: string) => z.number({ error: `${name} must be a number of seconds` }).min(0, { error: `${name} must be 0 or more` });

export const transcriptCueSchema = z.object({
  start: seconds('start').describe('Seconds from the start of the episode'),
  end: seconds('end').describe('Seconds from the start of the episode; after start'),
  text: z.string({ error: 'A cue needs its words' }).trim().min(1, { error: 'A cue needs its words' })
    .max(TRANSCRIPT_CUE_MAX_CHARS, { error: `A cue is at most ${TRANSCRIPT_CUE_MAX_CHARS} characters` })
    .describe('Shown as text: markup in it is not rendered'),
}).strict().refine((cue) => cue.end > cue.start, { error: 'A cue must end after it starts', path: ['end'] }).meta({ id: 'TranscriptCue' });

export const transcriptCuesSchema = z.array(transcriptCueSchema, { error: 'cues must be a list' })
  .min(1, { error: 'A transcript needs at least one cue' })
  .max(TRANSCRIPT_MAX_CUES, { error: `A transcript holds at most ${TRANSCRIPT_MAX_CUES} cues` })
  .superRefine((cues, ctx) => {
    cues.forEach((cue, index) => {
      const before = cues[index - 1];
      if (before && cue.start < before.start) {
        ctx.addIssue({ code: 'custom', path: [index, 'start'], message: 'Cues must be in order of their start' });
      }
    });
  });

export const transcriptDraftSchema = z.object({
  version: z.number().int().describe('Changes with every save: an edit or a publish names the version it was made on'),
  source: z.enum(TRANSCRIPT_SOURCES).describe("'upload': the newsroom's (a file, or the cue editor); 'machine': made by the speech integration, published only with reviewed: true"),
  cues: z.array(transcriptCueSchema),
  updatedAt: isoDate,
}).meta({ id: 'TranscriptDraft' });

export const publishedTranscriptSchema = z.object({
  cues: z.array(transcriptCueSchema),
  source: z.enum(TRANSCRIPT_SOURCES),
  url: z.string().describe('/feeds/transcripts/{episodeId}.vtt'),
  publishedAt: isoDate,
}).meta({ id: 'PublishedTranscript' });

export const transcriptionJobSchema = z.object({
  id: z.string(),
  episodeId: z.number().int(),
  status: z.enum(TRANSCRIPTION_STATUSES),
  partsDone: z.number().int(),
  partsTotal: z.number().int().nullable().describe('How many parts the audio is sent in; null until the audio has been read'),
  error: z.string().nullable().describe("Why the last try of a part failed; a 'failed' job's reason"),
  createdAt: isoDate,
  finishedAt: isoDate.nullable(),
}).meta({ id: 'TranscriptionJob' });

export const episodeTranscriptSchema = z.object({
  draft: transcriptDraftSchema.nullable(),
  published: publishedTranscriptSchema.nullable(),
  job: transcriptionJobSchema.nullable().describe('The latest transcription of the episode, if any'),
}).meta({ id: 'EpisodeTranscript' });

export const transcriptUploadSchema = z.object({
  format: z.enum(['vtt', 'srt'], { error: "format must be 'vtt' or 'srt'" }),
  text: z.string({ error: 'text must be the file\'s contents' }).max(TRANSCRIPT_FILE_MAX_CHARS, { error: 'The file is too large' }),
}).strict().meta({ id: 'TranscriptUpload' });

export const transcriptDraftUpdateSchema = z.object({
  version: z.number({ error: 'version must be the draft\'s version' }).int(),
  cues: transcriptCuesSchema,
}).strict().meta({ id: 'TranscriptDraftUpdate' });

export const transcribeRequestSchema = z.object({
  confirm: z.boolean().optional()
    .describe('The editor confirms sending the audio to the speech service: required for an unpublished or premium episode'),
}).strict().meta({ id: 'TranscribeRequest' });

export const transcriptPublishSchema = z.object({
  version: z.number({ error: 'version must be the draft\'s version' }).int().describe('The draft version the editor read'),
  reviewed: z.boolean().optional().describe("The editor's screen showed the whole draft: required for a machine transcript"),
}).strict().meta({ id: 'TranscriptPublish' });

/** What an episode answer carries: the published transcript, when the reader may hear the episode. */
export const transcriptLinkSchema = z.object({ url: z.string().describe('/feeds/transcripts/{episodeId}.vtt (text/vtt)') }).meta({ id: 'TranscriptLink' });

/** The spoken line an episode search matched (only in answers to GET /api/podcasts?q=). */
export const transcriptMatchSchema = z.object({ start: z.number(), end: z.number(), text: z.string() }).meta({ id: 'TranscriptMatch' });

export type TranscriptCue = z.infer<typeof transcriptCueSchema>;
export type TranscriptDraft = z.infer<typeof transcriptDraftSchema>;
export type PublishedTranscript = z.infer<typeof publishedTranscriptSchema>;
export type TranscriptionJob = z.infer<typeof transcriptionJobSchema>;
export type EpisodeTranscript = z.infer<typeof episodeTranscriptSchema>;
export type TranscriptSource = (typeof TRANSCRIPT_SOURCES)[number];
export type TranscriptMatch = z.infer<typeof transcriptMatchSchema>;

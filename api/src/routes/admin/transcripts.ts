import busboy from 'busboy';
import {
  episodeTranscriptSchema, ERROR_CODES, idParam, publishedTranscriptSchema, transcribeRequestSchema, TRANSCRIPT_FILE_MAX_CHARS,
  transcriptDraftSchema, transcriptDraftUpdateSchema, transcriptionJobSchema, transcriptPublishSchema, transcriptUploadSchema,
} from '@redaktion/shared';
import { z } from 'zod';
import type { AppContext } from '../../http/context.js';
import { endpoint } from '../../http/endpoint.js';
import { badRequest, HttpError, notFound } from '../../errors.js';
import { providerAnswers } from '../../integrations/provider.js';
import type { PodcastRow } from '../../db/rows.js';
import type { Services } from '../../services/index.js';
import type { Transcription } from '../../services/voice/transcription.js';
import { readTranscriptFile, type TranscriptFormat } from '../../services/voice/webvtt.js';

const TAG = 'Admin: transcripts';
const params = z.object({ id: idParam });
const EPISODE_MISSING = { 404: { description: 'No such episode' } };
const EDIT_CONFLICT = { 409: { description: 'The draft changed since the version named (code edit_conflict; `current` is the draft now)' } };

/** The form's file, read whole (a transcript is text, a few megabytes at most); its format from its name. */
async function receiveFile(ctx: AppContext): Promise<{ format: TranscriptFormat; text: string }> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: ctx.req.headers, limits: { files: 1, fields: 5, fileSize: TRANSCRIPT_FILE_MAX_CHARS * 4 } });
  } catch {
    throw badRequest('Malformed multipart body');
  }
  return new Promise((resolve, reject) => {
    let format: TranscriptFormat | undefined;
    let refused: HttpError | null = null;
    const chunks: Buffer[] = [];
    parser.on('file', (field, stream, { filename }) => {
      format = /\.(vtt|srt)$/i.exec(filename ?? '')?.[1]?.toLowerCase() as TranscriptFormat | undefined;
      if (field !== 'file' || !format) {
        refused = new HttpError(415, 'Upload a WebVTT (.vtt) or SubRip (.srt) file', ERROR_CODES.unsupportedType, [{ path: 'file', message: 'Upload a .vtt or .srt file' }]);
        stream.resume();
        return;
      }
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => { refused = new HttpError(413, 'The file is too large for a transcript', ERROR_CODES.tooLarge); });
    });
    parser.on('error', () => reject(badRequest('The upload was interrupted or malformed')));
    parser.on('close', () => {
      if (refused) reject(refused);
      else if (!format) reject(badRequest('Send the transcript as the form field "file"'));
      else resolve({ format, text: Buffer.concat(chunks).toString('utf8') });
    });
    ctx.req.pipe(parser);
  });
}

/**
 * Transcripts in the admin (contract §9 [voice]): an episode's transcript is uploaded (.vtt or .srt) or made by the
 * speech integration as a job, corrected in the cue editor and published by an editor. Publishing names the draft
 * version the editor's screen showed; a machine transcript also needs `reviewed: true`, which the screen sends only
 * once it has shown the editor the whole draft: a machine transcript is never published unread.
 */
export const transcriptEndpoints = ({ podcasts, transcripts }: Services, transcription: Transcription) => {
  const episode = async (id: number): Promise<PodcastRow> => {
    const row = await podcasts.byId(id, true);
    if (!row) throw notFound('Podcast not found');
    return row;
  };

  return [
    endpoint({
      method: 'get', path: '/api/admin/podcasts/:id/transcript', tag: TAG, access: 'admin',
      summary: "The episode's transcript: the draft being worked on, the published one and the latest transcription (its parts done of the total)",
      params, response: episodeTranscriptSchema, answers: EPISODE_MISSING,
      handle: async (_ctx, { params: { id } }) => {
        await episode(id);
        return { ...(await transcripts.state(id)), job: await transcription.latest(id) };
      },
    }),
    endpoint({
      method: 'post', path: '/api/admin/podcasts/:id/transcript/upload', tag: TAG, access: 'admin', keepsCache: true,
      summary: 'Uploads a .vtt or .srt file as the draft (replacing any): multipart field `file`, or JSON `{format, text}`. '
        + 'A malformed file is refused with each problem\'s line named (issues: `line N`). Cue markup is kept and shown as text',
      params, body: transcriptUploadSchema, response: transcriptDraftSchema,
      form: { file: { file: true, required: true, description: 'The transcript: a .vtt or .srt file (the name\'s extension tells which)' } },
      answers: { ...EPISODE_MISSING, 413: { description: 'The file is too large (code payload_too_large)' }, 415: { description: 'Not a .vtt or .srt file (code unsupported_media_type)' } },
      handle: async (ctx, { params: { id }, body }) => {
        await episode(id);
        const file = ctx.is('multipart') ? await receiveFile(ctx) : body;
        return transcripts.saveDraft(id, await readTranscriptFile(file.text, file.format), 'upload', ctx.state.user!.id);
      },
    }),
    endpoint({
      method: 'put', path: '/api/admin/podcasts/:id/transcript/draft', tag: TAG, access: 'admin', keepsCache: true,
      summary: "Saves the cue editor's cues as the draft; `version` is the draft's version the editor started from",
      params, body: transcriptDraftUpdateSchema, response: transcriptDraftSchema, answers: { ...EPISODE_MISSING, ...EDIT_CONFLICT },
      handle: async (ctx, { params: { id }, body }) => {
        await episode(id);
        // Corrected, a machine draft is still the machine's words: publishing it still asks for the editor's review.
        const current = (await transcripts.state(id)).draft;
        return transcripts.saveDraft(id, body.cues, current?.source ?? 'upload', ctx.state.user!.id, body.version);
      },
    }),
    endpoint({
      method: 'delete', path: '/api/admin/podcasts/:id/transcript/draft', tag: TAG, access: 'admin', status: 204, keepsCache: true,
      summary: 'Discards the draft (the published transcript, if any, stays)', params, answers: EPISODE_MISSING,
      handle: async (_ctx, { params: { id } }) => {
        await episode(id);
        await transcripts.discardDraft(id);
      },
    }),
    endpoint({
      method: 'post', path: '/api/admin/podcasts/:id/transcript/transcribe', tag: TAG, access: 'admin', status: 202, keepsCache: true,
      summary: 'Transcribes the episode\'s audio with the speech integration (AI_TRANSCRIBE_MODEL), as a job: the audio is sent in parts of at most '
        + 'AI_TRANSCRIBE_PART_BYTES, cut between MP3 frames, and the cues joined in the episode\'s time into the draft (source machine). '
        + 'Follow it at GET /api/admin/transcriptions/{jobId}. An unpublished or premium episode needs confirm: true (400 otherwise): '
        + 'nothing unpublished or premium is sent without the editor confirming it',
      params, body: transcribeRequestSchema, response: transcriptionJobSchema,
      answers: { ...providerAnswers('Speech (AI_AUDIO_BASE_URL)'), ...EPISODE_MISSING, 409: { description: 'No audio, or a transcription of the episode is under way (code conflict)' } },
      handle: async (ctx, { params: { id }, body }) => transcription.start(await episode(id), body.confirm === true, ctx.state.user!.id),
    }),
    endpoint({
      method: 'get', path: '/api/admin/transcriptions/:jobId', tag: TAG, access: 'admin',
      summary: 'A transcription\'s progress: parts done of the total, the last failure of a part (tried again with backoff), done or failed',
      params: z.object({ jobId: z.uuid({ error: 'Unknown transcription' }) }), response: transcriptionJobSchema,
      answers: { 404: { description: 'No such transcription' } },
      handle: (_ctx, { params: { jobId } }) => transcription.get(jobId),
    }),
    endpoint({
      method: 'post', path: '/api/admin/podcasts/:id/transcript/publish', tag: TAG, access: 'admin',
      summary: 'Publishes the draft of `version`: served at /feeds/transcripts/{id}.vtt, linked in the feeds, matched by episode search. '
        + 'A machine transcript needs reviewed: true, which the editor\'s screen sends once it has shown the whole draft',
      params, body: transcriptPublishSchema, response: publishedTranscriptSchema,
      answers: { ...EPISODE_MISSING, 409: { description: 'No draft; a machine draft without reviewed: true (code conflict); or the draft changed (code edit_conflict)' } },
      handle: async (ctx, { params: { id }, body }) => {
        await episode(id);
        return transcripts.publish(id, body.version, body.reviewed === true, ctx.state.user!.id);
      },
    }),
    endpoint({
      method: 'delete', path: '/api/admin/podcasts/:id/transcript/published', tag: TAG, access: 'admin', status: 204,
      summary: 'Withdraws the published transcript: its file, its feed tags and its words in search go; the draft stays',
      params, answers: EPISODE_MISSING,
      handle: async (_ctx, { params: { id } }) => {
        await episode(id);
        await transcripts.withdraw(id);
      },
    }),
  ];
};

import { ERROR_CODES, type EpisodeTranscript, type PublishedTranscript, type TranscriptCue, type TranscriptDraft, type TranscriptSource } from '@redaktion/shared';
import type { Db } from '../../db/connection.js';
import type { Timestamp } from '../../db/rows.js';
import { fromJson, nowIso, toIso, toJson } from '../../db/values.js';
import { conflict, HttpError, notFound } from '../../errors.js';
import { transcriptPath } from './transcript-paths.js';
import { writeWebVtt } from './webvtt.js';

interface TranscriptRow {
  podcastId: number;
  draft: string | null;
  draftSource: TranscriptSource | null;
  draftVersion: number;
  draftUpdatedAt: Timestamp | null;
  published: string | null;
  publishedSource: TranscriptSource | null;
  publishedAt: Timestamp | null;
}

/** How many published cues are written at once (SQLite takes at most 32,766 bound values in one statement). */
const LINES_PER_INSERT = 500;

const editConflict = (current: TranscriptDraft | null) => new HttpError(409,
  'The draft was changed since you opened it (by a transcription or another editor): reload it, then edit or publish', ERROR_CODES.editConflict,
  undefined, undefined, { current });

/**
 * An episode's transcript (contract §9 [voice]): a draft the newsroom works on, and the version published from it.
 * The draft stays after publishing, as the working copy for the next correction. Publishing names the draft version
 * the editor read, so that what goes out is what was read; a machine-made draft also needs the editor's `reviewed`.
 */
export function createTranscripts(db: Db) {
  const find = async (podcastId: number, trx: Db = db): Promise<TranscriptRow | undefined> => trx('podcastTranscripts').where({ podcastId }).first();

  const draftOf = (row: TranscriptRow | undefined): TranscriptDraft | null => (row?.draft ? {
    version: row.draftVersion, source: row.draftSource ?? 'upload', cues: fromJson<TranscriptCue[]>(row.draft, []), updatedAt: toIso(row.draftUpdatedAt) ?? '',
  } : null);

  const publishedOf = (row: TranscriptRow | undefined): PublishedTranscript | null => (row?.published ? {
    cues: fromJson<TranscriptCue[]>(row.published, []), source: row.publishedSource ?? 'upload',
    url: transcriptPath(row.podcastId), publishedAt: toIso(row.publishedAt) ?? '',
  } : null);

  return {
    async state(podcastId: number): Promise<Omit<EpisodeTranscript, 'job'>> {
      const row = await find(podcastId);
      return { draft: draftOf(row), published: publishedOf(row) };
    },

    /**
     * Stores `cues` as the episode's draft. `expectedVersion` (an editor's save) must be the draft's current version;
     * an upload or a finished transcription replaces whatever draft there was.
     */
    async saveDraft(podcastId: number, cues: TranscriptCue[], source: TranscriptSource, userId: number | null, expectedVersion?: number, trx: Db = db): Promise<TranscriptDraft> {
      const row = await find(podcastId, trx);
      if (expectedVersion !== undefined && (row?.draftVersion ?? 0) !== expectedVersion) throw editConflict(draftOf(row));
      const draft = { draft: toJson(cues), draftSource: source, draftVersion: (row?.draftVersion ?? 0) + 1, draftUpdatedAt: nowIso(), draftUpdatedBy: userId };
      if (row) await trx('podcastTranscripts').where({ podcastId }).update(draft);
      else await trx('podcastTranscripts').insert({ podcastId, ...draft });
      return draftOf({ ...(row ?? { podcastId, published: null, publishedSource: null, publishedAt: null }), ...draft })!;
    },

    async discardDraft(podcastId: number): Promise<void> {
      const changed = await db('podcastTranscripts').where({ podcastId }).whereNotNull('draft')
        .update({ draft: null, draftSource: null, draftVersion: db.raw('draft_version + 1'), draftUpdatedAt: nowIso() });
      if (!changed) throw notFound('This episode has no transcript draft');
    },

    /** Publishes the draft the editor read: its cues become the served WebVTT and the words episode search matches. */
    async publish(podcastId: number, version: number, reviewed: boolean, userId: number): Promise<PublishedTranscript> {
      return db.transaction(async (trx) => {
        const row = await find(podcastId, trx);
        const draft = draftOf(row);
        if (!row || !draft) throw conflict('This episode has no transcript draft to publish: upload one or transcribe the audio');
        if (draft.version !== version) throw editConflict(draft);
        if (draft.source === 'machine' && !reviewed) {
          throw conflict('A machine transcript is published only after an editor has read it through: send reviewed: true from the screen that showed it');
        }
        const publishedAt = nowIso();
        await trx('podcastTranscripts').where({ podcastId })
          .update({ published: row.draft, publishedSource: draft.source, publishedAt, publishedBy: userId });
        await trx('transcriptLines').where({ podcastId }).delete();
        const lines = draft.cues.map((cue) => ({ podcastId, startSeconds: cue.start, endSeconds: cue.end, text: cue.text }));
        for (let at = 0; at < lines.length; at += LINES_PER_INSERT) await trx('transcriptLines').insert(lines.slice(at, at + LINES_PER_INSERT));
        await trx('podcasts').where({ id: podcastId }).update({ transcriptPublishedAt: publishedAt });
        return publishedOf({ ...row, published: row.draft, publishedSource: draft.source, publishedAt })!;
      });
    },

    /** Takes the published transcript down (the draft stays): its file, its feed tags and its words in search go. */
    async withdraw(podcastId: number): Promise<void> {
      await db.transaction(async (trx) => {
        const changed = await trx('podcastTranscripts').where({ podcastId }).whereNotNull('published')
          .update({ published: null, publishedSource: null, publishedAt: null, publishedBy: null });
        if (!changed) throw notFound('This episode has no published transcript');
        await trx('transcriptLines').where({ podcastId }).delete();
        await trx('podcasts').where({ id: podcastId }).update({ transcriptPublishedAt: null });
      });
    },

    /** The published transcript as WebVTT, or null. Whether the caller may have it is the route's question. */
    async publishedVtt(podcastId: number): Promise<string | null> {
      const row = await find(podcastId);
      return row?.published ? writeWebVtt(fromJson<TranscriptCue[]>(row.published, [])) : null;
    },
  };
}

export type Transcripts = ReturnType<typeof createTranscripts>;

import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { ERROR_CODES, TRANSCRIPT_CUE_MAX_CHARS, type TranscriptCue, type TranscriptionJob } from '@redaktion/shared';
import type { Db } from '../../db/connection.js';
import type { PodcastRow, Timestamp } from '../../db/rows.js';
import { fromJson, nowIso, toBool, toIso, toJson } from '../../db/values.js';
import { conflict, HttpError, notFound } from '../../errors.js';
import type { AiAudio, SpokenSegment } from '../../integrations/ai-audio.js';
import { log } from '../../log.js';
import type { Storage } from '../../storage/index.js';
import type { JobQueue } from '../jobs/index.js';
import { JOB_ATTEMPTS } from '../jobs/job-queue.js';
import { audioExtension, episodeAudioKey } from '../media/episode-audio.js';
import { audioParts, type AudioPart } from './audio-parts.js';
import type { Transcripts } from './transcripts.js';

/** One part of one transcription: each part is a job of its own, so that no job runs longer than one call's timeout. */
const KIND = 'transcript.part';

interface JobRow {
  id: string; podcastId: number; status: TranscriptionJob['status']; partsDone: number; partsTotal: number | null; attempts: number;
  /** JSON: each done part's segments, by part, already in the episode's time. */
  segments: string; error: string | null; createdBy: number | null; createdAt: Timestamp; finishedAt: Timestamp | null;
}

const CONFIRMATION_NEEDED = 'Nothing unpublished or premium is sent to the speech service without the editor confirming it: send confirm: true';

const view = (row: JobRow): TranscriptionJob => ({
  id: row.id, episodeId: row.podcastId, status: row.status, partsDone: row.partsDone, partsTotal: row.partsTotal,
  error: row.error, createdAt: toIso(row.createdAt) ?? '', finishedAt: toIso(row.finishedAt),
});

/** A part's segments as cues in the episode's time: shifted by where the part starts. */
const shifted = (segments: SpokenSegment[], part: AudioPart): TranscriptCue[] => segments.map((segment) => {
  const start = part.start + Math.max(0, segment.start);
  // A segment the service timed as a point still gets a moment on screen.
  return { start, end: Math.max(part.start + segment.end, start + 0.001), text: segment.text.slice(0, TRANSCRIPT_CUE_MAX_CHARS) };
});

/**
 * Machine transcripts (contract §9 [voice]): an episode's audio is read from the store, cut into parts the speech
 * service takes (`partBytes`), and each part sent as a job of its own; the job of the last part joins the cues and
 * stores them as the episode's draft, for an editor to read before publishing. A part that fails is tried again with
 * the job queue's backoff, the parts already done kept; after JOB_ATTEMPTS tries the transcription is failed with the
 * reason. Its state is in `transcription_jobs`, so that any process answers for it.
 */
export function createTranscription(db: Db, jobs: JobQueue, storage: Storage, speech: AiAudio, transcripts: Transcripts, partBytes: number) {
  const rows = () => db('transcriptionJobs');
  const find = async (id: string): Promise<JobRow | undefined> => rows().where({ id }).first();

  async function partsOf(episode: PodcastRow): Promise<AsyncGenerator<AudioPart>> {
    const stream: Readable | null = episode.audioFile ? await storage.get(episodeAudioKey(episode.audioFile)) : null;
    if (!stream) throw conflict('The episode\'s audio file is missing');
    return audioParts(stream, episode.audioType ?? 'audio/mpeg', partBytes);
  }

  /** Reads the audio as far as part `index`: parts are cut the same way on every read. */
  async function readPart(episode: PodcastRow, index: number): Promise<AudioPart> {
    const parts = await partsOf(episode);
    for await (const part of parts) {
      if (part.index === index) {
        await parts.return(undefined);
        return part;
      }
    }
    throw new Error(`The audio has no part ${index + 1}`);
  }

  async function countParts(episode: PodcastRow): Promise<number> {
    let count = 0;
    for await (const part of await partsOf(episode)) count = part.index + 1;
    return count;
  }

  async function runPart(payload: unknown): Promise<void> {
    const { id, index } = payload as { id: string; index: number };
    const row = await find(id);
    // Settled, or this part already done by an earlier run: nothing left for this job.
    if (!row || row.status === 'done' || row.status === 'failed' || row.partsDone > index) return;
    const attempts = row.attempts + 1;
    await rows().where({ id }).update({ status: 'running', attempts });
    try {
      const episode: PodcastRow | undefined = await db('podcasts').where({ id: row.podcastId }).first();
      if (!episode?.audioFile) throw conflict('The episode has no audio any more');
      const partsTotal = row.partsTotal ?? await countParts(episode);
      if (row.partsTotal === null) await rows().where({ id }).update({ partsTotal });
      const part = await readPart(episode, index);
      const cues = shifted(await speech.transcribe(part.audio, `part-${index + 1}.${audioExtension(episode.audioFile)}`, 'sv'), part);
      const segments = [...fromJson<TranscriptCue[][]>(row.segments, []).slice(0, index), cues];
      const last = index + 1 >= partsTotal;
      await db.transaction(async (trx) => {
        // Once joined into the draft, the parts' segments are not kept twice.
        await trx('transcriptionJobs').where({ id }).update({
          segments: last ? '[]' : toJson(segments), partsDone: index + 1, attempts: 0, error: null, ...(last ? { status: 'done', finishedAt: nowIso() } : {}),
        });
        if (last) await transcripts.saveDraft(row.podcastId, segments.flat().sort((a, b) => a.start - b.start), 'machine', row.createdBy, undefined, trx);
        else await jobs.enqueue(KIND, { id, index: index + 1 }, trx);
      });
    } catch (error) {
      const known = error instanceof HttpError;
      if (!known) log.error({ err: error }, 'A transcription part failed on our side');
      const reason = `Part ${index + 1}: ${known ? error.message : 'the transcription failed on our side'}`;
      // What no second try changes (no audio, audio that cannot be cut) ends it at once; a failing service is tried again.
      const lasting = known && error.status < 500 && error.status !== 429;
      if (lasting || attempts >= JOB_ATTEMPTS) {
        await rows().where({ id }).update({ status: 'failed', error: reason, finishedAt: nowIso() });
        return;
      }
      // Thrown on: the queue tries this part again after its backoff, with the parts before it kept.
      await rows().where({ id }).update({ error: reason });
      throw error;
    }
  }

  return {
    jobs: { [KIND]: runPart },

    /**
     * Starts transcribing an episode's audio. An episode readers cannot all hear (unpublished, or premium) is sent
     * only on the editor's confirmation; one transcription of an episode runs at a time.
     */
    async start(episode: PodcastRow, confirmed: boolean, userId: number): Promise<TranscriptionJob> {
      speech.assertConfigured();
      if (!episode.audioFile) throw conflict('This episode has no audio to transcribe');
      const open = episode.status === 'published' && !toBool(episode.premium) && (toIso(episode.publishedAt) ?? '') <= nowIso();
      if (!open && !confirmed) throw new HttpError(400, CONFIRMATION_NEEDED, ERROR_CODES.validation, [{ path: 'confirm', message: CONFIRMATION_NEEDED }]);
      const row: JobRow = {
        id: randomUUID(), podcastId: episode.id, status: 'queued', partsDone: 0, partsTotal: null, attempts: 0, segments: '[]', error: null,
        createdBy: userId, createdAt: nowIso(), finishedAt: null,
      };
      await db.transaction(async (trx) => {
        const running = await trx('transcriptionJobs').where({ podcastId: episode.id }).whereIn('status', ['queued', 'running']).first('id');
        if (running) throw conflict('This episode is being transcribed already: follow that transcription, or wait for it to end');
        await trx('transcriptionJobs').insert(row);
        await jobs.enqueue(KIND, { id: row.id, index: 0 }, trx);
      });
      return view(row);
    },

    async get(id: string): Promise<TranscriptionJob> {
      const row = await find(id);
      if (!row) throw notFound('Transcription not found');
      return view(row);
    },

    async latest(podcastId: number): Promise<TranscriptionJob | null> {
      const row: JobRow | undefined = await rows().where({ podcastId }).orderBy('createdAt', 'desc').first();
      return row ? view(row) : null;
    },
  };
}

export type Transcription = ReturnType<typeof createTranscription>;

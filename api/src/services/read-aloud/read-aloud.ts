import { randomUUID } from 'node:crypto';
import { ERROR_CODES, type ReadAloud, type ReadAloudVoice } from '@redaktion/shared';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import { isPostgres } from '../../db/connection.js';
import type { ArticleAudioRow, ArticleRow } from '../../db/rows.js';
import { nowIso, toBool } from '../../db/values.js';
import { HttpError, notFound } from '../../errors.js';
import type { AiAudio } from '../../integrations/ai-audio.js';
import { log } from '../../log.js';
import type { Storage } from '../../storage/index.js';
import type { JobQueue } from '../jobs/index.js';
import { episodeAudioKey } from '../media/episode-audio.js';
import { joinMp3 } from '../media/mp3.js';
import { fieldError } from '../admin/editorial.js';
import { articleAudioPath, draftAudioPath } from './paths.js';
import { spokenHash, spokenText, speechParts } from './spoken-text.js';

const KIND = 'read-aloud.make';
/** The voice chosen in the admin's settings, kept with the server's other shared values. */
const VOICE_SETTING = 'speech_voice';

interface MakePayload { articleId: number; jobId: string }

/**
 * Read-aloud (contract §9 [voice]): an article's text spoken by the speech service in parts cut at sentence ends,
 * joined into one MP3 stored as episode audio is, listened to by an editor and published. The making is a durable
 * job whose state lives in `article_audio`, so any process runs it and any answers for it; a newer request replaces
 * an older one, whose job then ends without a word. A failure of the service is the making's result, not retried:
 * the editor sees it and asks again.
 */
export function createReadAloud(db: Db, config: Config, storage: Storage, jobs: JobQueue, speech: AiAudio) {
  const makings = (trx: Db = db) => trx('articleAudio');
  const making = async (articleId: number, trx: Db = db) => (await makings(trx).where({ articleId }).first()) as ArticleAudioRow | undefined;
  const article = async (id: number): Promise<ArticleRow | undefined> => db('articles').where({ id }).first();
  /** The article, locked until `trx` ends: a save of its text waits for the publication that checked it (SQLite runs one at a time). */
  const locked = async (id: number, trx: Db): Promise<ArticleRow | undefined> =>
    (isPostgres(trx) ? trx('articles').where({ id }).forUpdate() : trx('articles').where({ id })).first();
  /** Changes the making only while it is still `jobId`'s: false once a newer request replaced it. */
  const stillMaking = async (articleId: number, jobId: string, changes: Partial<ArticleAudioRow>) =>
    (await makings().where({ articleId, jobId }).update(changes)) > 0;

  async function chosenVoice(): Promise<string | null> {
    const row = (await db('appSettings').where({ key: VOICE_SETTING }).first()) as { value: string } | undefined;
    return row?.value ?? null;
  }

  /** Files a replaced draft or withdrawn audio leaves behind; one that cannot be removed now is only space. */
  async function discard(...files: (string | null | undefined)[]): Promise<void> {
    for (const file of new Set(files.filter((name): name is string => Boolean(name)))) {
      await storage.delete(episodeAudioKey(file)).catch((error: unknown) => log.warn({ err: error, file }, 'A read-aloud file could not be removed'));
    }
  }

  async function make({ articleId, jobId }: MakePayload, stopping: AbortSignal): Promise<void> {
    const row = await making(articleId);
    if (row?.jobId !== jobId || row.status === 'done' || row.status === 'failed') return;
    const source = await article(articleId);
    if (!source) return;
    // The words as they are now: a save between the request and the job is what the editor will listen to.
    const parts = speechParts(spokenText(source), config.aiAudio.speechMaxChars);
    if (!(await stillMaking(articleId, jobId, { status: 'running', partsDone: 0, partsTotal: parts.length, textHash: spokenHash(source) }))) return;
    const spoken: Buffer[] = [];
    for (const part of parts) {
      // A process that stops hands the making to the next attempt, which begins again (status running is not settled).
      if (stopping.aborted) throw new Error('The process is stopping: the read-aloud is made again by the next attempt');
      spoken.push(await speech.speak(part, row.voice));
      if (!(await stillMaking(articleId, jobId, { partsDone: spoken.length }))) return;
    }
    const { audio, seconds } = joinMp3(spoken);
    const file = `read-aloud-${articleId}-${randomUUID()}.mp3`;
    await storage.put(episodeAudioKey(file), audio, { contentType: 'audio/mpeg' });
    const done = await stillMaking(articleId, jobId, {
      status: 'done', draftFile: file, draftDuration: Math.round(seconds), draftSize: audio.length, finishedAt: nowIso(),
    });
    if (!done) await discard(file);
  }

  async function run(payload: unknown, stopping: AbortSignal): Promise<void> {
    const { articleId, jobId } = payload as MakePayload;
    try {
      await make({ articleId, jobId }, stopping);
    } catch (error) {
      if (stopping.aborted) throw error;
      const known = error instanceof HttpError;
      if (!known) log.error({ err: error, articleId }, 'Making the read-aloud failed on our side');
      await stillMaking(articleId, jobId, {
        status: 'failed', finishedAt: nowIso(),
        error: known ? error.message : 'The read-aloud could not be made on our side',
        errorStatus: known ? error.status : 500, errorCode: known ? error.code : ERROR_CODES.internal,
      });
    }
  }

  function view(source: Pick<ArticleRow, 'id' | 'audioFile' | 'title' | 'excerpt' | 'contentText'>, row: ArticleAudioRow | undefined): ReadAloud {
    const audioUrl = source.audioFile ? articleAudioPath(source.id) : null;
    if (!row) {
      return { status: 'none', voice: null, partsDone: 0, partsTotal: 0, draftUrl: null, duration: null, size: null, stale: false, published: false, audioUrl };
    }
    const draft = row.status === 'done' && row.draftFile ? row.draftFile : null;
    return {
      status: row.status,
      voice: row.voice,
      partsDone: row.partsDone,
      partsTotal: row.partsTotal,
      draftUrl: draft ? draftAudioPath(source.id) : null,
      duration: draft ? row.draftDuration : null,
      size: draft ? row.draftSize : null,
      stale: Boolean(draft) && row.textHash !== spokenHash(source),
      published: Boolean(draft) && draft === source.audioFile,
      audioUrl,
      ...(row.status === 'failed' ? { error: row.error ?? 'The read-aloud could not be made', code: row.errorCode ?? ERROR_CODES.internal } : {}),
    };
  }

  async function existing(articleId: number): Promise<ArticleRow> {
    const found = await article(articleId);
    if (!found) throw notFound('Article not found');
    return found;
  }

  return {
    jobs: { [KIND]: run },

    async voice(): Promise<ReadAloudVoice> {
      return { voice: await chosenVoice(), defaultVoice: config.aiAudio.speechVoice };
    },

    async setVoice(voice: string | null): Promise<ReadAloudVoice> {
      if (voice === null) await db('appSettings').where({ key: VOICE_SETTING }).delete();
      else await db('appSettings').insert({ key: VOICE_SETTING, value: voice }).onConflict('key').merge();
      return { voice, defaultVoice: config.aiAudio.speechVoice };
    },

    async state(articleId: number): Promise<ReadAloud> {
      return view(await existing(articleId), await making(articleId));
    },

    /**
     * Queues the making of an article's audio in the chosen voice. Nothing unpublished or premium goes to the speech
     * service without the editor's `confirm` (contract §9 [voice]); an unconfigured service answers 503 before anything
     * is queued. The draft it replaces is removed, unless it is the published audio, which stays until the new one is published.
     */
    async start(articleId: number, confirm: boolean, userId: number): Promise<ReadAloud> {
      speech.assertConfigured();
      const source = await existing(articleId);
      if (!confirm && (source.status !== 'published' || toBool(source.premium))) {
        throw fieldError('confirm', toBool(source.premium)
          ? 'This article is premium: confirm that its text may be sent to the speech service'
          : 'This article is not published: confirm that its text may be sent to the speech service');
      }
      const voice = (await chosenVoice()) ?? config.aiAudio.speechVoice;
      const jobId = randomUUID();
      const replaced = await making(articleId);
      const row: ArticleAudioRow = {
        articleId, jobId, status: 'queued', voice, textHash: null, partsDone: 0, partsTotal: 0, draftFile: null, draftDuration: null, draftSize: null,
        error: null, errorStatus: null, errorCode: null, requestedBy: userId, createdAt: nowIso(), finishedAt: null,
      };
      await db.transaction(async (trx) => {
        await makings(trx).insert(row).onConflict('articleId').merge();
        await jobs.enqueue(KIND, { articleId, jobId } satisfies MakePayload, trx);
      });
      if (replaced?.draftFile !== source.audioFile) await discard(replaced?.draftFile);
      return view(source, row);
    },

    /** The stored key of the finished draft, for editors to listen to; null when there is none. */
    async draftKey(articleId: number): Promise<string | null> {
      const row = await making(articleId);
      return row?.status === 'done' && row.draftFile ? episodeAudioKey(row.draftFile) : null;
    },

    /**
     * Publishes the finished draft: the article carries it from now on (audioUrl, the read-aloud feed). A draft of words
     * the article no longer has is refused, so that what is heard is what is written.
     */
    async publish(articleId: number): Promise<ReadAloud> {
      const { source, previous, row } = await db.transaction(async (trx) => {
        const current = await locked(articleId, trx);
        if (!current) throw notFound('Article not found');
        const draft = await making(articleId, trx);
        if (draft?.status !== 'done' || !draft.draftFile) throw new HttpError(409, 'There is no finished read-aloud to publish: make it first', ERROR_CODES.conflict);
        if (draft.textHash !== spokenHash(current)) {
          throw new HttpError(409, 'The article\'s text has changed since this read-aloud was made: make it again', ERROR_CODES.conflict);
        }
        const published = { audioFile: draft.draftFile, audioDuration: draft.draftDuration, audioSize: draft.draftSize };
        await trx('articles').where({ id: articleId }).update(published);
        return { source: { ...current, ...published }, previous: current.audioFile, row: draft };
      });
      if (previous !== row.draftFile) await discard(previous);
      return view(source, row);
    },

    /** Takes the audio off the article and forgets its making, files and all. */
    async withdraw(articleId: number): Promise<void> {
      const { previous, draft } = await db.transaction(async (trx) => {
        const current = await locked(articleId, trx);
        if (!current) throw notFound('Article not found');
        const row = await making(articleId, trx);
        await trx('articles').where({ id: articleId }).update({ audioFile: null, audioDuration: null, audioSize: null });
        await makings(trx).where({ articleId }).delete();
        return { previous: current.audioFile, draft: row?.draftFile };
      });
      await discard(previous, draft);
    },
  };
}

export type ReadAloudService = ReturnType<typeof createReadAloud>;

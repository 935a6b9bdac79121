import type { ArticleInput, ContentStatus, EpisodeInput, PersonInput } from '@redaktion/shared';
import type { Db } from '../../db/connection.js';
import type { ArticleRow, PeopleProfileRow, PodcastRow, PodcastSeriesRow } from '../../db/rows.js';
import { toJson } from '../../db/values.js';
import type { Storage } from '../../storage/index.js';
import { ADMIN_AUDIO_PREFIX, audioFacts, episodeAudioKey, isAudioFileName } from '../media/episode-audio.js';
import { HttpError, notFound } from '../../errors.js';
import { ERROR_CODES } from '@redaktion/shared';
import type { ArticleCorrectionRow } from '../../db/rows.js';
import { nowIso, toBool, toIso } from '../../db/values.js';
import { bodyColumns } from '../content/article-body.js';
import { createCorrections } from '../editor/corrections.js';
import { createRevisions, restoredFields, revisionState } from '../editor/revisions.js';
import type { Page } from '../content/published.js';
import { editableTable, replacing, type Changes, type EditableTable } from './table.js';
import { CONTENT_TABLES, publicationDate, removeApprovals, syncApproval, type ContentType } from './workflow.js';
import { coverageColumns } from '../live/coverage.js';
import { audioAfterEdit } from '../read-aloud/spoken-text.js';

/** The row each workflow item is stored as. */
interface WorkflowRows {
  article: ArticleRow;
  podcast: PodcastRow;
  profile: PeopleProfileRow;
}

export const fieldError = (path: string, message: string) =>
  new HttpError(400, message, ERROR_CODES.validation, [{ path, message }]);

/**
 * Whether two states of an article stand in the same public lists (status, dates, category, flags): only then does
 * a change concern the answers that show the article and no others.
 */
export const sameListing = (a: ArticleRow, b: ArticleRow): boolean =>
  a.status === b.status && toIso(a.publishedAt) === toIso(b.publishedAt) && a.category === b.category
  && toBool(a.featured) === toBool(b.featured) && toBool(a.categoryFeatured) === toBool(b.categoryFeatured) && toBool(a.premium) === toBool(b.premium);

/** What a save demands of the row it replaces (an If-Match): it throws to refuse the save. */
export type Precondition<R> = (existing: R) => void;

/**
 * Articles, episodes and people profiles: the items that go through the publication workflow.
 * Every save runs in a transaction with its approval bookkeeping.
 */
export function createEditorial(db: Db, storage: Storage) {
  const revisions = createRevisions(db);
  const corrections = createCorrections(db);
  const tables: { [T in ContentType]: EditableTable<WorkflowRows[T]> } = {
    article: editableTable(db, CONTENT_TABLES.article),
    podcast: editableTable(db, CONTENT_TABLES.podcast),
    profile: editableTable(db, CONTENT_TABLES.profile),
  };

  async function assertCategory(slug: string): Promise<void> {
    const known = await db('categories').where({ slug, active: true }).first('id');
    if (!known) throw fieldError('category', `Unknown category: ${slug}`);
  }

  /**
   * Saves one workflow item: insert when `id` is null, otherwise update (404 when it does not exist).
   * `build` makes the item's own columns inside the transaction, where it may check and change related rows.
   */
  async function save<T extends ContentType>(type: T, id: number | null, status: ContentStatus, requestedDate: string | undefined, userId: number,
    build: (trx: Db, existing: WorkflowRows[T] | undefined) => Changes<WorkflowRows[T]> | Promise<Changes<WorkflowRows[T]>>,
    precondition?: Precondition<WorkflowRows[T]>,
    saved?: (trx: Db, row: WorkflowRows[T], existing: WorkflowRows[T] | undefined) => Promise<void>): Promise<WorkflowRows[T]> {
    return db.transaction(async (trx) => {
      const table: EditableTable<WorkflowRows[T]> = tables[type];
      const existing = id === null ? undefined : await table.forUpdate(id, trx);
      if (id !== null && !existing) throw notFound();
      // Checked on the locked row, in the transaction that saves: two saves with the same If-Match cannot both pass.
      if (existing) precondition?.(existing);
      const full = { ...(await build(trx, existing)), status, publishedAt: publicationDate(status, requestedDate, existing?.publishedAt) };
      const row = id === null ? await table.insert(full, trx) : (await table.update(id, full, trx))!;
      await syncApproval(trx, type, row.id, status, userId);
      await saved?.(trx, row, existing);
      return row;
    });
  }

  /** An article's revision for a save: created, published (the save that took it public) or saved. */
  const recordSave = (userId: number) => async (trx: Db, row: ArticleRow, existing: ArticleRow | undefined) =>
    revisions.record(trx, row, !existing ? 'created' : row.status === 'published' && existing.status !== 'published' ? 'published' : 'saved', userId);

  async function remove(type: ContentType, id: number): Promise<void> {
    await db.transaction(async (trx) => {
      const article: Pick<ArticleRow, 'id' | 'everPublished'> | undefined = type === 'article' ? await trx('articles').where({ id }).first('id', 'everPublished') : undefined;
      if (!(await tables[type].remove(id, trx))) throw notFound();
      await removeApprovals(trx, type, id);
      if (article) await revisions.forget(trx, article);
    });
  }

  /** A change of an article that is not a save of the form (a restore, a correction): its row and its revision. */
  async function changeArticle(id: number, userId: number, kind: 'restored' | 'corrected', change: (trx: Db, existing: ArticleRow) => Promise<Partial<ArticleRow>>,
    precondition?: Precondition<ArticleRow>): Promise<ArticleRow> {
    return db.transaction(async (trx) => {
      const existing = await tables.article.forUpdate(id, trx);
      if (!existing) throw notFound('Article not found');
      precondition?.(existing);
      const fields = await change(trx, existing);
      const row = (await tables.article.update(id, { ...fields, updatedAt: nowIso() } as Changes<ArticleRow>, trx))!;
      await revisions.record(trx, row, kind, userId);
      return row;
    });
  }

  /** Episode audio is an uploaded file in the store, or the episode's current file on an edit. */
  async function audioFileFor(audioUrl: string | undefined, existing: PodcastRow | undefined): Promise<string | null> {
    if (!audioUrl) return null;
    if (existing && audioUrl === `/api/podcasts/${existing.id}/audio`) return existing.audioFile;
    if (audioUrl.startsWith(ADMIN_AUDIO_PREFIX)) {
      const file = audioUrl.slice(ADMIN_AUDIO_PREFIX.length);
      if (isAudioFileName(file) && (await storage.stat(episodeAudioKey(file)))) return file;
    }
    throw fieldError('audioUrl', 'Audio file is required');
  }

  const byClientId = async (clientId: string): Promise<ArticleRow | undefined> => db('articles').where({ clientId }).first();

  return {
    articles: {
      list: (page: Page) => tables.article.list(page),
      byId: (id: number) => tables.article.byId(id),
      byClientId,
      async save(id: number | null, input: ArticleInput, userId: number, precondition?: Precondition<ArticleRow>): Promise<ArticleRow> {
        await assertCategory(input.category);
        // The clientId is the draft's identity from its creation on: an edit never changes it.
        const { status, publishedAt, clientId, kind, liveStatus, ...fields } = input;
        try {
          return await save('article', id, status, publishedAt, userId, async (trx, existing) => {
            // The featured article is the single global hero: featuring one un-features the others.
            if (input.featured) await trx('articles').where({ featured: true }).modify((q) => (id ? q.whereNot({ id }) : q)).update({ featured: false });
            const body = bodyColumns(fields.content);
            return {
              ...replacing(['imageUrl', 'imageAlt', 'imageCredit', 'authorImage', 'authorTitle'], fields),
              ...body,
              ...audioAfterEdit(existing, { ...fields, ...body }),
              // Its history is kept for good from the moment it first goes public, even if it is later deleted.
              ...(status === 'published' ? { everPublished: true } : {}),
              ...(id === null && clientId ? { clientId } : {}),
              ...coverageColumns({ kind, liveStatus }, existing, status, publicationDate(status, publishedAt, existing?.publishedAt)),
            };
          }, precondition, recordSave(userId));
        } catch (error) {
          // The same offline draft sent twice at once: the unique clientId lets one in, the other gets that one.
          const stored = id === null && clientId && /unique/i.test(String((error as Error).message)) ? await byClientId(clientId) : undefined;
          if (stored) return stored;
          throw error;
        }
      },
      remove: (id: number) => remove('article', id),

      revisions: (id: number) => revisions.list(id),
      revision: (id: number, revisionId: number) => revisions.byId(id, revisionId),
      autosave: revisions.autosave,
      pruneAutosaves: revisions.pruneAutosaves,

      /** Makes a revision's text current; status, paywall and dates stay as they are (contract §9). */
      async restore(id: number, revisionId: number, userId: number, precondition?: Precondition<ArticleRow>): Promise<ArticleRow> {
        const revision = await revisions.byId(id, revisionId);
        if (!revision) throw notFound('Revision not found');
        const fields = restoredFields(revisionState(revision));
        return changeArticle(id, userId, 'restored', async (_trx, existing) => {
          const restored = { ...fields, ...bodyColumns(fields.content) };
          return { ...restored, ...audioAfterEdit(existing, restored) };
        }, precondition);
      },

      corrections: (id: number) => corrections.forArticle(id),

      async addCorrection(id: number, text: string, userId: number): Promise<ArticleCorrectionRow> {
        let added: ArticleCorrectionRow | undefined;
        await changeArticle(id, userId, 'corrected', async (trx, existing) => {
          if (existing.status !== 'published') throw new HttpError(409, 'Only a published article can be corrected', ERROR_CODES.conflict);
          added = await corrections.add(trx, id, text, userId);
          return {};
        });
        return added!;
      },

      async removeCorrection(id: number, correctionId: number, userId: number): Promise<void> {
        await changeArticle(id, userId, 'corrected', async (trx) => {
          if (!(await corrections.remove(trx, id, correctionId))) throw notFound('Correction not found');
          return {};
        });
      },
    },

    podcasts: {
      list: (page: Page) => tables.podcast.list(page),
      byId: (id: number) => tables.podcast.byId(id),
      async save(id: number | null, input: EpisodeInput, userId: number, precondition?: Precondition<PodcastRow>): Promise<PodcastRow> {
        const { status, publishedAt, audioUrl, chapters, ...fields } = input;
        return save('podcast', id, status, publishedAt, userId, async (trx, existing) => {
          if (fields.seriesId) {
            const series: Pick<PodcastSeriesRow, 'active'> | undefined = await trx('podcast_series').where({ id: fields.seriesId }).first('active');
            if (!series) throw fieldError('seriesId', 'Please select a podcast series');
            if (!existing && !series.active) throw fieldError('seriesId', 'This series is not active: new episodes cannot be added');
          }
          const audioFile = await audioFileFor(audioUrl, existing);
          return {
            ...replacing(['imageUrl', 'category'], fields),
            seriesId: fields.seriesId ?? null,
            episodeNumber: fields.episodeNumber ?? 1,
            // Left out, an edit keeps them; none is stored as none.
            ...(chapters === undefined ? {} : { chapters: chapters.length ? toJson(chapters) : null }),
            audioFile,
            ...(await audioFacts(storage, audioFile)),
          };
        }, precondition);
      },
      async setStatus(id: number, status: ContentStatus, userId: number, precondition?: Precondition<PodcastRow>): Promise<PodcastRow> {
        return save('podcast', id, status, undefined, userId, () => ({}), precondition);
      },
      remove: (id: number) => remove('podcast', id),
    },

    profiles: {
      list: (page: Page) => tables.profile.list(page),
      byId: (id: number) => tables.profile.byId(id),
      async save(id: number | null, input: PersonInput, userId: number, precondition?: Precondition<PeopleProfileRow>): Promise<PeopleProfileRow> {
        await assertCategory(input.category);
        const { status, publishedAt, content, achievements, photoGallery, socialLinks, ...fields } = input;
        return save('profile', id, status, publishedAt, userId, () => ({
          ...replacing(['location', 'birthDate'], fields), bio: content, achievements: toJson(achievements), photoGallery: toJson(photoGallery), socialLinks: toJson(socialLinks),
        }), precondition);
      },
      remove: (id: number) => remove('profile', id),
    },
  };
}

export type Editorial = ReturnType<typeof createEditorial>;

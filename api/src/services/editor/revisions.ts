import { RESTORED_FIELDS, type AutosaveInput, type RevisionKind, type RevisionState } from '@redaktion/shared';
import type { Db } from '../../db/connection.js';
import type { ArticleRevisionRow, ArticleRow } from '../../db/rows.js';
import { fromJson, nowIso, toBool, toIso, toJson } from '../../db/values.js';

/** One author's autosaves within this long of the group's first are one revision (contract §9). */
export const AUTOSAVE_GROUP_MS = 10 * 60 * 1000;
/** Autosaves of articles never published are pruned after this long (the 30 days). */
export const AUTOSAVE_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

/** The article as a revision keeps it: its editable fields, status and publication date. */
export function stateOf(row: ArticleRow): RevisionState {
  return {
    title: row.title, excerpt: row.excerpt, content: row.content, category: row.category,
    imageUrl: row.imageUrl, imageAlt: row.imageAlt, imageCredit: row.imageCredit,
    author: row.author, authorImage: row.authorImage, authorTitle: row.authorTitle, readTime: row.readTime,
    featured: toBool(row.featured), categoryFeatured: toBool(row.categoryFeatured), premium: toBool(row.premium),
    status: row.status, publishedAt: toIso(row.publishedAt),
  };
}

/** The state a revision stored. */
export function revisionState(row: ArticleRevisionRow): RevisionState {
  return fromJson<RevisionState>(row.state, {} as RevisionState);
}

/** What a restore makes current: the revision's text fields, nothing of status, paywall or dates. */
export function restoredFields(state: RevisionState): Pick<ArticleRow, (typeof RESTORED_FIELDS)[number]> {
  return Object.fromEntries(RESTORED_FIELDS.map((field) => [field, state[field]])) as Pick<ArticleRow, (typeof RESTORED_FIELDS)[number]>;
}

export interface RevisionAuthor { id: number; username: string }

/**
 * Every change of an article through the API stores the state after it, by whom and when: web, desktop outbox,
 * bearer token, approvals and restores all save through the editorial service, which records here in the same
 * transaction (a change and its revision land together or not at all).
 */
export function createRevisions(db: Db) {
  const authorOf = async (trx: Db, userId: number): Promise<RevisionAuthor> => {
    const user: { username: string } | undefined = await trx('users').where({ id: userId }).first('username');
    return { id: userId, username: user?.username ?? '' };
  };

  return {
    async record(trx: Db, row: ArticleRow, kind: RevisionKind, userId: number): Promise<void> {
      const author = await authorOf(trx, userId);
      await trx('article_revisions').insert({
        articleId: row.id, kind, authorId: author.id, authorUsername: author.username, state: toJson(stateOf(row)), createdAt: nowIso(),
      });
    },

    /**
     * Keeps the editor's work without changing the article, what readers see or any cache: the article's state with
     * the editor's fields over it. One author's autosaves within 10 minutes of their group's first are one revision.
     */
    async autosave(article: ArticleRow, fields: AutosaveInput, userId: number): Promise<ArticleRevisionRow> {
      return db.transaction(async (trx) => {
        const author = await authorOf(trx, userId);
        const typed = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
        const now = nowIso();
        const last: ArticleRevisionRow | undefined = await trx('article_revisions').where({ articleId: article.id }).orderBy('id', 'desc').first();
        const groupStart = last?.kind === 'autosave' && last.authorId === userId ? toIso(last.groupStartedAt) : null;
        if (last && groupStart && Date.now() - Date.parse(groupStart) < AUTOSAVE_GROUP_MS) {
          // The group's revision holds everything typed since it began, the latest of each field.
          const state = { ...revisionState(last), ...typed };
          await trx('article_revisions').where({ id: last.id }).update({ state: toJson(state), createdAt: now });
          return (await trx('article_revisions').where({ id: last.id }).first())!;
        }
        const [inserted] = await trx('article_revisions').insert({
          articleId: article.id, kind: 'autosave', authorId: userId, authorUsername: author.username, state: toJson({ ...stateOf(article), ...typed }),
          createdAt: now, groupStartedAt: now,
        }, ['id']);
        const id = typeof inserted === 'number' ? inserted : (inserted as { id: number }).id;
        return (await trx('article_revisions').where({ id }).first())!;
      });
    },

    list: (articleId: number): Promise<ArticleRevisionRow[]> =>
      db('article_revisions').where({ articleId }).orderBy('id', 'desc'),

    byId: (articleId: number, id: number): Promise<ArticleRevisionRow | undefined> =>
      db('article_revisions').where({ articleId, id }).first(),

    /** A deleted article that never went public takes its history along; one that did keeps it for good. */
    async forget(trx: Db, article: Pick<ArticleRow, 'id' | 'everPublished'>): Promise<void> {
      if (!toBool(article.everPublished)) await trx('article_revisions').where({ articleId: article.id }).delete();
    },

    /** Autosaves of articles never published, older than 30 days: an abandoned draft's keystrokes are not history. */
    async pruneAutosaves(): Promise<number> {
      const before = new Date(Date.now() - AUTOSAVE_KEPT_MS).toISOString();
      return db('article_revisions').where({ kind: 'autosave' }).where('createdAt', '<', before)
        .whereIn('articleId', db('articles').where({ everPublished: false }).select('id')).delete();
    },
  };
}

export type Revisions = ReturnType<typeof createRevisions>;


import type { Db } from '../../db/connection.js';
import type { ArticleCorrectionRow } from '../../db/rows.js';
import { nowIso } from '../../db/values.js';

/** Corrections published with an article (contract §9). The editorial service records each as a revision. */
export function createCorrections(db: Db) {
  return {
    forArticle: (articleId: number, trx: Db = db): Promise<ArticleCorrectionRow[]> =>
      trx('article_corrections').where({ articleId }).orderBy('id'),

    async add(trx: Db, articleId: number, text: string, userId: number): Promise<ArticleCorrectionRow> {
      const [inserted] = await trx('article_corrections').insert({ articleId, text, authorId: userId, createdAt: nowIso() }, ['id']);
      const id = typeof inserted === 'number' ? inserted : (inserted as { id: number }).id;
      return (await trx('article_corrections').where({ id }).first())!;
    },

    /** True when the article had that correction. */
    remove: async (trx: Db, articleId: number, id: number): Promise<boolean> =>
      (await trx('article_corrections').where({ articleId, id }).delete()) > 0,
  };
}

export type Corrections = ReturnType<typeof createCorrections>;

import type { Db } from '../../db/connection.js';
import type { CategoryRow } from '../../db/rows.js';

export function createCategoryReads(db: Db) {
  return {
    active: async (): Promise<CategoryRow[]> => db('categories').where('active', true).orderBy('position').orderBy('id'),
  };
}

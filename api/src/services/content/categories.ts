import type { Db } from '../../db/connection.js';

export function createCategoryReads(db: Db) {
  return {
    active: () => db('categories').where('active', true).orderBy('position').orderBy('id'),
  };
}

import type { Db } from '../../db/connection.js';

/**
 * The newsroom as readers meet it: a journalist who is not inactive, found by id or by the byline an article
 * carries (contract.md §7: an article's author links to the journalist of that name).
 */
export function createJournalistReads(db: Db) {
  const visible = () => db('journalists').whereNot('status', 'inactive');
  return {
    byId: (id: number) => visible().where({ id }).first(),
    byName: (name: string) => visible().whereRaw('lower(name) = ?', [name.trim().toLowerCase()]).orderBy('id').first(),
  };
}

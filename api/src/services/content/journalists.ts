import type { Db } from '../../db/connection.js';
import type { JournalistRow } from '../../db/rows.js';

/**
 * The newsroom as readers meet it: a journalist who is not inactive, found by id or by the byline an article
 * carries (contract.md §7: an article's author links to the journalist of that name).
 */
export function createJournalistReads(db: Db) {
  const visible = () => db('journalists').whereNot('status', 'inactive');
  return {
    byId: async (id: number): Promise<JournalistRow | undefined> => visible().where({ id }).first(),
    byName: async (name: string): Promise<JournalistRow | undefined> => visible().whereRaw('lower(name) = ?', [name.trim().toLowerCase()]).orderBy('id').first(),
  };
}

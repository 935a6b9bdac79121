import type { Db } from '../../db/connection.js';
import type { PeopleProfileRow } from '../../db/rows.js';
import { published, newestFirst, paginate, type Page } from './published.js';

export function createPeopleReads(db: Db) {
  return {
    list: async (page: Page): Promise<PeopleProfileRow[]> =>
      paginate(newestFirst(published(db('people_profiles'), 'people_profiles').orderBy('people_profiles.featured', 'desc'), 'people_profiles'), page),
    async byId(id: number, includeUnpublished: boolean): Promise<PeopleProfileRow | undefined> {
      const query = db('people_profiles').where('people_profiles.id', id);
      return (includeUnpublished ? query : published(query, 'people_profiles')).first();
    },
  };
}

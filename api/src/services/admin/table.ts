import type { Knex } from 'knex';
import { isPostgres } from '../../db/connection.js';
import { insertedId, nowIso } from '../../db/values.js';
import type { Page } from '../content/published.js';

/**
 * A PUT replaces the item: optional fields the body leaves out (the schemas read blank as "left out") are
 * emptied, so an editor can remove an image or an end date. Creates and partial updates do not use this.
 */
export const replacing = <T extends object, K extends keyof T>(optional: readonly K[], row: T) =>
  ({ ...Object.fromEntries(optional.map((key) => [key, null])), ...Object.fromEntries(Object.entries(row).filter(([, value]) => value !== undefined)) }) as
    Omit<T, K> & { [P in K]: Exclude<T[P], undefined> | null };

/** The columns a save writes; the table sets `createdAt` and `updatedAt` itself. */
export type Changes<R> = Partial<Omit<R, 'id' | 'createdAt' | 'updatedAt'>>;

/** The plain storage half of every admin resource, for rows of type R: list every status, find, insert, update, delete. */
export function editableTable<R extends { id: number }>(db: Knex, table: string) {
  const one = async (id: number, trx: Knex): Promise<R | undefined> => trx(table).where({ id }).first();
  return {
    /** Admin lists show every status, most recently changed first. */
    list: async (page: Page, trx: Knex = db): Promise<R[]> =>
      trx(table).orderBy('updatedAt', 'desc').orderBy('id', 'desc').limit(page.limit ?? 100).offset(page.offset ?? 0),
    byId: (id: number, trx: Knex = db) => one(id, trx),
    /**
     * The row, locked until `trx` ends, for a save that depends on what it read (If-Match). On PostgreSQL a second
     * save waits here and then reads the first's result; SQLite runs one transaction at a time anyway.
     */
    forUpdate: async (id: number, trx: Knex): Promise<R | undefined> =>
      (isPostgres(trx) ? trx(table).where({ id }).forUpdate() : trx(table).where({ id })).first(),
    async insert(row: Changes<R>, trx: Knex = db): Promise<R> {
      const now = nowIso();
      const id = insertedId(await trx(table).insert({ ...row, createdAt: now, updatedAt: now }, ['id']));
      return trx(table).where({ id }).first();
    },
    async update(id: number, row: Changes<R>, trx: Knex = db): Promise<R | undefined> {
      const changed = await trx(table).where({ id }).update({ ...row, updatedAt: nowIso() });
      return changed ? one(id, trx) : undefined;
    },
    remove: async (id: number, trx: Knex = db): Promise<boolean> => (await trx(table).where({ id }).delete()) > 0,
  };
}

export type EditableTable<R extends { id: number }> = ReturnType<typeof editableTable<R>>;

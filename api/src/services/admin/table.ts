import type { Knex } from 'knex';
import { isPostgres } from '../../db/connection.js';
import { insertedId, nowIso } from '../../db/values.js';
import type { Page } from '../content/published.js';

type Row = Record<string, unknown>;

/**
 * A PUT replaces the item: optional fields the body leaves out (the schemas read blank as "left out") are
 * emptied, so an editor can remove an image or an end date. Creates and partial updates do not use this.
 */
export const replacing = (optional: readonly string[], row: Row): Row =>
  ({ ...Object.fromEntries(optional.map((key) => [key, null])), ...Object.fromEntries(Object.entries(row).filter(([, value]) => value !== undefined)) });

/** The plain storage half of every admin resource: list every status, find, insert, update, delete. */
export function editableTable(db: Knex, table: string) {
  return {
    /** Admin lists show every status, most recently changed first. */
    list: (page: Page, trx: Knex = db) =>
      trx(table).orderBy('updatedAt', 'desc').orderBy('id', 'desc').limit(page.limit ?? 100).offset(page.offset ?? 0) as Promise<Row[]>,
    byId: (id: number, trx: Knex = db) => trx(table).where({ id }).first() as Promise<Row | undefined>,
    /**
     * The row, locked until `trx` ends, for a save that depends on what it read (If-Match). On PostgreSQL a second
     * save waits here and then reads the first's result; SQLite runs one transaction at a time anyway.
     */
    forUpdate: (id: number, trx: Knex) => (isPostgres(trx) ? trx(table).where({ id }).forUpdate() : trx(table).where({ id }))
      .first() as Promise<Row | undefined>,
    async insert(row: Row, trx: Knex = db): Promise<Row> {
      const now = nowIso();
      const id = insertedId(await trx(table).insert({ ...row, createdAt: now, updatedAt: now }, ['id']));
      return (await trx(table).where({ id }).first()) as Row;
    },
    async update(id: number, row: Row, trx: Knex = db): Promise<Row | undefined> {
      const changed = await trx(table).where({ id }).update({ ...row, updatedAt: nowIso() });
      return changed ? ((await trx(table).where({ id }).first()) as Row) : undefined;
    },
    remove: async (id: number, trx: Knex = db): Promise<boolean> => (await trx(table).where({ id }).delete()) > 0,
  };
}

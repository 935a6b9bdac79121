import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // A draft written offline carries the client's UUID, so that sending it twice stores it once (contract.md §8).
  await knex.schema.alterTable('articles', (t) => {
    t.string('client_id', 36).unique();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('articles', (t) => {
    t.dropUnique(['client_id']);
    t.dropColumn('client_id');
  });
}

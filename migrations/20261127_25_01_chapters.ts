import type { Knex } from 'knex';

/**
 * An episode's chapters (contract §9 [voice]): `[{startTime, title, url?, img?}]` as JSON, sorted, checked on the way in.
 * Null means none, as an episode stored before had.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('podcasts', (t) => {
    t.text('chapters');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('podcasts', (t) => {
    t.dropColumn('chapters');
  });
}

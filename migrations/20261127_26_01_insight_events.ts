import type { Knex } from 'knex';

/**
 * The newsroom's figures, collected (contract §9 [insight]). `insight_events` holds the raw events for 30 days: no
 * address, no user agent, no user id, only the day's reader hash, which means nothing once its day's salt is gone.
 * Old days are dropped by a range delete on `at`, which the index keeps to the rows deleted.
 *
 * `insight_salts` holds each day's salt (Stockholm days), in the database so that every process hashes a reader alike;
 * a day's row is deleted once the day has ended.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('insight_events', (t) => {
    t.increments('id').primary();
    t.timestamp('at', { useTz: true }).notNullable();
    // The Stockholm day of `at`, `YYYY-MM-DD`: the day the reader hash belongs to.
    t.string('day', 10).notNullable();
    t.string('type', 16).notNullable();
    t.string('path', 2000).notNullable();
    t.string('referrer_host', 255);
    t.integer('article_id');
    t.integer('episode_id');
    t.double('depth');
    t.double('seconds');
    t.string('reader', 64).notNullable();
    t.index(['at']);
  });
  await knex.schema.createTable('insight_salts', (t) => {
    t.string('day', 10).primary();
    t.string('salt', 64).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('insight_salts');
  await knex.schema.dropTable('insight_events');
}

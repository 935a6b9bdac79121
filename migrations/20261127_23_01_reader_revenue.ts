import type { Knex } from 'knex';

/**
 * Reader revenue (contract §9 [revenue]): the end of a pass on the account, the metered paywall's reads and the
 * gift links.
 *
 * A meter read is one article counted for one reader in one month of Stockholm time (`period`, `YYYY-MM`): the unique
 * key makes counting the same article twice impossible, also for two processes at once. A gift link keeps only the
 * hash of its token; its opens are counted once a day per browser (`gift_link_opens`, keyed by a hash of the day and
 * the browser, never the address itself).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.timestamp('access_until', { useTz: true });
  });

  await knex.schema.createTable('meter_reads', (t) => {
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('article_id').notNullable().references('id').inTable('articles').onDelete('CASCADE');
    t.string('period', 7).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.primary(['user_id', 'period', 'article_id']);
    t.index(['created_at']);
  });

  await knex.schema.createTable('gift_links', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('article_id').notNullable().references('id').inTable('articles').onDelete('CASCADE');
    t.string('token_hash', 64).notNullable().unique();
    // The month of Stockholm time it counts against (`YYYY-MM`): the allowance is per calendar month.
    t.string('period', 7).notNullable();
    t.integer('opens').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('revoked_at', { useTz: true });
    t.index(['user_id', 'period']);
  });

  await knex.schema.createTable('gift_link_opens', (t) => {
    t.integer('gift_link_id').notNullable().references('id').inTable('gift_links').onDelete('CASCADE');
    t.string('visitor', 64).notNullable();
    t.string('day', 10).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.primary(['gift_link_id', 'day', 'visitor']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('gift_link_opens');
  await knex.schema.dropTable('gift_links');
  await knex.schema.dropTable('meter_reads');
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('access_until');
  });
}

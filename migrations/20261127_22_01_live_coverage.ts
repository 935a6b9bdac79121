import type { Knex } from 'knex';

/**
 * Live coverage (contract §9 [live]): an article of kind `live` and the entries editors feed it.
 *
 * Every change of a live article's coverage (an entry posted, edited or deleted, the status changed) takes the next
 * number of the article's own sequence, `live_seq`, in the transaction that makes it and that holds the article's row:
 * one article's numbers are committed in order, so a reader who has seen everything up to N asks for what is after N
 * and never misses a change committed later with a smaller number. A deleted entry stays as a row without its text
 * (`deleted_at`), so that "what changed after N" can name it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('articles', (t) => {
    t.string('kind', 16).notNullable().defaultTo('article');
    t.string('live_status', 16);
    t.timestamp('coverage_start_time', { useTz: true });
    t.timestamp('coverage_end_time', { useTz: true });
    t.integer('live_seq').notNullable().defaultTo(0);
    // The number the status last changed at: a reader past it has seen the current status.
    t.integer('live_status_seq').notNullable().defaultTo(0);
  });

  await knex.schema.createTable('live_entries', (t) => {
    t.increments('id');
    t.integer('article_id').notNullable().references('id').inTable('articles').onDelete('CASCADE');
    t.integer('author_id').references('id').inTable('users').onDelete('SET NULL');
    // The byline as it was when posted: it stays readable after the account is gone.
    t.string('author_name', 200).notNullable().defaultTo('');
    t.string('title', 300);
    t.text('content').notNullable();
    // The parsed Markdown (a Block[] as JSON), made once when the entry is written.
    t.text('body').notNullable().defaultTo('[]');
    t.boolean('key_event').notNullable().defaultTo(false);
    t.boolean('pinned').notNullable().defaultTo(false);
    t.string('client_id', 36);
    t.integer('created_seq').notNullable();
    t.integer('changed_seq').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.timestamp('deleted_at', { useTz: true });
    t.unique(['article_id', 'client_id']);
    t.index(['article_id', 'created_seq']);
    t.index(['article_id', 'changed_seq']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('live_entries');
  await knex.schema.alterTable('articles', (t) => {
    for (const column of ['kind', 'live_status', 'coverage_start_time', 'coverage_end_time', 'live_seq', 'live_status_seq']) t.dropColumn(column);
  });
}

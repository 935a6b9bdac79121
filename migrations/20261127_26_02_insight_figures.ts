import type { Knex } from 'knex';

/** The six groups a visit's source falls in (contract §9 [insight]); one column each in the daily figures. */
const SOURCES = ['search', 'social', 'newsletter', 'push', 'other', 'direct'] as const;
/**
 * Readers reaching each quarter of an article's text or of an episode (listen0: began listening). Named without an
 * underscore before the number, which the API's camelCase mapping could not give back.
 */
const QUARTERS = [25, 50, 75, 100] as const;

/**
 * The newsroom's figures, rolled up from the raw events (contract §9 [insight]): hourly and daily, per site, per
 * article and per episode, made again for an open day by the recurring `insight.rollup` job and kept for good. Unique
 * readers are counted within a day (a reader hash means nothing on another day), so no figure adds them across days.
 *
 * `insight_conversions` counts the subscriptions and passes started and completed from an article, tied to no one:
 * the article comes with the checkout (create-subscription, create-pass) and with the Stripe object when it completes,
 * so `checkouts` no longer keeps it beside the account.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('insight_events', (t) => {
    // A view's way in, decided as it is taken (services/insight/sources.ts): one of the six groups, or 'internal'.
    t.string('source', 12);
    // The rollup reads one Stockholm day of raw events at a time.
    t.index(['day', 'type']);
  });

  const sources = (t: Knex.CreateTableBuilder) => {
    for (const source of SOURCES) t.integer(`source_${source}`).notNullable().defaultTo(0);
  };
  await knex.schema.createTable('insight_days', (t) => {
    t.string('day', 10).primary();
    t.integer('views').notNullable().defaultTo(0);
    t.integer('readers').notNullable().defaultTo(0);
    // Episodes begun, by distinct readers.
    t.integer('listeners').notNullable().defaultTo(0);
    sources(t);
    t.integer('subscriptions_started').notNullable().defaultTo(0);
    t.integer('subscriptions_completed').notNullable().defaultTo(0);
    // When the figures were last made from the raw events.
    t.timestamp('rolled_at', { useTz: true }).notNullable();
  });
  await knex.schema.createTable('insight_hours', (t) => {
    // The hour's start, UTC ISO; the day it belongs to (Stockholm) beside it.
    t.string('hour', 24).primary();
    t.string('day', 10).notNullable().index();
    t.integer('views').notNullable().defaultTo(0);
    t.integer('readers').notNullable().defaultTo(0);
  });
  await knex.schema.createTable('insight_day_articles', (t) => {
    t.string('day', 10).notNullable();
    t.integer('article_id').notNullable();
    t.integer('views').notNullable().defaultTo(0);
    t.integer('readers').notNullable().defaultTo(0);
    for (const quarter of QUARTERS) t.integer(`read${quarter}`).notNullable().defaultTo(0);
    // The article's read-aloud: readers who began it and reached each quarter.
    t.integer('listen0').notNullable().defaultTo(0);
    for (const quarter of QUARTERS) t.integer(`listen${quarter}`).notNullable().defaultTo(0);
    sources(t);
    t.integer('subscriptions_started').notNullable().defaultTo(0);
    t.integer('subscriptions_completed').notNullable().defaultTo(0);
    t.primary(['day', 'article_id']);
    t.index(['article_id', 'day']);
  });
  await knex.schema.createTable('insight_day_episodes', (t) => {
    t.string('day', 10).notNullable();
    t.integer('episode_id').notNullable();
    t.integer('views').notNullable().defaultTo(0);
    t.integer('listen0').notNullable().defaultTo(0);
    for (const quarter of QUARTERS) t.integer(`listen${quarter}`).notNullable().defaultTo(0);
    t.primary(['day', 'episode_id']);
    t.index(['episode_id', 'day']);
  });
  await knex.schema.createTable('insight_conversions', (t) => {
    t.increments('id').primary();
    t.timestamp('at', { useTz: true }).notNullable();
    t.string('day', 10).notNullable();
    // 'subscription' or 'pass'; 'started' (the checkout made) or 'completed' (paid, or the subscription began).
    t.string('kind', 16).notNullable();
    t.string('stage', 16).notNullable();
    t.integer('article_id');
    t.index(['day']);
  });
  await knex.schema.alterTable('checkouts', (t) => {
    // Whether its completion was counted: Stripe tells us more than once.
    t.timestamp('completion_counted_at', { useTz: true });
  });
  // A checkout made before the figures had its start counted nowhere: its completion is not counted either.
  await knex('checkouts').update({ completion_counted_at: new Date().toISOString() });
  await knex.schema.alterTable('checkouts', (t) => {
    t.dropIndex(['from_article_id']);
    t.dropForeign(['from_article_id']);
  });
  await knex.schema.alterTable('checkouts', (t) => t.dropColumn('from_article_id'));
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('checkouts', (t) => {
    t.integer('from_article_id').references('id').inTable('articles').onDelete('SET NULL');
    t.dropColumn('completion_counted_at');
  });
  await knex.schema.alterTable('checkouts', (t) => t.index(['from_article_id']));
  for (const table of ['insight_conversions', 'insight_day_episodes', 'insight_day_articles', 'insight_hours', 'insight_days']) {
    await knex.schema.dropTable(table);
  }
  await knex.schema.alterTable('insight_events', (t) => {
    t.dropIndex(['day', 'type']);
    t.dropColumn('source');
  });
}

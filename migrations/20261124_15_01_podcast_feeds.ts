import type { Knex } from 'knex';

/** What podcast apps need of an episode and a series, and the subscribers' private feed tokens (issue 15). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('podcasts', (t) => {
    // An enclosure's `length` and `type` must be exact: kept when the audio is attached, not guessed at feed time.
    t.bigInteger('audio_size');
    t.string('audio_type', 100);
    t.boolean('explicit').notNullable().defaultTo(false);
    t.integer('season');
    t.string('episode_type', 20).notNullable().defaultTo('full');
  });
  await knex.schema.alterTable('podcast_series', (t) => {
    t.boolean('explicit').notNullable().defaultTo(false);
    t.string('podcast_type', 20).notNullable().defaultTo('episodic');
  });
  await knex.schema.createTable('podcast_feed_tokens', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('token', 64).notNullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('revoked_at', { useTz: true });
    t.index(['user_id', 'revoked_at']);
  });
  // One row per token, UTC day and client network: enough to see a feed shared beyond one household.
  await knex.schema.createTable('podcast_feed_downloads', (t) => {
    t.increments('id');
    t.integer('token_id').notNullable().references('id').inTable('podcast_feed_tokens').onDelete('CASCADE');
    t.string('day', 10).notNullable();
    t.string('network', 64).notNullable();
    t.integer('downloads').notNullable().defaultTo(0);
    t.unique(['token_id', 'day', 'network']);
    t.index(['day']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('podcast_feed_downloads');
  await knex.schema.dropTable('podcast_feed_tokens');
  await knex.schema.alterTable('podcast_series', (t) => {
    t.dropColumn('podcast_type');
    t.dropColumn('explicit');
  });
  await knex.schema.alterTable('podcasts', (t) => {
    t.dropColumn('episode_type');
    t.dropColumn('season');
    t.dropColumn('explicit');
    t.dropColumn('audio_type');
    t.dropColumn('audio_size');
  });
}

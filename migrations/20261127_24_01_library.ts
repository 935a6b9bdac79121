import type { Knex } from 'knex';

/**
 * The reader's library across devices (contract §9 [listen]). Every item keeps the time of the change that set it (by
 * the server's clock, as the call corrected it) and a change is written only over an older one, so that changes
 * arriving late or from a device that was offline never overwrite newer ones.
 *
 * A position keeps two items, where the episode was left and whether it was finished, each with its own time: a
 * `finished` from the phone and a later position from the laptop both stand. The reading list and the followed series
 * keep a row for an item taken out (`listed` false), so that an older `save` arriving late cannot bring it back.
 * The Up Next queue is one item per reader. Rows go with the account, and with the episode, article or series.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('library_positions', (t) => {
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('episode_id').notNullable().references('id').inTable('podcasts').onDelete('CASCADE');
    t.double('seconds').notNullable().defaultTo(0);
    t.timestamp('position_at', { useTz: true });
    t.boolean('finished').notNullable().defaultTo(false);
    t.timestamp('finished_at', { useTz: true });
    t.primary(['user_id', 'episode_id']);
    t.index(['episode_id']);
  });

  for (const [table, item, target] of [['library_saved_articles', 'article_id', 'articles'], ['library_followed_series', 'series_id', 'podcast_series']] as const) {
    await knex.schema.createTable(table, (t) => {
      t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
      t.integer(item).notNullable().references('id').inTable(target).onDelete('CASCADE');
      t.boolean('listed').notNullable();
      // The latest change's time, and since when the item has been listed (kept through a repeated save or follow).
      t.timestamp('changed_at', { useTz: true }).notNullable();
      t.timestamp('listed_at', { useTz: true }).notNullable();
      t.primary(['user_id', item]);
      t.index([item]);
    });
  }

  await knex.schema.createTable('library_queues', (t) => {
    t.integer('user_id').primary().references('id').inTable('users').onDelete('CASCADE');
    // The episode ids in order, a JSON array.
    t.text('episode_ids').notNullable();
    t.timestamp('changed_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['library_queues', 'library_followed_series', 'library_saved_articles', 'library_positions']) await knex.schema.dropTable(table);
}

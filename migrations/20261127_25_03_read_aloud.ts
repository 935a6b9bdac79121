import type { Knex } from 'knex';

/**
 * Read-aloud (contract §9 [voice]). An article's published audio lives on the article (its file under the store's
 * audio/, its whole seconds and bytes), so that every answer and feed that lists the article knows it with no join;
 * the making of it (the job, its progress, the draft the editor listens to) has a row of its own per article.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('articles', (t) => {
    t.string('audio_file', 200);
    t.integer('audio_duration');
    t.integer('audio_size');
  });

  await knex.schema.createTable('article_audio', (t) => {
    t.integer('article_id').primary().references('id').inTable('articles').onDelete('CASCADE');
    // The making under way: a newer request replaces it, and the job of an older one ends without a word.
    t.string('job_id', 36).notNullable();
    t.string('status', 10).notNullable();
    t.string('voice', 100).notNullable();
    // The spoken text's SHA-256: a draft of words the article no longer has is not published.
    t.string('text_hash', 64);
    t.integer('parts_done').notNullable().defaultTo(0);
    t.integer('parts_total').notNullable().defaultTo(0);
    t.string('draft_file', 200);
    t.integer('draft_duration');
    t.integer('draft_size');
    t.text('error');
    t.integer('error_status');
    t.string('error_code', 40);
    t.integer('requested_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('finished_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('article_audio');
  await knex.schema.alterTable('articles', (t) => {
    t.dropColumn('audio_file');
    t.dropColumn('audio_duration');
    t.dropColumn('audio_size');
  });
}

import type { Knex } from 'knex';

/**
 * An article's history (contract §9): every create and change stores the state after it; corrections published with
 * the article; preview links for a draft. Revisions name their article without a foreign key: those of an article
 * that was ever published outlive it (a legal question about a deleted article still has its answer).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('article_revisions', (t) => {
    t.increments('id');
    t.integer('article_id').notNullable();
    t.string('kind', 16).notNullable();
    t.integer('author_id').references('id').inTable('users').onDelete('SET NULL');
    // Who it was stays readable after their account is gone.
    t.string('author_username', 100).notNullable().defaultTo('');
    t.text('state').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    // An autosave group's first save: one author's autosaves within 10 minutes of it are one revision.
    t.timestamp('group_started_at', { useTz: true });
    t.index(['article_id', 'id']);
    t.index(['kind', 'created_at']);
  });
  await knex.schema.alterTable('articles', (t) => t.boolean('ever_published').notNullable().defaultTo(false));
  await knex('articles').whereNotNull('published_at').where({ status: 'published' }).update({ ever_published: true });

  await knex.schema.createTable('article_corrections', (t) => {
    t.increments('id');
    t.integer('article_id').notNullable().references('id').inTable('articles').onDelete('CASCADE').index();
    t.text('text').notNullable();
    t.integer('author_id').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable();
  });

  await knex.schema.createTable('article_previews', (t) => {
    // A SHA-256 of the link's token: the token itself is never stored.
    t.string('token_hash', 64).primary();
    t.integer('article_id').notNullable().references('id').inTable('articles').onDelete('CASCADE').index();
    t.integer('created_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable().index();
  });

  // Who has an article open in the editor, by their last heartbeat: two editors see each other before a 412 does.
  await knex.schema.createTable('article_presence', (t) => {
    t.integer('article_id').notNullable().references('id').inTable('articles').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.timestamp('seen_at', { useTz: true }).notNullable().index();
    t.primary(['article_id', 'user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('article_presence');
  await knex.schema.dropTable('article_previews');
  await knex.schema.dropTable('article_corrections');
  await knex.schema.alterTable('articles', (t) => t.dropColumn('ever_published'));
  await knex.schema.dropTable('article_revisions');
}

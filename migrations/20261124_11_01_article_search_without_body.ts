import type { Knex } from 'knex';

/**
 * PostgreSQL: a second search vector without the body, which a premium article is matched on for readers who may
 * not read it (SQLite filters its FTS5 columns instead, with no schema change).
 */
export async function up(knex: Knex): Promise<void> {
  if (knex.client.config.client !== 'pg') return;
  await knex.raw(`ALTER TABLE articles ADD COLUMN search_vector_open tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('swedish', coalesce(title, '')), 'A') ||
    setweight(to_tsvector('swedish', coalesce(excerpt, '')), 'B')) STORED`);
  await knex.raw('CREATE INDEX articles_search_open_idx ON articles USING GIN (search_vector_open)');
}

export async function down(knex: Knex): Promise<void> {
  if (knex.client.config.client !== 'pg') return;
  await knex.raw('ALTER TABLE articles DROP COLUMN search_vector_open');
}

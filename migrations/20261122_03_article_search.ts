import type { Knex } from 'knex';

/**
 * Full-text search over articles: FTS5 on SQLite (kept in step by triggers),
 * a generated tsvector with the swedish configuration on PostgreSQL.
 */
export async function up(knex: Knex): Promise<void> {
  if (knex.client.config.client === 'pg') {
    await knex.raw(`ALTER TABLE articles ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('swedish', coalesce(title, '')), 'A') ||
      setweight(to_tsvector('swedish', coalesce(excerpt, '')), 'B') ||
      setweight(to_tsvector('swedish', coalesce(content, '')), 'C')) STORED`);
    await knex.raw('CREATE INDEX articles_search_idx ON articles USING GIN (search_vector)');
    return;
  }
  await knex.raw(`CREATE VIRTUAL TABLE articles_fts USING fts5(
    title, excerpt, content, content='articles', content_rowid='id', tokenize='unicode61 remove_diacritics 2')`);
  await knex.raw(`CREATE TRIGGER articles_fts_insert AFTER INSERT ON articles BEGIN
    INSERT INTO articles_fts(rowid, title, excerpt, content) VALUES (new.id, new.title, new.excerpt, new.content); END`);
  await knex.raw(`CREATE TRIGGER articles_fts_delete AFTER DELETE ON articles BEGIN
    INSERT INTO articles_fts(articles_fts, rowid, title, excerpt, content) VALUES ('delete', old.id, old.title, old.excerpt, old.content); END`);
  await knex.raw(`CREATE TRIGGER articles_fts_update AFTER UPDATE OF title, excerpt, content ON articles BEGIN
    INSERT INTO articles_fts(articles_fts, rowid, title, excerpt, content) VALUES ('delete', old.id, old.title, old.excerpt, old.content);
    INSERT INTO articles_fts(rowid, title, excerpt, content) VALUES (new.id, new.title, new.excerpt, new.content); END`);
}

export async function down(knex: Knex): Promise<void> {
  if (knex.client.config.client === 'pg') {
    await knex.raw('ALTER TABLE articles DROP COLUMN search_vector');
    return;
  }
  await knex.raw('DROP TABLE articles_fts');
}

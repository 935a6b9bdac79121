import type { Knex } from 'knex';
import { bodyToText, parseArticle } from '@redaktion/shared/content';
import { rewriteArticles } from './support/each-article.js';

/**
 * Search matches an article's words, never its Markdown (contract §9): `content_text` holds the body's words (kept by
 * every save, services/content/article-body.ts), and the search indexes read it instead of `content`.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('articles', (t) => t.text('content_text').notNullable().defaultTo(''));
  await rewriteArticles(knex, (content) => ({ content_text: bodyToText(parseArticle(content)) }));
  await indexBody(knex, 'content_text');
}

export async function down(knex: Knex): Promise<void> {
  await indexBody(knex, 'content');
  await knex.schema.alterTable('articles', (t) => t.dropColumn('content_text'));
}

/** The search index of either engine, its body read from the column `body`. */
async function indexBody(knex: Knex, body: 'content' | 'content_text'): Promise<void> {
  if (knex.client.config.client === 'pg') {
    await knex.raw('ALTER TABLE articles DROP COLUMN search_vector');
    await knex.raw(`ALTER TABLE articles ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('swedish', coalesce(title, '')), 'A') ||
      setweight(to_tsvector('swedish', coalesce(excerpt, '')), 'B') ||
      setweight(to_tsvector('swedish', coalesce(${body}, '')), 'C')) STORED`);
    await knex.raw('CREATE INDEX articles_search_idx ON articles USING GIN (search_vector)');
    return;
  }
  await rebuildFts(knex, body);
}

/** SQLite's FTS5 table over the articles, its body column read from `body`, kept in step by triggers. */
async function rebuildFts(knex: Knex, body: 'content' | 'content_text'): Promise<void> {
  for (const trigger of ['insert', 'delete', 'update']) await knex.raw(`DROP TRIGGER IF EXISTS articles_fts_${trigger}`);
  await knex.raw('DROP TABLE IF EXISTS articles_fts');
  await knex.raw(`CREATE VIRTUAL TABLE articles_fts USING fts5(
    title, excerpt, ${body}, content='articles', content_rowid='id', tokenize='unicode61 remove_diacritics 2')`);
  await knex.raw(`CREATE TRIGGER articles_fts_insert AFTER INSERT ON articles BEGIN
    INSERT INTO articles_fts(rowid, title, excerpt, ${body}) VALUES (new.id, new.title, new.excerpt, new.${body}); END`);
  await knex.raw(`CREATE TRIGGER articles_fts_delete AFTER DELETE ON articles BEGIN
    INSERT INTO articles_fts(articles_fts, rowid, title, excerpt, ${body}) VALUES ('delete', old.id, old.title, old.excerpt, old.${body}); END`);
  await knex.raw(`CREATE TRIGGER articles_fts_update AFTER UPDATE OF title, excerpt, ${body} ON articles BEGIN
    INSERT INTO articles_fts(articles_fts, rowid, title, excerpt, ${body}) VALUES ('delete', old.id, old.title, old.excerpt, old.${body});
    INSERT INTO articles_fts(rowid, title, excerpt, ${body}) VALUES (new.id, new.title, new.excerpt, new.${body}); END`);
  await knex.raw("INSERT INTO articles_fts(articles_fts) VALUES ('rebuild')");
}

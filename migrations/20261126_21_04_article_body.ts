import type { Knex } from 'knex';
import { parseArticle } from '@redaktion/shared/content';
import { rewriteArticles } from './support/each-article.js';

/**
 * The parsed body is stored beside the Markdown, made when an article is saved (services/content/article-body.ts):
 * a reader's page or a feed then reads the tree instead of parsing tens of kilobytes of Markdown per request.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('articles', (t) => t.text('body').notNullable().defaultTo('[]'));
  await rewriteArticles(knex, (content) => ({ body: JSON.stringify(parseArticle(content)) }));
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('articles', (t) => t.dropColumn('body'));
}

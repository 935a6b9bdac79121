import type { Knex } from 'knex';
import { parseArticle } from '@redaktion/shared/content';

/**
 * The parsed body is stored beside the Markdown, made when an article is saved (services/content/article-body.ts):
 * a reader's page or a feed then reads the tree instead of parsing tens of kilobytes of Markdown per request.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('articles', (t) => t.text('body').notNullable().defaultTo('[]'));
  let after = 0;
  for (;;) {
    const rows = await knex('articles').where('id', '>', after).orderBy('id').limit(500).select('id', 'content') as { id: number; content: string }[];
    if (rows.length === 0) return;
    for (const { id, content } of rows) await knex('articles').where({ id }).update({ body: JSON.stringify(parseArticle(content ?? '')) });
    after = rows[rows.length - 1]!.id;
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('articles', (t) => t.dropColumn('body'));
}

import type { Knex } from 'knex';
import { legacyTextToMarkdown } from '@redaktion/shared/content';

/**
 * An article's content becomes Markdown (contract §9). What was written before was plain paragraphs, which Markdown
 * would partly take for markup ("1994. Då…" a numbered list, "- " a bullet, "*" emphasis): each stored article is
 * rewritten so that it reads exactly as it did (shared/src/content/legacy.ts). Only changed rows are written.
 */
export async function up(knex: Knex): Promise<void> {
  let after = 0;
  for (;;) {
    const rows = await knex('articles').where('id', '>', after).orderBy('id').limit(500).select('id', 'content') as { id: number; content: string }[];
    if (rows.length === 0) return;
    for (const { id, content } of rows) {
      const markdown = legacyTextToMarkdown(content ?? '');
      if (markdown !== content) await knex('articles').where({ id }).update({ content: markdown });
    }
    after = rows[rows.length - 1]!.id;
  }
}

/** Markdown back to plain text would lose the editor's work: the escapes stay (they read the same either way). */
export async function down(): Promise<void> {}

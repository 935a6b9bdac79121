import type { Knex } from 'knex';
import { legacyTextToMarkdown } from '@redaktion/shared/content';
import { rewriteArticles } from './support/each-article.js';

/**
 * An article's content becomes Markdown (contract §9). What was written before was plain paragraphs, which Markdown
 * would partly take for markup ("1994. Då…" a numbered list, "- " a bullet, "*" emphasis): each stored article is
 * rewritten so that it reads exactly as it did (shared/src/content/legacy.ts). Only changed rows are written.
 */
export async function up(knex: Knex): Promise<void> {
  await rewriteArticles(knex, (content) => {
    const markdown = legacyTextToMarkdown(content);
    return markdown === content ? null : { content: markdown };
  });
}

/** Markdown back to plain text would lose the editor's work: the escapes stay (they read the same either way). */
export async function down(): Promise<void> {}

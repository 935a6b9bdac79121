import type { Knex } from 'knex';

/**
 * Calls `change` for every stored article's id and content, 500 at a time, and writes what it answers (nothing when it
 * answers null). For the data migrations of the Markdown format (20261126_21_*); keep it as they need it.
 */
export async function rewriteArticles(knex: Knex, change: (content: string) => Record<string, string> | null): Promise<void> {
  let after = 0;
  for (;;) {
    const rows = await knex('articles').where('id', '>', after).orderBy('id').limit(500).select('id', 'content') as { id: number; content: string | null }[];
    if (rows.length === 0) return;
    for (const { id, content } of rows) {
      const fields = change(content ?? '');
      if (fields) await knex('articles').where({ id }).update(fields);
    }
    after = rows[rows.length - 1]!.id;
  }
}

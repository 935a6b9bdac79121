import type { Db } from '../src/db/connection.js';

/** Grows the seeded publication to `total` published articles, copying the demo ones under new titles and dates. */
export async function growArticles(db: Db, total: number): Promise<void> {
  const seeded = (await db('articles').select('*')) as Record<string, unknown>[];
  const missing = total - seeded.length;
  const rows = Array.from({ length: missing }, (_, index) => {
    const source = seeded[index % seeded.length]!;
    const { id: _id, ...rest } = source;
    const publishedAt = new Date(Date.now() - (index + 60) * 3_600_000).toISOString();
    return {
      ...rest,
      title: `${String(source.title)} (arkiv ${index + 1})`,
      featured: false,
      publishedAt,
      createdAt: publishedAt,
      updatedAt: publishedAt,
    };
  });
  // SQLite allows 32766 bound variables per statement: 20 columns × 500 rows stays under it.
  await db.batchInsert('articles', rows as Record<string, unknown>[] as never, 500);
}

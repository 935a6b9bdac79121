import { stockholmMonth } from '@redaktion/shared/time';
import { bodyColumns } from '../../src/services/content/article-body.js';
import { episodeAudioKey } from '../../src/services/media/episode-audio.js';
import { createStorage } from '../../src/storage/index.js';
import type { TestServer } from './test-server.js';

const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const HOUR = 60 * 60 * 1000;

function id(result: unknown[]): number {
  const first = result[0] as number | { id: number };
  return typeof first === 'number' ? first : first.id;
}

/** Inserts an article straight into the database, as the admin API will; published an hour ago unless told otherwise. */
export async function insertArticle(server: TestServer, fields: Record<string, unknown> = {}): Promise<number> {
  const now = iso(0);
  const row = {
    title: 'Testartikel', excerpt: 'Ingress', content: 'Första stycket.\n\nAndra stycket.', category: 'news', author: 'Test Testsson',
    readTime: 3, status: 'published', publishedAt: iso(-HOUR), featured: false, categoryFeatured: false, premium: false,
    createdAt: now, updatedAt: now, ...fields,
  };
  const inserted = id(await server.db('articles').insert({ ...row, ...bodyColumns(String(row.content)) }, ['id']));
  await server.contentChanged();
  return inserted;
}

/** A published article as the admin form sends it to POST or PUT /api/admin/articles. */
export const articleForm = (title: string) => ({
  title, content: 'Första stycket.\n\nAndra stycket.', excerpt: 'Ingress', category: 'news', author: 'Karin Ek', readTime: 3, status: 'published',
});

/** An episode with a real file of `bytes` in the store. */
export async function insertEpisode(server: TestServer, fields: Record<string, unknown> = {}, bytes = 10_000): Promise<number> {
  const audioFile = `test-${Math.random().toString(36).slice(2)}.mp3`;
  await createStorage(server.config).put(episodeAudioKey(audioFile), Buffer.alloc(bytes, 7));
  const now = iso(0);
  const inserted = id(await server.db('podcasts').insert({
    title: 'Testavsnitt', description: 'Beskrivning', kind: 'episode', duration: 125, episodeNumber: 1, audioFile,
    status: 'published', publishedAt: iso(-HOUR), featured: false, premium: false, createdAt: now, updatedAt: now, ...fields,
  }, ['id']));
  await server.contentChanged();
  return inserted;
}

export const hoursFromNow = (hours: number) => iso(hours * HOUR);

/** Spends a reader's free premium articles of this month (METER_FREE_ARTICLES, 3 by default) on articles of their own. */
export async function useUpMeter(server: TestServer, userId: number): Promise<void> {
  const period = stockholmMonth();
  for (let read = 0; read < server.config.meter.freeArticles; read += 1) {
    const articleId = await insertArticle(server, { title: `Redan läst ${read + 1}`, premium: true });
    await server.db('meter_reads').insert({ userId, articleId, period, createdAt: new Date().toISOString() });
  }
}

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyToText, legacyParagraphs, parseArticle, type Block } from '@redaktion/shared/content';
import { createDb, migrate, type Db } from '../src/db/connection.js';
import { articlesA } from '../src/seed/content/articles-a.js';
import { articlesB } from '../src/seed/content/articles-b.js';
import { createTestDatabase } from './support/test-server.js';

/** What a reader saw of a body: the words of each top-level block, and whether anything but a paragraph appeared. */
const paragraphsOf = (body: Block[]) => body.map((block) => (block.type === 'paragraph' ? bodyToText([block]) : `<${block.type}>`));

/** Texts written before the format that Markdown would read otherwise. */
const TRICKY = [
  '1994. Då vann Sverige brons i fotbolls-VM.\n\nDet var en sommar att minnas.',
  '- Inte en lista, utan ett tankstreck.\n\n* Inte heller detta\n\n+ eller detta',
  '# 1 på listan\n\n## Inte en rubrik\n\n> Inte ett citat',
  'Den 3:e maj vid S:t Eriksplan kl. 10:30 var *alla* där och _ingen_ saknades.',
  'AT&amp;T och <b>fet</b> text, [hakparentes](inte länk) och C:\\mapp\\fil.',
  '/podcast/3\n\nhttps://www.youtube.com/watch?v=dQw4w9WgXcQ\n\n    indraget\n\n---\n\n===',
  '| a | b |\n|---|---|\n| 1 | 2 |\n\n::figure{src="/uploads/a.jpg"}\n\n:::factbox\ntext\n:::',
];

describe('articles stored before the Markdown format', () => {
  let db: Db;
  let dir: string;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const stored = [...articlesA, ...articlesB].map((article) => article.content).concat(TRICKY);

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'redaktion-format-'));
    database = await createTestDatabase();
    db = createDb({ databaseUrl: database.url, sqliteFile: path.join(dir, 'format.sqlite') });
    await migrate(db, { before: '20261126_21_01' });
    const now = new Date().toISOString();
    for (const [index, content] of stored.entries()) {
      await db('articles').insert({
        title: `Artikel ${index}`, excerpt: 'Ingress', content, category: 'news', author: 'A', readTime: 2, status: 'published',
        publishedAt: now, featured: false, categoryFeatured: false, premium: false, createdAt: now, updatedAt: now,
      });
    }
    await migrate(db);
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('read exactly as they did once migrated: the same paragraphs of the same words, nothing else', async () => {
    const rows = await db('articles').orderBy('id').select('content') as { content: string }[];
    expect(rows).toHaveLength(stored.length);
    for (const [index, { content }] of rows.entries()) {
      expect(paragraphsOf(parseArticle(content))).toEqual(legacyParagraphs(stored[index]!));
    }
  });

  it('are indexed for search by their words, never by the escapes that keep them so', async () => {
    const rows = await db('articles').orderBy('id').select('contentText') as { contentText: string }[];
    expect(rows.map((row) => row.contentText)).toEqual(stored.map((text) => legacyParagraphs(text).join('\n\n')));
  });
});

describe('the demo articles', () => {
  it('are Markdown that reads as the paragraphs they were written as', () => {
    for (const { content } of [...articlesA, ...articlesB]) {
      expect(paragraphsOf(parseArticle(content))).toEqual(legacyParagraphs(content));
    }
  });
});

import { bodyToText, parseArticle, type Block } from '@redaktion/shared/content';
import type { ArticleRow } from '../../db/rows.js';
import { fromJson, toJson } from '../../db/values.js';

/**
 * What an article's Markdown is stored beside, made once when it is saved: the parsed body every output renders
 * (parsing a long article costs tens of milliseconds, reading the stored tree one) and its words for search.
 */
export function bodyColumns(content: string): Pick<ArticleRow, 'body' | 'contentText'> {
  const body = parseArticle(content);
  return { body: toJson(body), contentText: bodyToText(body) };
}

/** The stored body of a row. */
export const bodyOf = (row: Pick<ArticleRow, 'body'>): Block[] => fromJson<Block[]>(row.body, []);

import type { Knex } from 'knex';
import { LIMITS } from '@redaktion/shared';

/** The public scope (contract.md §2): published, and not scheduled for later. */
export function published(query: Knex.QueryBuilder, table: string, now = new Date().toISOString()): Knex.QueryBuilder {
  return query.where(`${table}.status`, 'published').whereNotNull(`${table}.publishedAt`).where(`${table}.publishedAt`, '<=', now);
}

export const newestFirst = (query: Knex.QueryBuilder, table: string) =>
  query.orderBy(`${table}.publishedAt`, 'desc').orderBy(`${table}.id`, 'desc');

export interface Page {
  limit?: number;
  offset?: number;
}

export const paginate = (query: Knex.QueryBuilder, page: Page, defaultLimit: number = LIMITS.pageSizeDefault) =>
  query.limit(page.limit ?? defaultLimit).offset(page.offset ?? 0);

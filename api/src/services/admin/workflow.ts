import type { ContentStatus } from '@redaktion/shared';
import type { Knex } from 'knex';
import { nowIso, toIso } from '../../db/values.js';

/** Articles, episodes and people profiles share one publication workflow (contract.md §7). */
export type ContentType = 'article' | 'podcast' | 'profile';

export const CONTENT_TABLES: Record<ContentType, string> = {
  article: 'articles',
  podcast: 'podcasts',
  profile: 'people_profiles',
};

/**
 * `publishedAt` is set the first time an item is published; a date given by the editor wins
 * (a future one schedules the item).
 */
export function publicationDate(status: ContentStatus, requested: string | undefined, existing: unknown): string | null {
  if (requested) return new Date(requested).toISOString();
  const current = toIso(existing);
  if (current) return current;
  return status === 'published' ? nowIso() : null;
}

/**
 * Keeps the item's open approval in step with its status: saving as `pending` opens one (one open row
 * per item); moving off `pending` in an edit form closes it with that outcome.
 */
export async function syncApproval(trx: Knex, type: ContentType, contentId: number, status: ContentStatus, userId: number): Promise<void> {
  const open = await trx('content_approvals').where({ contentType: type, contentId, status: 'pending' }).first('id');
  if (status === 'pending' && !open) {
    await trx('content_approvals').insert({ contentType: type, contentId, submittedBy: userId, status: 'pending', submittedAt: nowIso() });
  } else if (status !== 'pending' && open) {
    await trx('content_approvals').where({ id: open.id }).update({
      status: status === 'published' ? 'approved' : 'rejected', reviewedBy: userId, reviewedAt: nowIso(),
    });
  }
}

/** Deleting content removes its approvals, which would otherwise point at nothing. */
export const removeApprovals = (trx: Knex, type: ContentType, contentId: number) =>
  trx('content_approvals').where({ contentType: type, contentId }).delete();

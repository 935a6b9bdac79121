import type { ApprovalDecision } from '@redaktion/shared';
import type { Db } from '../../db/connection.js';
import { nowIso, toIso } from '../../db/values.js';
import { conflict, notFound } from '../../errors.js';
import { CONTENT_TABLES, type ContentType } from './workflow.js';

type Row = Record<string, unknown>;

/** The approvals tab: what waits for review, and the reviewer's decision. */
export function createApprovals(db: Db) {
  return {
    /** Open approvals with the item's title and type and who submitted it, oldest first. */
    async pending(limit = 100, offset = 0) {
      const rows = (await db('content_approvals as a')
        .leftJoin('users as u', 'u.id', 'a.submittedBy')
        .leftJoin('articles as ar', function joinArticle() { this.on('ar.id', 'a.contentId').andOnVal('a.contentType', 'article'); })
        .leftJoin('podcasts as p', function joinPodcast() { this.on('p.id', 'a.contentId').andOnVal('a.contentType', 'podcast'); })
        .leftJoin('people_profiles as pp', function joinProfile() { this.on('pp.id', 'a.contentId').andOnVal('a.contentType', 'profile'); })
        .where('a.status', 'pending')
        .orderBy('a.submittedAt', 'asc').orderBy('a.id', 'asc').limit(limit).offset(offset)
        .select('a.*', 'u.username as submittedByName', 'u.firstName as submitterFirstName', 'u.lastName as submitterLastName',
          db.raw('coalesce(ar.title, p.title, pp.name) as title'))) as Row[];
      return rows.map((row) => ({
        id: Number(row.id),
        contentType: row.contentType as ContentType,
        contentId: Number(row.contentId),
        title: String(row.title ?? ''),
        submittedBy: row.submittedBy === null ? null : Number(row.submittedBy),
        submittedByName: [row.submitterFirstName, row.submitterLastName].filter(Boolean).join(' ') || (row.submittedByName as string | null) || null,
        submittedAt: toIso(row.submittedAt) ?? '',
        status: String(row.status),
        comments: (row.comments as string | null) ?? null,
      }));
    },

    /** Approving publishes the item (publishedAt set if empty); rejecting returns it to draft with the comment kept. */
    async decide(id: number, decision: ApprovalDecision, reviewerId: number) {
      return db.transaction(async (trx) => {
        const approval = (await trx('content_approvals').where({ id }).first()) as Row | undefined;
        if (!approval) throw notFound('Approval not found');
        if (approval.status !== 'pending') throw conflict(`This item was already ${String(approval.status)}`);
        const table = CONTENT_TABLES[approval.contentType as ContentType];
        const item = (await trx(table).where({ id: approval.contentId }).first('publishedAt')) as Row | undefined;
        if (!item) throw notFound('The item under review no longer exists');
        const now = nowIso();
        await trx(table).where({ id: approval.contentId }).update(decision.status === 'approved'
          ? { status: 'published', publishedAt: toIso(item.publishedAt) ?? now, updatedAt: now }
          : { status: 'draft', updatedAt: now });
        await trx('content_approvals').where({ id }).update({
          status: decision.status, comments: decision.comments ?? null, reviewedBy: reviewerId, reviewedAt: now,
        });
        return { ...(await trx('content_approvals').where({ id }).first()) as Row };
      });
    },
  };
}

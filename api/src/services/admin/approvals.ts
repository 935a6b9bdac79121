import type { ApprovalDecision } from '@redaktion/shared';
import type { Db } from '../../db/connection.js';
import type { ArticleRow, ContentApprovalRow, Timestamp } from '../../db/rows.js';
import { nowIso, toIso } from '../../db/values.js';
import { conflict, notFound } from '../../errors.js';
import { createRevisions } from '../editor/revisions.js';
import { CONTENT_TABLES } from './workflow.js';

/** An open approval with what the list shows of its item and submitter. */
type PendingRow = ContentApprovalRow & {
  /** Null when the item is gone. */
  title: string | null;
  /** The submitter's username, first and last name; null when the account is gone. */
  submittedByName: string | null;
  submitterFirstName: string | null;
  submitterLastName: string | null;
};

/** The approvals tab: what waits for review, and the reviewer's decision. */
export function createApprovals(db: Db) {
  const revisions = createRevisions(db);
  const approvalOf = async (id: number, trx: Db): Promise<ContentApprovalRow | undefined> => trx('content_approvals').where({ id }).first();
  return {
    /** Open approvals with the item's title and type and who submitted it, oldest first. */
    async pending(limit = 100, offset = 0) {
      const rows: PendingRow[] = await db('content_approvals as a')
        .leftJoin('users as u', 'u.id', 'a.submittedBy')
        .leftJoin('articles as ar', function joinArticle() { this.on('ar.id', 'a.contentId').andOnVal('a.contentType', 'article'); })
        .leftJoin('podcasts as p', function joinPodcast() { this.on('p.id', 'a.contentId').andOnVal('a.contentType', 'podcast'); })
        .leftJoin('people_profiles as pp', function joinProfile() { this.on('pp.id', 'a.contentId').andOnVal('a.contentType', 'profile'); })
        .where('a.status', 'pending')
        .orderBy('a.submittedAt', 'asc').orderBy('a.id', 'asc').limit(limit).offset(offset)
        .select('a.*', 'u.username as submittedByName', 'u.firstName as submitterFirstName', 'u.lastName as submitterLastName',
          db.raw('coalesce(ar.title, p.title, pp.name) as title'));
      return rows.map((row) => ({
        id: row.id,
        contentType: row.contentType,
        contentId: row.contentId,
        title: row.title ?? '',
        submittedBy: row.submittedBy,
        submittedByName: [row.submitterFirstName, row.submitterLastName].filter(Boolean).join(' ') || row.submittedByName || null,
        submittedAt: toIso(row.submittedAt) ?? '',
        status: row.status,
        comments: row.comments,
      }));
    },

    /** Approving publishes the item (publishedAt set if empty); rejecting returns it to draft with the comment kept. */
    async decide(id: number, decision: ApprovalDecision, reviewerId: number): Promise<ContentApprovalRow> {
      return db.transaction(async (trx) => {
        const approval = await approvalOf(id, trx);
        if (!approval) throw notFound('Approval not found');
        if (approval.status !== 'pending') throw conflict(`This item was already ${approval.status}`);
        const table = CONTENT_TABLES[approval.contentType];
        const item: { publishedAt: Timestamp | null } | undefined = await trx(table).where({ id: approval.contentId }).first('publishedAt');
        if (!item) throw notFound('The item under review no longer exists');
        const now = nowIso();
        const article = approval.contentType === 'article';
        await trx(table).where({ id: approval.contentId }).update(decision.status === 'approved'
          ? { status: 'published', publishedAt: toIso(item.publishedAt) ?? now, updatedAt: now, ...(article ? { everPublished: true } : {}) }
          : { status: 'draft', updatedAt: now });
        // An approval changes the article as any save does: its history has the state after it.
        if (article) {
          const row: ArticleRow = await trx('articles').where({ id: approval.contentId }).first();
          await revisions.record(trx, row, decision.status === 'approved' ? 'published' : 'saved', reviewerId);
        }
        const decided = { status: decision.status, comments: decision.comments ?? null, reviewedBy: reviewerId, reviewedAt: now };
        await trx('content_approvals').where({ id }).update(decided);
        return { ...approval, ...decided };
      });
    },
  };
}

import {
  adminArticleSchema, autosaveInputSchema, correctionInputSchema, correctionSchema, editConflictSchema, ERROR_CODES, idParam,
  presentEditorSchema, previewLinkSchema, revisionSchema, revisionSummarySchema,
} from '@redaktion/shared';
import { z } from 'zod';
import type { ArticleRevisionRow, ArticleRow } from '../../db/rows.js';
import { toIso } from '../../db/values.js';
import { HttpError, notFound } from '../../errors.js';
import { endpoint } from '../../http/endpoint.js';
import type { AppContext } from '../../http/context.js';
import { toArticle, toCorrection } from '../../serializers/content.js';
import type { AdminServices } from '../../services/admin/index.js';
import { sameListing } from '../../services/admin/editorial.js';
import { revisionState } from '../../services/editor/revisions.js';
import type { Presence } from '../../services/editor/presence.js';
import type { Previews } from '../../services/editor/previews.js';
import { etagOf, ifMatchHolds } from './resource.js';

const params = z.object({ id: idParam });
const revisionParams = z.object({ id: idParam, revisionId: idParam });
const correctionParams = z.object({ id: idParam, correctionId: idParam });
const tag = 'Admin: article history';
const userId = (ctx: AppContext) => ctx.state.user!.id;

const summaryOf = (row: ArticleRevisionRow) => {
  const state = revisionState(row);
  return {
    id: row.id, createdAt: toIso(row.createdAt) ?? '', kind: row.kind,
    author: { id: row.authorId, username: row.authorUsername }, title: state.title, status: state.status,
  };
};
const adminArticle = (row: ArticleRow) => ({ ...toArticle(row, 'staff', true), clientId: row.clientId });

/** An article's revisions, autosave, restore, corrections and preview links (contract §9). */
export const articleHistoryEndpoints = ({ editorial: { articles } }: AdminServices, previews: Previews, presence: Presence) => {
  const existing = async (id: number) => {
    const row = await articles.byId(id);
    if (!row) throw notFound('Article not found');
    return row;
  };
  return [
    endpoint({
      method: 'get', path: '/api/admin/articles/:id/revisions', tag, access: 'admin', params, response: z.array(revisionSummarySchema),
      summary: 'Every stored state of the article after a change, newest first',
      handle: async (_ctx, { params: { id } }) => {
        await existing(id);
        return (await articles.revisions(id)).map(summaryOf);
      },
    }),
    endpoint({
      method: 'get', path: '/api/admin/articles/:id/revisions/:revisionId', tag, access: 'admin', params: revisionParams, response: revisionSchema,
      summary: 'One revision with the whole state it stored',
      handle: async (_ctx, { params: { id, revisionId } }) => {
        const row = await articles.revision(id, revisionId);
        if (!row) throw notFound('Revision not found');
        return { ...summaryOf(row), articleId: row.articleId, state: revisionState(row) };
      },
    }),
    endpoint({
      method: 'post', path: '/api/admin/articles/:id/revisions/:revisionId/restore', tag, access: 'admin', params: revisionParams, response: adminArticleSchema,
      summary: "Makes the revision's text current (title, excerpt, content, category, image, author fields, read time); status, premium and dates stay; If-Match as for PUT",
      answers: { 412: { description: 'If-Match no longer matches: someone saved the article meanwhile; `current` is the article now', schema: editConflictSchema } },
      handle: async (ctx, { params: { id, revisionId } }) => {
        const ifMatch = ctx.get('If-Match');
        const precondition = ifMatch ? (row: ArticleRow) => {
          const current = adminArticle(row);
          const etag = etagOf(current);
          if (!ifMatchHolds(ifMatch, etag)) {
            throw new HttpError(412, 'Someone else saved this article after you opened it', ERROR_CODES.editConflict, undefined, { ETag: etag }, { current });
          }
        } : undefined;
        const before = await existing(id);
        const restored = await articles.restore(id, revisionId, userId(ctx), precondition);
        if (sameListing(before, restored)) ctx.state.changed = { article: id };
        const answer = adminArticle(restored);
        ctx.set('ETag', etagOf(answer));
        return answer;
      },
    }),
    endpoint({
      method: 'post', path: '/api/admin/articles/:id/autosave', tag, access: 'admin', params, body: autosaveInputSchema, response: revisionSummarySchema,
      keepsCache: true,
      summary: "Keeps the editor's work as an autosave revision and changes nothing else (not the article, not what readers see, not any cache); one per author per 10 minutes",
      handle: async (ctx, { params: { id }, body }) => summaryOf(await articles.autosave(await existing(id), body, userId(ctx))),
    }),
    endpoint({
      method: 'get', path: '/api/admin/articles/:id/corrections', tag, access: 'admin', params, response: z.array(correctionSchema),
      summary: "The article's published corrections, oldest first",
      handle: async (_ctx, { params: { id } }) => {
        await existing(id);
        return (await articles.corrections(id)).map(toCorrection);
      },
    }),
    endpoint({
      method: 'post', path: '/api/admin/articles/:id/corrections', tag, access: 'admin', status: 201, params, body: correctionInputSchema, response: correctionSchema,
      summary: 'Publishes a correction with the article (shown after its body, in its JSON-LD and feeds); a revision of kind corrected',
      answers: { 409: { description: 'The article is not published' } },
      handle: async (ctx, { params: { id }, body }) => {
        const row = await articles.addCorrection(id, body.text, userId(ctx));
        ctx.state.changed = { article: id };
        return toCorrection(row);
      },
    }),
    endpoint({
      method: 'delete', path: '/api/admin/articles/:id/corrections/:correctionId', tag, access: 'admin', status: 204, params: correctionParams,
      summary: 'Withdraws a correction; a revision of kind corrected',
      handle: async (ctx, { params: { id, correctionId } }) => {
        await articles.removeCorrection(id, correctionId, userId(ctx));
        ctx.state.changed = { article: id };
        ctx.status = 204;
      },
    }),
    endpoint({
      method: 'post', path: '/api/admin/articles/:id/preview', tag, access: 'admin', status: 201, params, response: previewLinkSchema, keepsCache: true,
      summary: 'A link, valid for 24 hours, that shows the article as it is now (drafts included) as an entitled reader would see it once published',
      handle: async (ctx, { params: { id } }) => {
        await existing(id);
        const { token, expiresAt } = await previews.create(id, userId(ctx));
        return { url: `/preview/${token}`, expiresAt };
      },
    }),
    endpoint({
      method: 'delete', path: '/api/admin/articles/:id/preview', tag, access: 'admin', status: 204, params, keepsCache: true,
      summary: 'Revokes every preview link of the article',
      handle: async (ctx, { params: { id } }) => {
        await existing(id);
        await previews.revokeAll(id);
        ctx.status = 204;
      },
    }),
    endpoint({
      method: 'put', path: '/api/admin/articles/:id/presence', tag, access: 'admin', params, response: z.array(presentEditorSchema), keepsCache: true,
      summary: "The editor's heartbeat (every 15 s while the article is open): marks the caller present and answers the other editors who have it open",
      handle: async (ctx, { params: { id } }) => {
        await existing(id);
        return presence.beat(id, userId(ctx));
      },
    }),
    endpoint({
      method: 'delete', path: '/api/admin/articles/:id/presence', tag, access: 'admin', status: 204, params, keepsCache: true,
      summary: 'The caller has closed the article',
      handle: async (ctx, { params: { id } }) => {
        await presence.leave(id, userId(ctx));
        ctx.status = 204;
      },
    }),
  ];
};

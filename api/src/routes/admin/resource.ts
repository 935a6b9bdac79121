import { createHash } from 'node:crypto';
import { editConflictSchema, ERROR_CODES, idParam, listQuery } from '@redaktion/shared';
import { z } from 'zod';
import type { AppContext } from '../../http/context.js';
import { Answer, endpoint, type Answers, type AnyEndpoint } from '../../http/endpoint.js';
import { HttpError, notFound } from '../../errors.js';
import type { Page } from '../../services/content/published.js';

/** What one admin resource, stored as rows of type Row, needs to be listed, created, replaced and deleted. */
export interface Resource<Row, Input, Update = Input> {
  path: string;
  tag: string;
  input: z.ZodType<Input>;
  /** A different body for updates (the episode's {status}-only form). */
  update?: z.ZodType<Update>;
  output: z.ZodType;
  listOutput?: z.ZodType;
  toApi(row: Row): unknown;
  toListItem?(row: Row): unknown;
  summaries: { list: string; create: string; update: string; remove: string; item?: string };
  /** Why a call answers 409, for the calls that can (a taken name, a series that still has episodes). */
  conflicts?: { create?: string; update?: string; remove?: string };
  service: {
    list(page: Page): Promise<Row[]>;
    create(input: Input, ctx: AppContext): Promise<Row>;
    /** `precondition` (given with byId) runs on the row the save replaces, locked in the saving transaction. */
    update(id: number, input: Update, ctx: AppContext, precondition?: (existing: Row) => void): Promise<Row>;
    remove(id: number): Promise<void>;
    /** With it, the resource answers GET /:id with an ETag and its PUT honours If-Match (contract.md §8). */
    byId?(id: number): Promise<Row | undefined>;
    /** The item a create already made, when the client sends the same create again (an offline draft's clientId). */
    replayed?(input: Input): Promise<Row | undefined>;
  };
}

const params = z.object({ id: idParam });

/** A strong validator of the answer itself: any change an editor could see changes it. */
export const etagOf = (answer: unknown) => `"${createHash('sha256').update(JSON.stringify(answer)).digest('base64url').slice(0, 27)}"`;

/** If-Match (RFC 9110 §13.1.1): `*` or a list of entity tags, compared strongly. */
export const ifMatchHolds = (header: string, etag: string) => header.trim() === '*' || header.split(',').some((tag) => tag.trim() === etag);

/** The four admin calls of a resource, declared once (GET list, POST, PUT /:id, DELETE /:id), and GET /:id where it has one. */
export function resourceEndpoints<Row, Input, Update = Input>(resource: Resource<Row, Input, Update>): AnyEndpoint[] {
  const { path, tag, service, summaries } = resource;
  const listItem = resource.toListItem ?? resource.toApi;
  const { byId, replayed } = service;
  const conflict = (call: 'create' | 'update' | 'remove'): Answers => {
    const why = resource.conflicts?.[call];
    return why ? { 409: { description: why } } : {};
  };
  const replay: Answers = replayed ? { 200: { description: 'The item this clientId already made (nothing new is created)', schema: resource.output } } : {};
  const editConflict: Answers = byId
    ? { 412: { description: 'If-Match no longer matches: someone saved the item meanwhile; `current` is the item now', schema: editConflictSchema } } : {};
  return [
    endpoint({
      method: 'get', path, tag, access: 'admin', summary: summaries.list, query: listQuery,
      response: z.array(resource.listOutput ?? resource.output),
      handle: async (_ctx, { query }) => (await service.list(query)).map((row) => listItem(row)),
    }),
    ...(byId ? [endpoint({
      method: 'get', path: `${path}/:id`, tag, access: 'admin', params, response: resource.output,
      summary: summaries.item ?? 'One item in any status, with an ETag to send back as If-Match when saving',
      handle: async (ctx, { params: { id } }) => {
        const row = await byId(id);
        if (!row) throw notFound();
        const answer = resource.toApi(row);
        ctx.set('ETag', etagOf(answer));
        ctx.set('Cache-Control', 'private, no-cache');
        return answer;
      },
    })] : []),
    endpoint({
      method: 'post', path, tag, access: 'admin', status: 201, summary: summaries.create, body: resource.input, response: resource.output,
      answers: { ...conflict('create'), ...replay },
      handle: async (ctx, { body }) => {
        const earlier = await replayed?.(body);
        if (earlier) return new Answer(200, resource.toApi(earlier));
        return resource.toApi(await service.create(body, ctx));
      },
    }),
    endpoint({
      method: 'put', path: `${path}/:id`, tag, access: 'admin', summary: summaries.update, params,
      body: (resource.update ?? resource.input) as z.ZodType<Update>, response: resource.output,
      answers: { ...conflict('update'), ...editConflict },
      handle: async (ctx, { params: { id }, body }) => {
        const ifMatch = ctx.get('If-Match');
        const precondition = byId && ifMatch ? (row: Row) => {
          const current = resource.toApi(row);
          const etag = etagOf(current);
          if (!ifMatchHolds(ifMatch, etag)) {
            throw new HttpError(412, 'Someone else saved this item after you opened it', ERROR_CODES.editConflict, undefined, { ETag: etag }, { current });
          }
        } : undefined;
        const answer = resource.toApi(await service.update(id, body, ctx, precondition));
        if (byId) ctx.set('ETag', etagOf(answer));
        return answer;
      },
    }),
    endpoint({
      method: 'delete', path: `${path}/:id`, tag, access: 'admin', status: 204, summary: summaries.remove, params, answers: conflict('remove'),
      handle: async (ctx, { params: { id } }) => {
        await service.remove(id);
        ctx.status = 204;
      },
    }),
  ];
}

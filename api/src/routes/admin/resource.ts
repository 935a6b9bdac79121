import { idParam, listQuery } from '@redaktion/shared';
import { z } from 'zod';
import type { AppContext } from '../../http/context.js';
import { endpoint, type AnyEndpoint } from '../../http/endpoint.js';
import type { Page } from '../../services/published.js';

type Row = Record<string, unknown>;

/** What one admin resource needs to be listed, created, replaced and deleted. */
export interface Resource<Input, Update = Input> {
  path: string;
  tag: string;
  input: z.ZodType<Input>;
  /** A different body for updates (the episode's {status}-only form). */
  update?: z.ZodType<Update>;
  output: z.ZodType;
  listOutput?: z.ZodType;
  toApi(row: Row): unknown;
  toListItem?(row: Row): unknown;
  summaries: { list: string; create: string; update: string; remove: string };
  service: {
    list(page: Page): Promise<Row[]>;
    create(input: Input, ctx: AppContext): Promise<Row>;
    update(id: number, input: Update, ctx: AppContext): Promise<Row>;
    remove(id: number): Promise<void>;
  };
}

const params = z.object({ id: idParam });

/** The four admin calls of a resource, declared once (GET list, POST, PUT /:id, DELETE /:id). */
export function resourceEndpoints<Input, Update = Input>(resource: Resource<Input, Update>): AnyEndpoint[] {
  const { path, tag, service, summaries } = resource;
  const listItem = resource.toListItem ?? resource.toApi;
  return [
    endpoint({
      method: 'get', path, tag, access: 'admin', summary: summaries.list, query: listQuery,
      response: z.array(resource.listOutput ?? resource.output),
      handle: async (_ctx, { query }) => (await service.list(query)).map((row) => listItem(row)),
    }),
    endpoint({
      method: 'post', path, tag, access: 'admin', status: 201, summary: summaries.create, body: resource.input, response: resource.output,
      handle: async (ctx, { body }) => resource.toApi(await service.create(body, ctx)),
    }),
    endpoint({
      method: 'put', path: `${path}/:id`, tag, access: 'admin', summary: summaries.update, params,
      body: (resource.update ?? resource.input) as z.ZodType<Update>, response: resource.output,
      handle: async (ctx, { params: { id }, body }) => resource.toApi(await service.update(id, body, ctx)),
    }),
    endpoint({
      method: 'delete', path: `${path}/:id`, tag, access: 'admin', status: 204, summary: summaries.remove, params,
      handle: async (ctx, { params: { id } }) => {
        await service.remove(id);
        ctx.status = 204;
      },
    }),
  ];
}

import { idParam, liveEntryInputSchema, liveEntrySchema, liveEntryUpdateSchema, type LiveEntry } from '@redaktion/shared';
import { z } from 'zod';
import type { LiveEntryRow, UserRow } from '../../db/rows.js';
import type { AppContext } from '../../http/context.js';
import { Answer, endpoint } from '../../http/endpoint.js';
import type { Services } from '../../services/index.js';
import { liveReads } from '../live.js';

const params = z.object({ id: idParam });
const entryParams = z.object({ id: idParam, entryId: idParam });
const tag = 'Admin: live coverage';
const closed = { 409: { description: 'The article is not a live article, or its coverage has ended (frozen)' } };

/** An entry is signed with the staff member's name as the newsroom writes it, else their username. */
const authorOf = (user: UserRow) => ({ id: user.id, name: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username });

/**
 * The live desk's calls (contract §9 [live]): entries posted, edited and deleted. Each changes what readers see of
 * one article only, so only the cached answers that show it go (and every stream of it hears the change).
 */
export const liveAdminEndpoints = (services: Services) => {
  const { live } = services;
  const { answers } = liveReads(services);
  const answer = async (row: LiveEntryRow): Promise<LiveEntry> => (await answers([row], false))[0] as LiveEntry;
  // Set before the write: even a replay, which changes nothing, then clears no more than the article's answers.
  const changed = (ctx: AppContext, id: number) => { ctx.state.changed = { article: id }; };
  return [
    endpoint({
      method: 'post', path: '/api/admin/articles/:id/live/entries', tag, access: 'admin', status: 201, params, body: liveEntryInputSchema, response: liveEntrySchema,
      summary: 'Posts an entry to a live article; breaking sends a Web Push alert to the topics breaking and live:{id}; a clientId already stored answers 200 with that entry',
      answers: { 200: { description: 'The entry this clientId already made (nothing new is posted, no alert is sent)', schema: liveEntrySchema }, ...closed },
      handle: async (ctx, { params: { id }, body }) => {
        changed(ctx, id);
        const { row, replayed } = await live.post(id, body, authorOf(ctx.state.user!));
        return replayed ? new Answer(200, await answer(row)) : answer(row);
      },
    }),
    endpoint({
      method: 'put', path: '/api/admin/articles/:id/live/entries/:entryId', tag, access: 'admin', params: entryParams, body: liveEntryUpdateSchema, response: liveEntrySchema,
      summary: 'Edits an entry (text, title, key event, pinned: pinning it unpins the other); readers see it change in place',
      answers: closed,
      handle: async (ctx, { params: { id, entryId }, body }) => {
        changed(ctx, id);
        return answer(await live.edit(id, entryId, body));
      },
    }),
    endpoint({
      method: 'delete', path: '/api/admin/articles/:id/live/entries/:entryId', tag, access: 'admin', status: 204, params: entryParams,
      summary: 'Deletes an entry; readers see it go',
      answers: closed,
      handle: async (ctx, { params: { id, entryId } }) => {
        changed(ctx, id);
        await live.remove(id, entryId);
        ctx.status = 204;
      },
    }),
  ];
};

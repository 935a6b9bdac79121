import { z } from 'zod';
import { LIBRARY_MAX_CHANGES, LIBRARY_QUEUE_MAX, MAX_ID } from '../constants.js';
import { isoDate } from './fields.js';

/**
 * The reader's library across devices (contract §9 [listen]): where each episode was left, the reading list, the
 * followed series and the Up Next queue. A device sends its changes with the time each was made by its own clock.
 */


const id = (what: string) => z.number({ error: `${what} must be an id` }).int({ error: `${what} must be an id` })
  .positive({ error: `${what} must be an id` }).max(MAX_ID, { error: `${what} must be an id` });
const deviceTime = (what: string) => z.iso.datetime({ offset: true, error: `${what} must be an ISO 8601 date and time` });
const at = deviceTime('at').describe("When the change was made, by the device's clock");

const changeSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('position'), episodeId: id('episodeId'), at,
    seconds: z.number({ error: 'seconds must be a number of seconds' }).min(0, { error: 'seconds must be 0 or more' })
      .max(1_000_000, { error: 'seconds is too large' }) }),
  z.object({ type: z.literal('finished'), episodeId: id('episodeId'), finished: z.boolean({ error: 'finished must be true or false' }), at }),
  z.object({ type: z.enum(['save', 'unsave']), articleId: id('articleId'), at }),
  z.object({ type: z.enum(['follow', 'unfollow']), seriesId: id('seriesId'), at }),
  z.object({ type: z.literal('queue'), at,
    episodeIds: z.array(id('episodeIds'), { error: 'episodeIds must be a list of episode ids' })
      .max(LIBRARY_QUEUE_MAX, { error: `Up Next holds at most ${LIBRARY_QUEUE_MAX} episodes` }).describe('The whole queue, in order') }),
], { error: 'type must be position, finished, save, unsave, follow, unfollow or queue' }).meta({ id: 'LibraryChange' });

/**
 * PATCH (or POST, for `navigator.sendBeacon`) /api/me/library. The count of changes is checked by the call itself
 * (413 beyond LIBRARY_MAX_CHANGES), so that a device learns to send fewer rather than that one was wrong.
 */
export const librarySyncSchema = z.object({
  now: deviceTime('now').describe("The device's clock as it sent the call: the server moves every `at` by its own clock's difference from it"),
  changes: z.array(changeSchema, { error: 'changes must be a list' }).describe(`At most ${LIBRARY_MAX_CHANGES}`),
}).meta({ id: 'LibrarySync' });

export const librarySchema = z.object({
  positions: z.array(z.object({
    episodeId: z.number().int(), seconds: z.number(), finished: z.boolean(), updatedAt: isoDate,
  })).describe('Newest first; `seconds` and `finished` are kept apart, each as its latest change set it'),
  readingList: z.array(z.object({ articleId: z.number().int(), addedAt: isoDate })).describe('Newest first'),
  following: z.array(z.object({ seriesId: z.number().int(), since: isoDate })).describe('Newest first'),
  queue: z.array(z.number().int()).describe('Up Next, in order'),
}).meta({ id: 'Library' });

export type LibraryChange = z.infer<typeof changeSchema>;
export type LibrarySync = z.infer<typeof librarySyncSchema>;
export type Library = z.infer<typeof librarySchema>;

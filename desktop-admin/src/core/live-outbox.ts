import { LIVE_ENTRY_MAX_CHARS, liveEntryInputSchema, liveEntrySchema, type LiveEntry } from '@redaktion/shared';
import { z } from 'zod';
import { Outbox, outboxItemFields } from './outbox.js';
import { jsonAnswer, type ServerCall } from './server-connection.js';

/**
 * A live entry as the console wrote it: kept as written (the server trims and judges it when it is sent), never longer
 * than the shared schema allows.
 */
export const queuedEntryFieldsSchema = z.object({
  content: z.string().max(LIVE_ENTRY_MAX_CHARS),
  title: z.string().max(liveEntryInputSchema.shape.title.unwrap().unwrap().maxLength!).nullable(),
  keyEvent: z.boolean(),
  pinned: z.boolean(),
  breaking: z.boolean(),
});
export type QueuedEntryFields = z.infer<typeof queuedEntryFieldsSchema>;

export const queuedEntrySchema = z.object({
  ...outboxItemFields,
  articleId: z.number().int().positive(),
  entry: queuedEntryFieldsSchema,
  state: z.enum(['pending', 'sent', 'refused']),
  /** The entry as the server stored it, once sent. */
  published: liveEntrySchema.nullable(),
});
export type QueuedEntry = z.infer<typeof queuedEntrySchema>;

/**
 * Live entries written in the desktop app's console (contract §9 [live]): every new entry is kept here first and sent
 * in the order written, so that entries written while the connection is down go out, in order, when it returns. The
 * console's `clientId` goes with each; the server answers a second send of one with the entry it stored (200).
 */
export class LiveOutbox {
  private readonly outbox: Outbox<QueuedEntry>;

  constructor(file: string, private readonly serverCall: ServerCall, private readonly profileId: () => string | null) {
    this.outbox = new Outbox({ file, key: 'entries', item: queuedEntrySchema, profileId, send: (queued) => this.send(queued) });
  }

  /**
   * Keeps the entry after those kept before it and sends what waits; answers where the entry stands then. The same
   * `clientId` again (a second press, a retry) answers the entry kept the first time.
   */
  async post(articleId: number, clientId: string, entry: QueuedEntryFields): Promise<QueuedEntry> {
    const profileId = this.profileId();
    if (!profileId) throw new Error('Choose a server first');
    const items = await this.outbox.items();
    if (!items.some((item) => item.clientId === clientId)) {
      // Entries on the server are the server's to show: the file keeps only what still waits.
      await this.outbox.remove((item) => item.state === 'sent');
      items.push({ clientId, profileId, articleId, entry, state: 'pending', published: null, error: null, updatedAt: Date.now() });
      await this.outbox.persist();
    }
    await this.flush();
    return structuredClone((await this.outbox.items()).find((item) => item.clientId === clientId)!);
  }

  /** The article's entries not on the server yet (waiting or refused), oldest first. */
  list(articleId: number): Promise<QueuedEntry[]> {
    return this.outbox.list((item) => item.articleId === articleId && item.state !== 'sent');
  }

  /** Forgets an entry that is not on the server yet. */
  discard(clientId: string): Promise<void> {
    return this.outbox.remove((item) => item.clientId === clientId && item.state !== 'sent');
  }

  flush(): Promise<void> {
    return this.outbox.flush();
  }

  private async send(queued: QueuedEntry): Promise<'sent'> {
    queued.published = await jsonAnswer<LiveEntry>(await this.serverCall(`/api/admin/articles/${queued.articleId}/live/entries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ ...queued.entry, clientId: queued.clientId }),
    }));
    return 'sent';
  }
}

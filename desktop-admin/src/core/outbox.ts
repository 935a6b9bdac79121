import { z } from 'zod';
import { JsonFile } from './json-file.js';
import { ServerRefused, ServerUnreachable } from './server-connection.js';

/**
 * What the app writes while the server may not answer (article drafts, live entries): kept on disk first, in the order
 * written, and sent in that order when the server answers. Each item carries a `clientId` of its own that the server
 * remembers, so an item sent twice (its answer lost, or the app stopped before it kept the answer) is stored once.
 */
export const outboxItemFields = {
  clientId: z.uuid(),
  /** The server profile it is for: only the active server's items are sent. */
  profileId: z.string(),
  /** Why it is not on the server yet: the connection's trouble, or the server's refusal. */
  error: z.string().nullable(),
  updatedAt: z.number(),
};

export interface OutboxItem { clientId: string; profileId: string; state: string; error: string | null; updatedAt: number }

/** A failure that another try may get past, and that holds back what was written after it: the order is kept. */
function worthRetrying(error: unknown): boolean {
  if (error instanceof ServerUnreachable) return true;
  // Signed out elsewhere, overloaded, or between deployments: the item waits, as for a lost connection.
  return error instanceof ServerRefused && (error.status === 401 || error.status === 408 || error.status === 429 || error.status >= 500);
}

export interface OutboxOptions<T extends OutboxItem> {
  file: string;
  /** The document's one field, which holds the items (`drafts`, `entries`). */
  key: string;
  item: z.ZodType<T>;
  /** The active server's profile, or null when none is chosen. */
  profileId(): string | null;
  /** Sends one item and answers the state it reaches; a refusal throws (ServerRefused), as does a lost connection. */
  send(item: T): Promise<T['state']>;
}

export class Outbox<T extends OutboxItem> {
  private readonly store: JsonFile<Record<string, T[]>>;
  /** The items, read from disk once; every change is made here and then written whole. */
  private document: Promise<Record<string, T[]>> | null = null;
  private flushing: Promise<void> | null = null;
  /** Asked to flush while a flush ran: it goes round once more, for what was added meanwhile. */
  private again = false;

  constructor(private readonly options: OutboxOptions<T>) {
    const schema = z.object({ [options.key]: z.array(options.item) }) as unknown as z.ZodType<Record<string, T[]>>;
    this.store = new JsonFile(options.file, schema, () => ({ [options.key]: [] }));
  }

  /** Every item of every profile, oldest first: the live array, to change and then `persist()`. */
  async items(): Promise<T[]> {
    this.document ??= this.store.read();
    return (await this.document)[this.options.key]!;
  }

  async persist(): Promise<void> {
    await this.items();
    await this.store.write(await this.document!);
  }

  /** Copies of the active profile's items that `keep` keeps, oldest first. */
  async list(keep: (item: T) => boolean = () => true): Promise<T[]> {
    const profileId = this.options.profileId();
    return structuredClone((await this.items()).filter((item) => item.profileId === profileId && keep(item)));
  }

  /** Removes the items `drop` names and writes the rest. */
  async remove(drop: (item: T) => boolean): Promise<void> {
    const items = await this.items();
    const kept = items.filter((item) => !drop(item));
    items.splice(0, items.length, ...kept);
    await this.persist();
  }

  /** Sends every pending item of the active server, oldest first; what cannot reach it stays pending, in order. */
  flush(): Promise<void> {
    if (this.flushing) {
      this.again = true;
      return this.flushing;
    }
    this.flushing = (async () => {
      do {
        this.again = false;
        if (!(await this.sendPending())) return;
      } while (this.again);
    })().finally(() => { this.flushing = null; });
    return this.flushing;
  }

  /** One pass over the pending items; false when the server could not be reached (the rest wait behind the first). */
  private async sendPending(): Promise<boolean> {
    const profileId = this.options.profileId();
    for (const item of await this.items()) {
      if (item.state !== 'pending' || item.profileId !== profileId) continue;
      const changedAt = item.updatedAt;
      try {
        const outcome = await this.options.send(item);
        if (outcome === 'sent') item.error = null;
        // Changed while it was on its way: the newer version goes next time.
        item.state = outcome === 'sent' && item.updatedAt !== changedAt ? 'pending' : outcome;
      } catch (error) {
        if (worthRetrying(error)) {
          item.error = error instanceof ServerRefused ? error.serverMessage : (error as Error).message;
          await this.persist();
          return false;
        }
        item.state = 'refused';
        item.error = error instanceof ServerRefused ? error.serverMessage : (error as Error).message;
      }
      await this.persist();
    }
    return true;
  }
}

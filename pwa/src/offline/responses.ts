import type { DeviceDb } from './db';

/** How many unpinned answers the device keeps; the oldest go first. */
export const MAX_RESPONSES = 400;
/** Eviction runs every so many writes (counting rows on each write would cost more than the rows). */
export const EVICT_EVERY = 25;

/**
 * The device's copy of API answers, for the ApiCache: what the reader saw is there when the network is not.
 * Nothing the server withheld is in an answer, so nothing withheld is stored.
 */
export interface ResponseStore {
  get(path: string): Promise<{ data: unknown; savedAt: number } | undefined>;
  put(path: string, data: unknown, pinned?: boolean): Promise<void>;
  remove(path: string): Promise<void>;
}

/** Reads that are never kept: the account's own data has its own place (the last known user). */
const NOT_KEPT = [/^\/api\/user\b/, /^\/api\/subscription\b/, /^\/api\/admin\b/];

export function deviceResponses(open: () => Promise<DeviceDb>): ResponseStore {
  let writes = 0;
  return {
    async get(path) {
      const db = await open();
      const row = await db.responses.get(path);
      return row ? { data: row.data, savedAt: row.savedAt } : undefined;
    },
    async put(path, data, pinned = false) {
      if (NOT_KEPT.some((pattern) => pattern.test(path))) return;
      const db = await open();
      const existing = await db.responses.get(path);
      // Saving pins an answer; seeing it again later must not unpin it.
      await db.responses.put({ path, data, savedAt: Date.now(), pinned: pinned || existing?.pinned === 1 ? 1 : 0 });
      if ((writes += 1) % EVICT_EVERY === 0) await evict(db);
    },
    async remove(path) {
      await (await open()).responses.delete(path);
    },
  };
}

async function evict(db: DeviceDb) {
  const unpinned = db.responses.where('pinned').equals(0);
  const extra = (await unpinned.count()) - MAX_RESPONSES;
  if (extra > 0) {
    const oldest = await db.responses.orderBy('savedAt').filter((row) => row.pinned === 0).limit(extra).primaryKeys();
    await db.responses.bulkDelete(oldest);
  }
}

/** After logging out: the answers read with the account go (a subscriber's premium text among them); saved items stay. */
export async function forgetUnpinned(db: DeviceDb) {
  await db.responses.where('pinned').equals(0).delete();
}

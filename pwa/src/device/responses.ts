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
  /** Keeps several answers in one transaction (a server-rendered page's). */
  putMany(entries: [path: string, data: unknown][]): Promise<void>;
  remove(path: string): Promise<void>;
}

/** Reads that are never kept: the account's own data has its own place (the last known user). */
const NOT_KEPT = [/^\/api\/user\b/, /^\/api\/subscription\b/, /^\/api\/admin\b/];

export function deviceResponses(open: () => Promise<DeviceDb>): ResponseStore {
  let writes = 0;
  async function keep(entries: [string, unknown][], pinned: boolean) {
    const kept = entries.filter(([path]) => !NOT_KEPT.some((pattern) => pattern.test(path)));
    if (!kept.length) return;
    const db = await open();
    await db.transaction('rw', db.responses, async () => {
      // Saving pins an answer; seeing it again later must not unpin it.
      const existing = await db.responses.bulkGet(kept.map(([path]) => path));
      const savedAt = Date.now();
      await db.responses.bulkPut(kept.map(([path, data], i) => ({ path, data, savedAt, pinned: pinned || existing[i]?.pinned === 1 ? 1 : 0 })));
    });
    const before = writes;
    writes += kept.length;
    if (Math.floor(writes / EVICT_EVERY) > Math.floor(before / EVICT_EVERY)) await evict(db);
  }
  return {
    async get(path) {
      const row = await (await open()).responses.get(path);
      return row ? { data: row.data, savedAt: row.savedAt } : undefined;
    },
    put: (path, data, pinned = false) => keep([[path, data]], pinned),
    putMany: (entries) => keep(entries, false),
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

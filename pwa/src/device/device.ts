import type { DeviceDb } from './db';
import { PAGE_CACHE } from './cache-names';
import { deviceResponses, forgetUnpinned, type ResponseStore } from './responses';

/**
 * The browser's device storage as the app's services see it (the server renders without one).
 * Dexie loads on first use, in a chunk of its own: the first screen never waits for it.
 */
export interface Device {
  open(): Promise<DeviceDb>;
  responses: ResponseStore;
  /**
   * After the session ends: answers read with the account and edits and library changes waiting for it go; saved
   * articles and downloads stay (contract.md §7). Changes made while no one was signed in stay for the next sign-in.
   */
  signedOut(): Promise<void>;
  /** A user is signed in: the pages the service worker kept for a signed-out reader go (sw.ts keeps none of theirs). */
  signedIn(): Promise<void>;
}

export function createDevice(): Device {
  let opening: Promise<DeviceDb> | null = null;
  // A failed load (the chunk fetched while the network was cut) is not kept: the next call tries again.
  const open = () => (opening ??= import('./db').then(({ DeviceDb }) => new DeviceDb()).catch((error: unknown) => {
    opening = null;
    throw error;
  }));
  return {
    open,
    responses: deviceResponses(open),
    async signedOut() {
      const db = await open();
      await Promise.all([forgetUnpinned(db), db.outbox.clear(), db.changes.filter((pending) => pending.userId !== null).delete()]);
    },
    async signedIn() {
      if ('caches' in globalThis) await caches.delete(PAGE_CACHE);
    },
  };
}

import type { Library } from '@redaktion/shared';
import { ApiError, apiPaths } from '@redaktion/shared/client';
import { LIBRARY_MAX_CHANGES } from '@redaktion/shared/constants';
import type { AppServices } from '../services/context';
import { listedKey, QUEUE_KEY, type DeviceDb, type Listed, type PendingChange, type Position } from '../device/db';
import { usePlayer } from '../state/player';
import type * as savedModule from './saved';

/**
 * Saving on the device, handed in by the callers (in the first screen's scripts already): imported here, it would be
 * split into a chunk of its own that every page then fetches first.
 */
export type Saving = Pick<typeof savedModule, 'forgetSaved' | 'keepSyncedArticle'>;

/**
 * The reader's library on every device (contract §9 [listen]). The device writes each change down with its time
 * (DeviceDb.recordChange, in the same act as the change itself) and this module, loaded after the first screen, sends
 * what waits with the device clock's `now`: soon after a change, when the app opens, when the network returns and as
 * the page is hidden. A change leaves the device only once the server has answered; the merged library it answers is
 * then applied here, except for items with a change of this device's still waiting (those are newer).
 */

/** How long after a change the library goes out: changes made together go in one call. */
export const SEND_AFTER_MS = 2_000;
/** While an episode plays its position is written down every few seconds: it goes out this often then. */
export const SEND_WHILE_PLAYING_MS = 30_000;
/** How long an episode that opens waits for the library before it resumes from this device's own position. */
const RESUME_WAIT_MS = 2_000;


/**
 * The changes the signed-in reader sends: their own, and those made while no one was signed in (which signing in
 * merges into the account). Another account's changes on a shared device wait for that account.
 */
export const sendable = (pending: PendingChange[], userId: number) =>
  pending.filter((item) => item.userId === userId || item.userId === null);

let started = false;
let timer: ReturnType<typeof setTimeout> | undefined;
let timerDue = Infinity;
let running: Promise<void> | null = null;
let again = false;
/** What waits, as last read: the page going away sends it at once (IndexedDB would not answer in time). */
let waiting: PendingChange[] = [];

/** Starts the sync (once): now, at each sign-in, when the network returns, after each change and as the page is hidden. */
export function startLibrarySync(services: AppServices, saving: Saving): void {
  const { device, session } = services;
  if (started || !device) return;
  started = true;
  // The first sync reads what waits only once every later change is sure to be seen: none falls between the two.
  void device.open().then(async (db) => {
    await db.adoptEarlierLibrary(session.getState().user?.id ?? null).catch(() => undefined);
    db.changes.hook('creating', function () {
      this.onsuccess = () => changed(services, saving);
    });
    return syncLibrary(services, saving);
  }).catch(() => undefined);
  let userId = session.getState().user?.id;
  session.subscribe((state) => {
    if (state.user?.id === userId) return;
    userId = state.user?.id;
    void syncLibrary(services, saving);
  });
  window.addEventListener('online', () => void syncLibrary(services, saving));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') sendBeforeHidden(services);
  });
}

function changed(services: AppServices, saving: Saving): void {
  void services.device?.open().then(refreshWaiting).catch(() => undefined);
  const delay = usePlayer.getState().playing ? SEND_WHILE_PLAYING_MS : SEND_AFTER_MS;
  const due = Date.now() + delay;
  if (timer !== undefined && timerDue <= due) return;
  clearTimeout(timer);
  timerDue = due;
  timer = setTimeout(() => {
    timer = undefined;
    timerDue = Infinity;
    void syncLibrary(services, saving);
  }, delay);
}

async function refreshWaiting(db: DeviceDb): Promise<void> {
  waiting = await db.changes.orderBy('seq').toArray();
}

/**
 * Sends what waits and applies the answer. A call made while a sync is under way is not dropped: that sync runs once
 * more when it ends, so a change made meanwhile goes out too.
 */
export function syncLibrary(services: AppServices, saving: Saving): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    do {
      again = false;
      await syncOnce(services, saving);
    } while (again);
  })().catch(() => undefined).finally(() => {
    running = null;
  });
  return running;
}

async function syncOnce(services: AppServices, saving: Saving): Promise<void> {
  const { api, device, session } = services;
  const userId = session.getState().user?.id;
  if (!device || userId === undefined) return;
  const db = await device.open();
  for (;;) {
    waiting = await db.changes.orderBy('seq').toArray();
    const batch = sendable(waiting, userId).slice(0, LIBRARY_MAX_CHANGES);
    let library: Library;
    try {
      library = await api.syncLibrary({ now: new Date().toISOString(), changes: batch.map((item) => item.change) });
    } catch (error) {
      // Refused as they are (not the network, not the session): sending them again cannot help.
      if (error instanceof ApiError && error.status === 400) await db.changes.bulkDelete(batch.map((item) => item.seq!));
      return;
    }
    // A change made to the same item while the call was out has replaced its row: it stays, under a new seq.
    await db.changes.bulkDelete(batch.map((item) => item.seq!));
    await refreshWaiting(db);
    if (session.getState().user?.id !== userId) return;
    if (batch.length < LIBRARY_MAX_CHANGES) return applyLibrary(services, saving, db, userId, library, new Set(batch.map((item) => item.key)));
  }
}

/**
 * The merged library on this device: positions, finished marks, the reading list, followed series and Up Next, where no
 * change of its own waits.
 * `answered` names the items whose changes this call sent: the server's word on them is final, a lost save included.
 */
export async function applyLibrary(services: AppServices, { forgetSaved, keepSyncedArticle }: Saving, db: DeviceDb, userId: number, library: Library, answered = new Set<string>()): Promise<void> {
  const waitingKeys = async () => new Set(sendable(await db.changes.toArray(), userId).map((item) => item.key));
  await db.transaction('rw', db.positions, db.changes, async () => {
    const mine = await waitingKeys();
    for (const remote of library.positions) {
      const local = await db.positions.get(remote.episodeId);
      const next: Position = {
        id: remote.episodeId,
        time: mine.has(`position:${remote.episodeId}`) ? local?.time ?? 0 : remote.seconds,
        finished: mine.has(`finished:${remote.episodeId}`) ? local?.finished ?? false : remote.finished,
        updatedAt: Date.parse(remote.updatedAt),
      };
      if (!local || local.time !== next.time || Boolean(local.finished) !== next.finished) await db.positions.put(next);
    }
  });

  const before = (await db.meta.get(listedKey(userId)))?.value as Listed | undefined;
  const listed = new Set(library.readingList.map((item) => item.articleId));
  const savedHere = new Set((await db.saved.where('kind').equals('article').toArray()).map((item) => item.id));
  const mine = await waitingKeys();
  for (const { articleId, addedAt } of library.readingList) {
    if (savedHere.has(articleId) || mine.has(`article:${articleId}`)) continue;
    try {
      await keepSyncedArticle(services, await services.api.get(apiPaths.article(articleId)), Date.parse(addedAt));
    } catch { /* unreachable now: the next sync tries again */ }
  }
  // What the account listed before and another device removed since leaves, and a save of this device's that a newer
  // removal beat; a row the account never had (another reader's, on a shared device) stays.
  const removedElsewhere = (waiting: Set<string>, key: string, id: number, now: Set<number>, earlier: number[] | undefined) =>
    !now.has(id) && !waiting.has(key) && (earlier?.includes(id) || answered.has(key));
  for (const articleId of savedHere) {
    if (removedElsewhere(mine, `article:${articleId}`, articleId, listed, before?.readingList)) await forgetSaved(db, 'article', articleId);
  }
  // Followed series and Up Next by the same rules, in one transaction: what is followed here shows at once everywhere.
  const followed = new Set(library.following.map((item) => item.seriesId));
  await db.transaction('rw', db.following, db.meta, db.changes, async () => {
    const waiting = await waitingKeys();
    for (const { seriesId, since } of library.following) {
      if (!waiting.has(`series:${seriesId}`) && !(await db.following.get(seriesId))) await db.following.put({ seriesId, since: Date.parse(since) });
    }
    for (const { seriesId } of await db.following.toArray()) {
      if (removedElsewhere(waiting, `series:${seriesId}`, seriesId, followed, before?.following)) await db.following.delete(seriesId);
    }
    if (!waiting.has('queue')) await db.meta.put({ key: QUEUE_KEY, value: library.queue });
  });
  await db.meta.put({ key: listedKey(userId), value: { readingList: [...listed], following: library.following.map((item) => item.seriesId) } satisfies Listed });
}

/** The page is going: what waits goes by beacon (or a keepalive fetch); it stays waiting till an answer is read. */
function sendBeforeHidden({ session }: AppServices): void {
  const userId = session.getState().user?.id;
  const batch = userId === undefined ? [] : sendable(waiting, userId).slice(0, LIBRARY_MAX_CHANGES);
  if (!batch.length) return;
  // Sent twice, a change changes nothing: it carries the time it was made, and a newer one from elsewhere still wins.
  const body = JSON.stringify({ now: new Date().toISOString(), changes: batch.map((item) => item.change) });
  if (navigator.sendBeacon?.(apiPaths.library, new Blob([body], { type: 'application/json' }))) return;
  void fetch(apiPaths.library, {
    method: 'POST', body, keepalive: true, credentials: 'same-origin', headers: { 'Content-Type': 'application/json' },
  }).catch(() => undefined);
}

/** Where an episode was left, on any of the reader's devices when the library answers in time; else on this one. */
export async function positionOf(services: AppServices, saving: Saving, episodeId: number): Promise<Position | undefined> {
  const { device, session } = services;
  if (!device) return undefined;
  if (session.getState().user && navigator.onLine) {
    await Promise.race([syncLibrary(services, saving), new Promise((resolve) => setTimeout(resolve, RESUME_WAIT_MS))]);
  }
  return (await device.open()).positions.get(episodeId);
}

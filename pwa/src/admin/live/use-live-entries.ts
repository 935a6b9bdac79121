import { useCallback, useEffect, useRef, useState } from 'react';
import { isLocked, type LiveEntry, type LiveEntryAnswer, type LiveStatus } from '@redaktion/shared';
import { apiPaths } from '@redaktion/shared/client';
import { useApi, usePlatform, type QueuedLiveEntry } from '../platform';

/**
 * How often the console asks for what changed since it last asked (the entries call with `after`). The console goes
 * through the platform's transport like every admin read, which the desktop app proxies and an event stream would not
 * pass; a few editors asking every few seconds is nothing next to the readers' streams.
 */
export const LIVE_POLL_MS = 3_000;
/** How many entries the console shows at first, and fetches each time older ones are asked for. */
const PAGE = 30;

export interface LiveEntriesState {
  entries: LiveEntry[];
  status: LiveStatus | null;
  /** Pass as `before` for older entries; null when there are none. */
  older: string | null;
  loaded: boolean;
  error: unknown;
}

const newestFirst = (a: LiveEntry, b: LiveEntry) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id;
// An editor is entitled to every entry; a locked one (never expected here) has no text to show or edit.
const readable = (answers: LiveEntryAnswer[]) => answers.filter((answer): answer is LiveEntry => !isLocked(answer));

/** `changed` laid over `entries`: newer versions replace older ones, deleted ids go, newest first. */
export function mergeEntries(entries: LiveEntry[], changed: LiveEntry[], deleted: number[] = []): LiveEntry[] {
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  for (const id of deleted) byId.delete(id);
  let pinned: number | null = null;
  for (const entry of changed) {
    const known = byId.get(entry.id);
    // A poll that left before an edit of this console may answer after it: the older version does not win.
    if (known && known.updatedAt > entry.updatedAt) continue;
    byId.set(entry.id, entry);
    if (entry.pinned) pinned = entry.id;
  }
  // At most one entry is pinned: pinning one unpins the other (contract §9 [live]), whose change may not have come yet.
  if (pinned !== null) for (const [id, entry] of byId) if (entry.pinned && id !== pinned) byId.set(id, { ...entry, pinned: false });
  return [...byId.values()].sort(newestFirst);
}

/**
 * A live article's entries as the console shows them: the newest page first, then every change since (by this
 * editor or another) every few seconds. `onArrived` hears of entries that appear from elsewhere.
 */
export function useLiveEntries(articleId: number, onArrived: (entries: LiveEntry[]) => void) {
  const api = useApi();
  const [state, setState] = useState<LiveEntriesState>({ entries: [], status: null, older: null, loaded: false, error: undefined });
  const [attempt, setAttempt] = useState(0);
  const arrived = useRef(onArrived);
  arrived.current = onArrived;
  // The entries this console has shown: one that comes in a poll and is not among them is news.
  const known = useRef(new Set<number>());

  useEffect(() => {
    let open = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let cursor: string | null = null;
    known.current = new Set();
    const follow = async () => {
      try {
        const answer = await api.get(apiPaths.liveEntries(articleId, { after: cursor! }));
        if (!open) return;
        cursor = answer.cursor;
        const changed = readable(answer.entries);
        const fresh = changed.filter((entry) => !known.current.has(entry.id));
        for (const entry of fresh) known.current.add(entry.id);
        setState((current) => ({ ...current, entries: mergeEntries(current.entries, changed, answer.deleted), status: answer.status }));
        if (fresh.length > 0) arrived.current(fresh);
      } catch {
        // Asked again at the next tick: a dropped connection does not stop the console.
      }
      if (open) timer = setTimeout(() => void follow(), LIVE_POLL_MS);
    };
    void (async () => {
      try {
        const answer = await api.get(apiPaths.liveEntries(articleId, { limit: PAGE }));
        if (!open) return;
        cursor = answer.cursor;
        const entries = readable(answer.entries).sort(newestFirst);
        for (const entry of entries) known.current.add(entry.id);
        setState({ entries, status: answer.status, older: answer.older, loaded: true, error: undefined });
        timer = setTimeout(() => void follow(), LIVE_POLL_MS);
      } catch (error) {
        if (open) setState((current) => ({ ...current, error }));
      }
    })();
    return () => {
      open = false;
      clearTimeout(timer);
    };
  }, [api, articleId, attempt]);

  /** An entry this console posted or changed, shown at once (the next poll brings it again, and it is not news). */
  const apply = useCallback((entry: LiveEntry) => {
    known.current.add(entry.id);
    setState((current) => ({ ...current, entries: mergeEntries(current.entries, [entry]) }));
  }, []);
  const drop = useCallback((id: number) => {
    setState((current) => ({ ...current, entries: mergeEntries(current.entries, [], [id]) }));
  }, []);
  const setStatus = useCallback((status: LiveStatus) => setState((current) => ({ ...current, status })), []);
  const loadOlder = useCallback(async () => {
    if (!state.older) return;
    const answer = await api.get(apiPaths.liveEntries(articleId, { before: state.older, limit: PAGE }));
    const entries = readable(answer.entries);
    for (const entry of entries) known.current.add(entry.id);
    setState((current) => ({ ...current, entries: mergeEntries(current.entries, entries), older: answer.older }));
  }, [api, articleId, state.older]);

  return { ...state, apply, drop, setStatus, loadOlder, retry: () => setAttempt((n) => n + 1) };
}

/**
 * The article's entries that the host keeps until the server has them (the desktop app's outbox), followed as the
 * entries are: they leave this list as they are sent. Empty on a host without an outbox.
 */
export function useQueuedEntries(articleId: number) {
  const { liveOutbox } = usePlatform();
  const [queued, setQueued] = useState<QueuedLiveEntry[]>([]);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!liveOutbox) return;
    let open = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const look = async () => {
      try {
        const kept = await liveOutbox.list(articleId);
        if (open) setQueued(kept);
      } catch {
        // The host's outbox answers at the next tick.
      }
      if (open) timer = setTimeout(() => void look(), LIVE_POLL_MS);
    };
    void look();
    return () => {
      open = false;
      clearTimeout(timer);
    };
  }, [liveOutbox, articleId, version]);
  return { queued, refresh: useCallback(() => setVersion((n) => n + 1), []) };
}

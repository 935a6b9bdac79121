import type { LiveEntries, LiveEntryAnswer, LiveStatus } from '@redaktion/shared';

/**
 * What a reader's page knows of a live article: its entries by id, its status and how far it has followed the
 * article's changes (the cursor). Changes come from the entries call (the first page, older pages, a poll with `after`)
 * and from the event stream; entries that arrive while the reader is further down wait in `waiting` until they ask.
 */
export interface LiveState {
  entries: Map<number, LiveEntryAnswer>;
  /** New entries not shown yet: the reader is not at the top, and the page must not jump under them. */
  waiting: Map<number, LiveEntryAnswer>;
  status: LiveStatus;
  cursor: string;
  older: string | null;
}

export type LiveChange =
  | { type: 'page'; page: LiveEntries; atTop: boolean }
  | { type: 'older'; page: LiveEntries }
  | { type: 'restore'; page: LiveEntries }
  | { type: 'entry'; entry: LiveEntryAnswer; cursor: string; atTop: boolean }
  | { type: 'delete'; id: number; cursor: string }
  | { type: 'status'; status: LiveStatus; cursor: string }
  | { type: 'show' };

export const initialLive = (page: LiveEntries): LiveState => ({
  entries: new Map(page.entries.map((entry) => [entry.id, entry])),
  waiting: new Map(),
  status: page.status,
  cursor: page.cursor,
  older: page.older,
});

/** Cursors are numbers as text: a change older than what the page holds changes nothing. */
const later = (cursor: string, than: string) => (Number(cursor) > Number(than) ? cursor : than);

function withEntry(state: LiveState, entry: LiveEntryAnswer, atTop: boolean): LiveState {
  const entries = new Map(state.entries);
  const waiting = new Map(state.waiting);
  // An entry on screen changes in place; one the page has not seen waits unless the reader is at the top.
  if (entries.has(entry.id)) entries.set(entry.id, entry);
  else if (waiting.has(entry.id) || !atTop) waiting.set(entry.id, entry);
  else entries.set(entry.id, entry);
  return { ...state, entries, waiting };
}

export function liveReducer(state: LiveState, change: LiveChange): LiveState {
  switch (change.type) {
    case 'page': {
      let next = state;
      for (const entry of change.page.entries) next = withEntry(next, entry, change.atTop);
      for (const id of change.page.deleted) next = liveReducer(next, { type: 'delete', id, cursor: next.cursor });
      return { ...next, status: change.page.status, cursor: later(change.page.cursor, state.cursor) };
    }
    // What the device last received (asAnswer): the whole state at its cursor, taken only when later than the page's.
    case 'restore':
      return Number(change.page.cursor) > Number(state.cursor) ? { ...initialLive(change.page), waiting: state.waiting } : state;
    case 'older': {
      const entries = new Map(state.entries);
      for (const entry of change.page.entries) if (!entries.has(entry.id)) entries.set(entry.id, entry);
      return { ...state, entries, older: change.page.older };
    }
    case 'entry':
      return { ...withEntry(state, change.entry, change.atTop), cursor: later(change.cursor, state.cursor) };
    case 'delete': {
      const entries = new Map(state.entries);
      const waiting = new Map(state.waiting);
      entries.delete(change.id);
      waiting.delete(change.id);
      return { ...state, entries, waiting, cursor: later(change.cursor, state.cursor) };
    }
    case 'status':
      return { ...state, status: change.status, cursor: later(change.cursor, state.cursor) };
    case 'show':
      return { ...state, entries: new Map([...state.entries, ...state.waiting]), waiting: new Map() };
  }
}

/** Newest first, as the page lists them. */
export const newestFirst = (entries: Iterable<LiveEntryAnswer>) =>
  [...entries].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);

/** The answer a page opened offline shows: what it last received, as the entries call would have given it. */
export const asAnswer = (state: LiveState): LiveEntries => ({
  status: state.status,
  entries: newestFirst(state.entries.values()),
  deleted: [],
  cursor: state.cursor,
  older: state.older,
});

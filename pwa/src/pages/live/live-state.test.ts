import { describe, expect, it } from 'vitest';
import type { LiveEntries, LiveEntry } from '@redaktion/shared';
import { asAnswer, initialLive, liveReducer } from './live-state';

const entry = (id: number, minute: number, title = `Inlägg ${id}`): LiveEntry => ({
  id, title, createdAt: `2026-11-26T10:${String(minute).padStart(2, '0')}:00.000Z`, updatedAt: `2026-11-26T10:${String(minute).padStart(2, '0')}:00.000Z`,
  keyEvent: false, pinned: false, content: title, html: `<p>${title}</p>`, body: [], author: { name: 'Anna' },
});
const first: LiveEntries = { status: 'live', entries: [entry(2, 2), entry(1, 1)], deleted: [], cursor: '2', older: null };

describe('a live page\'s state', () => {
  it('shows a new entry at once at the top, and holds it back further down until the reader asks', () => {
    const atTop = liveReducer(initialLive(first), { type: 'entry', entry: entry(3, 3), cursor: '3', atTop: true });
    expect(asAnswer(atTop).entries.map((e) => e.id)).toEqual([3, 2, 1]);

    const below = liveReducer(initialLive(first), { type: 'entry', entry: entry(3, 3), cursor: '3', atTop: false });
    expect(asAnswer(below).entries.map((e) => e.id)).toEqual([2, 1]);
    expect([...below.waiting.keys()]).toEqual([3]);
    const shown = liveReducer(below, { type: 'show' });
    expect(asAnswer(shown).entries.map((e) => e.id)).toEqual([3, 2, 1]);
    expect(shown.waiting.size).toBe(0);
  });

  it('changes an entry it shows in place wherever the reader is, and drops a deleted one, shown or waiting', () => {
    const edited = liveReducer(initialLive(first), { type: 'entry', entry: entry(1, 1, 'Rättat'), cursor: '3', atTop: false });
    expect(asAnswer(edited).entries.map((e) => e.title)).toEqual(['Inlägg 2', 'Rättat']);
    const waiting = liveReducer(edited, { type: 'entry', entry: entry(4, 4), cursor: '4', atTop: false });
    const deleted = liveReducer(liveReducer(waiting, { type: 'delete', id: 4, cursor: '5' }), { type: 'delete', id: 2, cursor: '6' });
    expect(asAnswer(deleted).entries.map((e) => e.id)).toEqual([1]);
    expect(deleted.waiting.size).toBe(0);
    expect(deleted.cursor).toBe('6');
  });

  it('never moves its cursor back for a change it already has (cursors are numbers, not text)', () => {
    const state = liveReducer(initialLive({ ...first, cursor: '10' }), { type: 'status', status: 'ended', cursor: '9' });
    expect(state.cursor).toBe('10');
    expect(state.status).toBe('ended');
    const merged = liveReducer(state, { type: 'page', page: { ...first, entries: [entry(5, 5)], deleted: [1], cursor: '11' }, atTop: true });
    expect(merged.cursor).toBe('11');
    expect(asAnswer(merged).entries.map((e) => e.id)).toEqual([5, 2]);
  });

  it('takes what the device last received only when it is later than what the page holds', () => {
    const page = initialLive({ ...first, cursor: '5' });
    // An earlier visit's copy still holds entry 1, deleted since, and an older text of entry 2.
    const earlier: LiveEntries = { ...first, entries: [entry(2, 2, 'Gammal text'), entry(1, 1)], cursor: '4' };
    expect(liveReducer(page, { type: 'restore', page: earlier })).toBe(page);
    // A page the service worker kept from the first visit, and entries received on the stream since then.
    const received: LiveEntries = { status: 'ended', entries: [entry(3, 3), entry(2, 2, 'Rättat')], deleted: [], cursor: '9', older: null };
    const restored = liveReducer(page, { type: 'restore', page: received });
    expect(asAnswer(restored)).toEqual(received);
  });
});

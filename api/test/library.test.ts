import { LIBRARY_MAX_CHANGES, librarySchema, type Library, type LibraryChange } from '@redaktion/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './support/http-client.js';
import { insertArticle, insertEpisode } from './support/fixtures.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { signedInUser } from './support/users.js';

/** The library across devices (contract §9 [listen]): what a reader's devices send, merged item by item. */

const PATH = '/api/me/library';
const MINUTE = 60_000;
let server: TestServer;
let episodes: number[];
let articles: number[];
let series: number[];
let draftArticle: number;

/** A time `minutes` from the moment of the call (negative: before). */
const ago = (minutes: number, from = Date.now()) => new Date(from - minutes * MINUTE).toISOString();
type Reader = Awaited<ReturnType<typeof signedInUser>>;
const sync = (reader: Reader, changes: LibraryChange[], now = new Date().toISOString()) =>
  reader.client.patch(PATH, { now, changes });
const libraryOf = async (reader: Reader) => {
  const answer = await reader.client.get<Library>(PATH);
  expect(answer.status).toBe(200);
  return librarySchema.parse(answer.body);
};

beforeAll(async () => {
  server = await startTestServer();
  const now = new Date().toISOString();
  const seriesRow = { description: 'Om allt', category: 'news', createdAt: now, updatedAt: now };
  series = [];
  for (const [title, active] of [['Morgonpodden', true], ['Kvällspodden', true], ['Nedlagda podden', false]] as const) {
    const [row] = await server.db('podcast_series').insert({ ...seriesRow, title, active }, ['id']);
    series.push(typeof row === 'number' ? row : (row as { id: number }).id);
  }
  episodes = [
    await insertEpisode(server, { seriesId: series[0] }),
    await insertEpisode(server, { seriesId: series[0], premium: true }),
    await insertEpisode(server, { seriesId: series[1] }),
    await insertEpisode(server, { seriesId: series[1], status: 'draft', publishedAt: null }),
  ];
  articles = [await insertArticle(server), await insertArticle(server), await insertArticle(server, { premium: true })];
  draftArticle = await insertArticle(server, { status: 'draft', publishedAt: null });
});
afterAll(async () => { await server?.close(); });

describe('the library of a signed-in reader', () => {
  it('is empty at first, answered to its reader alone and kept by no cache; signed out, 401', async () => {
    const reader = await signedInUser(server.url, server.db);
    const answer = await reader.client.get(PATH);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ positions: [], readingList: [], following: [], queue: [] });
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    expect(answer.headers.get('etag')).toBeNull();

    const anyone = new HttpClient(server.url);
    expect((await anyone.get(PATH)).status).toBe(401);
    expect((await anyone.patch(PATH, { now: new Date().toISOString(), changes: [] })).status).toBe(401);
    // Asked twice signed out, still nobody's library: no cached answer.
    expect((await anyone.get(PATH)).body.code).toBe('not_authenticated');
  });

  it('merges every kind of change and answers the library, premium episodes whatever the entitlement', async () => {
    const reader = await signedInUser(server.url, server.db);
    const answer = await sync(reader, [
      { type: 'position', episodeId: episodes[0]!, seconds: 61.5, at: ago(3) },
      { type: 'position', episodeId: episodes[1]!, seconds: 12, at: ago(2) },
      { type: 'finished', episodeId: episodes[2]!, finished: true, at: ago(1) },
      { type: 'save', articleId: articles[0]!, at: ago(5) },
      { type: 'save', articleId: articles[2]!, at: ago(4) },
      { type: 'follow', seriesId: series[1]!, at: ago(3) },
      { type: 'queue', episodeIds: [episodes[2]!, episodes[1]!, episodes[2]!], at: ago(1) },
    ]);
    expect(answer.status).toBe(200);
    const library = librarySchema.parse(answer.body);
    expect(library.positions.map(({ episodeId, seconds, finished }) => ({ episodeId, seconds, finished }))).toEqual([
      { episodeId: episodes[2], seconds: 0, finished: true },
      { episodeId: episodes[1], seconds: 12, finished: false },
      { episodeId: episodes[0], seconds: 61.5, finished: false },
    ]);
    expect(library.readingList.map((item) => item.articleId)).toEqual([articles[2], articles[0]]);
    expect(library.following.map((item) => item.seriesId)).toEqual([series[1]]);
    // The whole queue as sent, each episode once.
    expect(library.queue).toEqual([episodes[2], episodes[1]]);
    expect(await libraryOf(reader)).toEqual(library);
  });

  it('leaves out content the reader cannot open: unknown ids, drafts and inactive series; the rest of the call stands', async () => {
    const reader = await signedInUser(server.url, server.db);
    const answer = await sync(reader, [
      { type: 'position', episodeId: 999_999, seconds: 5, at: ago(1) },
      { type: 'position', episodeId: episodes[3]!, seconds: 5, at: ago(1) },
      { type: 'save', articleId: draftArticle, at: ago(1) },
      { type: 'save', articleId: 999_999, at: ago(1) },
      { type: 'follow', seriesId: series[2]!, at: ago(1) },
      { type: 'follow', seriesId: series[0]!, at: ago(1) },
      { type: 'queue', episodeIds: [999_999, episodes[3]!, episodes[0]!], at: ago(1) },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.positions).toEqual([]);
    expect(answer.body.readingList).toEqual([]);
    expect(answer.body.following.map((item: { seriesId: number }) => item.seriesId)).toEqual([series[0]]);
    expect(answer.body.queue).toEqual([episodes[0]]);
  });

  it('keeps the newest change of each item whatever order the changes arrive in', async () => {
    const reader = await signedInUser(server.url, server.db);
    const [episode] = episodes;
    await sync(reader, [{ type: 'position', episodeId: episode!, seconds: 300, at: ago(1) }]);
    // A device that was offline sends older changes later: they lose to the newer one already there.
    const late = await sync(reader, [
      { type: 'position', episodeId: episode!, seconds: 100, at: ago(10) },
      { type: 'position', episodeId: episode!, seconds: 200, at: ago(5) },
    ]);
    expect(late.body.positions[0].seconds).toBe(300);
    // In one call too, the newest wins, wherever it stands in the list.
    const mixed = await sync(reader, [
      { type: 'position', episodeId: episodes[2]!, seconds: 50, at: ago(1) },
      { type: 'position', episodeId: episodes[2]!, seconds: 10, at: ago(9) },
    ]);
    expect(mixed.body.positions.find((row: { episodeId: number }) => row.episodeId === episodes[2]).seconds).toBe(50);
  });

  it('keeps a finished mark and a later position from another device apart: both stand', async () => {
    const reader = await signedInUser(server.url, server.db);
    const episode = episodes[0]!;
    await sync(reader, [{ type: 'finished', episodeId: episode, finished: true, at: ago(4) }]);
    await sync(reader, [{ type: 'position', episodeId: episode, seconds: 42, at: ago(2) }]);
    // The phone's older position, sent late, changes neither.
    await sync(reader, [{ type: 'position', episodeId: episode, seconds: 7, at: ago(6) }, { type: 'finished', episodeId: episode, finished: false, at: ago(6) }]);
    const [position] = (await libraryOf(reader)).positions;
    expect(position).toMatchObject({ episodeId: episode, seconds: 42, finished: true });
  });

  it("moves each time by the device's clock error, and counts a time still ahead of the server's as its now", async () => {
    const reader = await signedInUser(server.url, server.db);
    const episode = episodes[0]!;
    await sync(reader, [{ type: 'position', episodeId: episode, seconds: 10, at: ago(5) }]);
    // A phone whose clock is a day ahead: its change made a minute ago (by its clock) is newer than the five minutes old one.
    const dayAhead = Date.now() + 24 * 60 * MINUTE;
    const fromFuture = await sync(reader, [{ type: 'position', episodeId: episode, seconds: 20, at: ago(1, dayAhead) }], new Date(dayAhead).toISOString());
    expect(fromFuture.body.positions[0].seconds).toBe(20);
    const updatedAt = Date.parse(fromFuture.body.positions[0].updatedAt);
    expect(updatedAt).toBeGreaterThan(Date.now() - 2 * MINUTE);
    expect(updatedAt).toBeLessThanOrEqual(Date.now());

    // A laptop whose clock is a year behind: its change made just now (by its clock) beats the phone's of a minute ago.
    const yearBehind = Date.now() - 365 * 24 * 60 * MINUTE;
    const fromPast = await sync(reader, [{ type: 'position', episodeId: episode, seconds: 30, at: ago(0, yearBehind) }], new Date(yearBehind).toISOString());
    expect(fromPast.body.positions[0].seconds).toBe(30);
    // And its change of an hour ago (by its clock) is older than the phone's: it loses.
    const older = await sync(reader, [{ type: 'position', episodeId: episode, seconds: 40, at: ago(60, yearBehind) }], new Date(yearBehind).toISOString());
    expect(older.body.positions[0].seconds).toBe(30);

    // A change dated after the device's own now is made at the server's now, no later: a change made after it still wins.
    const future = await sync(reader, [{ type: 'save', articleId: articles[0]!, at: ago(-600) }]);
    expect(Date.parse(future.body.readingList[0].addedAt)).toBeLessThanOrEqual(Date.now());
    const justNow = new Date().toISOString();
    const unsaved = await sync(reader, [{ type: 'unsave', articleId: articles[0]!, at: justNow }], justNow);
    expect(unsaved.body.readingList).toEqual([]);

    // A clock wrong beyond reason still gives a time the databases hold.
    const wild = await sync(reader, [{ type: 'follow', seriesId: series[0]!, at: '0001-01-01T00:00:00Z' }], '9999-12-31T23:59:59Z');
    expect(wild.status).toBe(200);
    expect(wild.body.following[0].since).toBe('1970-01-01T00:00:00.000Z');
  });

  it('gives a tie to the change that arrived last, in one call and across calls', async () => {
    const reader = await signedInUser(server.url, server.db);
    const at = ago(3);
    const oneCall = await sync(reader, [
      { type: 'position', episodeId: episodes[0]!, seconds: 1, at },
      { type: 'position', episodeId: episodes[0]!, seconds: 2, at },
    ]);
    expect(oneCall.body.positions[0].seconds).toBe(2);
    // Two calls whose changes land on the same moment: the server's clock is held still, as HTTP cannot hold it.
    const serverNow = Date.now();
    const body = (type: 'save' | 'unsave') => ({ now: new Date(serverNow).toISOString(), changes: [{ type, articleId: articles[1]!, at: ago(1, serverNow) }] });
    expect((await server.services.library.sync(reader.id, 'reader', body('save'), serverNow)).readingList).toHaveLength(1);
    expect((await server.services.library.sync(reader.id, 'reader', body('unsave'), serverNow)).readingList).toEqual([]);
    expect((await server.services.library.sync(reader.id, 'reader', body('save'), serverNow)).readingList).toHaveLength(1);
  });

  it('keeps an unsave and an unfollow, so that an older save or follow arriving late does not bring the item back', async () => {
    const reader = await signedInUser(server.url, server.db);
    await sync(reader, [{ type: 'save', articleId: articles[0]!, at: ago(10) }, { type: 'follow', seriesId: series[0]!, at: ago(10) }]);
    await sync(reader, [{ type: 'unsave', articleId: articles[0]!, at: ago(2) }, { type: 'unfollow', seriesId: series[0]!, at: ago(2) }]);
    const late = await sync(reader, [{ type: 'save', articleId: articles[0]!, at: ago(5) }, { type: 'follow', seriesId: series[0]!, at: ago(5) }]);
    expect(late.body.readingList).toEqual([]);
    expect(late.body.following).toEqual([]);
    // A newer save does.
    const again = await sync(reader, [{ type: 'save', articleId: articles[0]!, at: ago(1) }]);
    expect(again.body.readingList.map((item: { articleId: number }) => item.articleId)).toEqual([articles[0]]);
    // Saved again while saved, it keeps the time it was first added.
    const first = again.body.readingList[0].addedAt as string;
    const repeated = await sync(reader, [{ type: 'save', articleId: articles[0]!, at: ago(0) }]);
    expect(repeated.body.readingList[0].addedAt).toBe(first);
  });

  it('merges the queue as one item: the newest whole queue wins, never a mix of two', async () => {
    const reader = await signedInUser(server.url, server.db);
    await sync(reader, [{ type: 'queue', episodeIds: [episodes[0]!, episodes[1]!], at: ago(2) }]);
    const older = await sync(reader, [{ type: 'queue', episodeIds: [episodes[2]!], at: ago(4) }]);
    expect(older.body.queue).toEqual([episodes[0], episodes[1]]);
    const newer = await sync(reader, [{ type: 'queue', episodeIds: [episodes[1]!], at: ago(1) }]);
    expect(newer.body.queue).toEqual([episodes[1]]);
    const emptied = await sync(reader, [{ type: 'queue', episodeIds: [], at: ago(0) }]);
    expect(emptied.body.queue).toEqual([]);
  });

  it('loses no change when two devices send many calls at once', async () => {
    const reader = await signedInUser(server.url, server.db);
    const phone = reader.client;
    const laptop = new HttpClient(server.url);
    for (const [name, value] of phone.cookies) laptop.cookies.set(name, value);
    const base = Date.now() - 30 * MINUTE;
    // Each device moves the position forward a second at a time; the newest of all, the laptop's, must be what stays.
    const calls = Array.from({ length: 40 }, (_, n) => {
      const client = n % 2 ? laptop : phone;
      return client.patch(PATH, { now: new Date().toISOString(), changes: [
        { type: 'position', episodeId: episodes[0]!, seconds: n, at: new Date(base + n * 1000).toISOString() },
        { type: 'queue', episodeIds: [episodes[n % 3]!], at: new Date(base + n * 1000).toISOString() },
        { type: n % 4 === 3 ? 'unsave' : 'save', articleId: articles[n % 2]!, at: new Date(base + n * 1000).toISOString() },
      ] });
    });
    const answers = await Promise.all(calls);
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const library = await libraryOf(reader);
    expect(library.positions[0]).toMatchObject({ episodeId: episodes[0], seconds: 39 });
    expect(library.queue).toEqual([episodes[39 % 3]]);
    // Article 1's last change was n = 39 (unsave); article 0's n = 38 (save).
    expect(library.readingList.map((item) => item.articleId)).toEqual([articles[0]]);
  });

  it('refuses bad input with 400 and names the field, and more than the limit of changes with 413', async () => {
    const reader = await signedInUser(server.url, server.db);
    const now = new Date().toISOString();
    const bad = [
      { now, changes: [{ type: 'rewind', episodeId: episodes[0], at: now }] },
      { now, changes: [{ type: 'position', episodeId: episodes[0], seconds: -1, at: now }] },
      { now, changes: [{ type: 'save', articleId: 'tre', at: now }] },
      { now, changes: [{ type: 'save', articleId: articles[0], at: 'igår' }] },
      { now: 'nu', changes: [] },
      { changes: [] },
    ];
    for (const body of bad) {
      const answer = await reader.client.patch(PATH, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.code).toBe('validation_failed');
      expect(answer.body.issues.length).toBeGreaterThan(0);
    }
    expect((await reader.client.patch(PATH, { now, changes: [{ type: 'rewind', at: now }] })).body.error)
      .toBe('type must be position, finished, save, unsave, follow, unfollow or queue');
    expect((await reader.client.request('PATCH', PATH, '{"now":')).status).toBe(400);

    const change = { type: 'position', episodeId: episodes[0], seconds: 1, at: now };
    const tooMany = await reader.client.patch(PATH, { now, changes: Array.from({ length: LIBRARY_MAX_CHANGES + 1 }, () => change) });
    expect(tooMany.status).toBe(413);
    expect(tooMany.body).toMatchObject({ code: 'payload_too_large', error: `At most ${LIBRARY_MAX_CHANGES} changes a call: send the rest in another` });
    const enough = await reader.client.patch(PATH, { now, changes: Array.from({ length: LIBRARY_MAX_CHANGES }, () => change) });
    expect(enough.status).toBe(200);
  });

  it('takes a call of many items at once', async () => {
    const reader = await signedInUser(server.url, server.db);
    const many: number[] = [];
    for (let n = 0; n < 450; n += 1) many.push(await insertArticle(server));
    const answer = await sync(reader, many.map((articleId, n) => ({ type: 'save', articleId, at: ago(n / 1000) })));
    expect(answer.status).toBe(200);
    expect(answer.body.readingList.map((item: { articleId: number }) => item.articleId)).toEqual(many);
  });

  it("takes a beacon's text/plain body from the site's own pages, and refuses one from another site", async () => {
    const reader = await signedInUser(server.url, server.db);
    const body = JSON.stringify({ now: new Date().toISOString(), changes: [{ type: 'position', episodeId: episodes[0], seconds: 77, at: ago(0) }] });
    // As Chromium sends a beacon of a string: POST, text/plain, the page's Origin, the session cookie.
    const beacon = await reader.client.request('POST', PATH, body, { 'Content-Type': 'text/plain;charset=UTF-8', Origin: server.url });
    expect(beacon.status).toBe(200);
    expect(beacon.body.positions[0].seconds).toBe(77);
    // A Blob typed as JSON is the same call.
    const blob = body.replace('"seconds":77', '"seconds":78');
    expect((await reader.client.request('POST', PATH, blob, { 'Content-Type': 'application/json', Origin: server.url })).body.positions[0].seconds).toBe(78);

    const crossSite = body.replace('"seconds":77', '"seconds":99');
    const foreign = await reader.client.request('POST', PATH, crossSite, { 'Content-Type': 'text/plain;charset=UTF-8', Origin: 'https://elsewhere.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe('cross_site_request');
    expect((await libraryOf(reader)).positions[0]!.seconds).toBe(78);
    // Other calls still read only JSON: a text/plain login is no login.
    expect((await new HttpClient(server.url).request('POST', '/api/login', '{"username":"a","password":"b"}', { 'Content-Type': 'text/plain' })).status).toBe(400);
  });

  it("is in the account's export, and goes with the account", async () => {
    const reader = await signedInUser(server.url, server.db);
    await sync(reader, [
      { type: 'position', episodeId: episodes[0]!, seconds: 15, at: ago(1) },
      { type: 'save', articleId: articles[0]!, at: ago(1) },
      { type: 'follow', seriesId: series[0]!, at: ago(1) },
      { type: 'queue', episodeIds: [episodes[0]!], at: ago(1) },
    ]);
    const exported = await reader.client.get('/api/user/export');
    expect(exported.status).toBe(200);
    expect(exported.body.library).toEqual(await libraryOf(reader));
    expect(exported.body.library.queue).toEqual([episodes[0]]);

    expect((await reader.client.delete('/api/user', { password: reader.password })).status).toBe(204);
    for (const table of ['library_positions', 'library_saved_articles', 'library_followed_series', 'library_queues']) {
      expect(Number((await server.db(table).where({ userId: reader.id }).count({ n: '*' }).first())!.n), table).toBe(0);
    }
  });
});

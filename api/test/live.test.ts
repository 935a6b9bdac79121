import http from 'node:http';
import type { AddressInfo } from 'node:net';
import https from 'node:https';
import { randomUUID } from 'node:crypto';
import type { Article, LiveEntries, LiveEntry, LockedLiveEntry } from '@redaktion/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleForm } from './support/fixtures.js';
import { HttpClient } from './support/http-client.js';
import { engine, startTestServer, type TestServer } from './support/test-server.js';
import { signedInUser } from './support/users.js';
import { startPushService, type BrowserSubscription } from './stand-ins/push-service.js';

/** Live coverage (contract §9 [live]): entries, cursors, the paywall, alerts, the caches and the event stream. */

type PushService = Awaited<ReturnType<typeof startPushService>>;

let server: TestServer;
let service: PushService;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let anonymous: HttpClient;
const defaultCa = https.globalAgent.options.ca;
const KEEP_ALIVE_MS = 300;

beforeAll(async () => {
  service = await startPushService();
  // The test's push service has a certificate of its own, trusted here as a push service's would be by its CA.
  https.globalAgent.options.ca = service.ca;
  server = await startTestServer({
    env: { PUSH_ALLOWED_ORIGINS: service.origin, LIVE_KEEPALIVE_MS: String(KEEP_ALIVE_MS) },
  });
  admin = await signedInUser(server.url, server.db, { role: 'admin' });
  await server.db('users').where({ id: admin.id }).update({ firstName: 'Elin', lastName: 'Wahlberg' });
  anonymous = new HttpClient(server.url);
}, 60_000);
afterAll(async () => {
  https.globalAgent.options.ca = defaultCa;
  await server?.close();
  await service?.close();
});

async function createArticle(fields: Record<string, unknown> = {}): Promise<Article> {
  const created = await admin.client.post<Article>('/api/admin/articles', { ...articleForm(`Direkt ${randomUUID().slice(0, 6)}`), kind: 'live', ...fields });
  expect(created.status, created.text).toBe(201);
  return created.body;
}
const entriesPath = (id: number) => `/api/admin/articles/${id}/live/entries`;
const post = (id: number, body: Record<string, unknown>) => admin.client.request<LiveEntry & { error?: string }>('POST', entriesPath(id), body);
const edit = (id: number, entryId: number, body: Record<string, unknown>) => admin.client.request<LiveEntry>('PUT', `${entriesPath(id)}/${entryId}`, body);
const remove = (id: number, entryId: number) => admin.client.delete(`${entriesPath(id)}/${entryId}`);
const read = (client: HttpClient, id: number, query = '') => client.get<LiveEntries>(`/api/articles/${id}/live${query}`);
const end = (article: Article) => admin.client.request<Article>('PUT', `/api/admin/articles/${article.id}`,
  { ...articleForm(article.title), liveStatus: 'ended' });

describe('a live article', () => {
  it('is made in the article form: live from its publication, and an ordinary article is not', async () => {
    const before = Date.now();
    const live = await createArticle();
    expect(live).toMatchObject({ kind: 'live', liveStatus: 'live', coverageEndTime: null });
    expect(new Date(live.coverageStartTime!).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const ordinary = (await admin.client.post<Article>('/api/admin/articles', articleForm('Vanlig'))).body;
    expect(ordinary).toMatchObject({ kind: 'article', liveStatus: null, coverageStartTime: null, coverageEndTime: null });
    expect((await anonymous.get<Article>(`/api/articles/${live.id}`)).body).toMatchObject({ kind: 'live', liveStatus: 'live' });

    // A save that does not name kind or liveStatus (an older client) leaves the coverage as it is.
    const saved = await admin.client.request<Article>('PUT', `/api/admin/articles/${live.id}`, { ...articleForm(live.title), excerpt: 'Ny ingress' });
    expect(saved.body).toMatchObject({ kind: 'live', liveStatus: 'live', coverageStartTime: live.coverageStartTime });
    const wrong = await admin.client.request('PUT', `/api/admin/articles/${ordinary.id}`, { ...articleForm('Vanlig'), liveStatus: 'ended' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.issues).toEqual([{ path: 'liveStatus', message: 'Only a live article has a coverage status' }]);
  });

  it('takes entries, edits and deletions, and its cursors say what changed', async () => {
    const article = await createArticle();
    const first = await post(article.id, { content: 'Första **uppdateringen** med [en länk](https://www.smhi.se).', title: 'Varning', keyEvent: true });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      title: 'Varning', keyEvent: true, pinned: false, author: { name: 'Elin Wahlberg' },
      html: '<p>Första <strong>uppdateringen</strong> med <a href="https://www.smhi.se" rel="noopener">en länk</a>.</p>',
    });
    const second = (await post(article.id, { content: 'Andra.' })).body;
    const start = await read(anonymous, article.id);
    expect(start.body).toMatchObject({ status: 'live', deleted: [], older: null });
    expect(start.body.entries.map((entry) => entry.id)).toEqual([second.id, first.body.id]);
    expect(start.body.entries[1]).toEqual(first.body);

    // Changes after the cursor: the edited entry and the new one in the order they changed, and the deleted one's id.
    expect((await edit(article.id, first.body.id, { content: 'Första, rättad.' })).body).toMatchObject({ content: 'Första, rättad.', title: 'Varning' });
    const third = (await post(article.id, { content: 'Tredje.' })).body;
    expect((await remove(article.id, second.id)).status).toBe(204);
    const after = await read(anonymous, article.id, `?after=${start.body.cursor}`);
    expect(after.body.entries.map((entry) => entry.id)).toEqual([first.body.id, third.id]);
    expect(after.body.deleted).toEqual([second.id]);
    expect(Number(after.body.cursor)).toBeGreaterThan(Number(start.body.cursor));
    expect((await read(anonymous, article.id, `?after=${after.body.cursor}`)).body).toMatchObject({ entries: [], deleted: [], cursor: after.body.cursor });
    // A deleted entry is gone for good: its text is not kept, and it cannot be edited or deleted again.
    expect(await server.db('liveEntries').where({ id: second.id }).first('content', 'title')).toEqual({ content: '', title: null });
    expect((await edit(article.id, second.id, { content: 'Igen' })).status).toBe(404);
    expect((await remove(article.id, second.id)).status).toBe(404);
    expect((await edit(article.id, first.body.id, {})).status).toBe(400);
    expect((await post(article.id, { content: '  ' })).status).toBe(400);
  });

  it("renders an entry's Markdown as the article page does, and nothing the format does not name", async () => {
    const article = await createArticle();
    const entry = (await post(article.id, {
      content: '## Läget\n\n<script>alert(1)</script> och [klicka](javascript:alert(1))\n\n- ett\n- två\n\nhttps://www.youtube.com/watch?v=dQw4w9WgXcQ',
    })).body;
    expect(entry.html).toContain('<h2>Läget</h2>');
    expect(entry.html).toContain('<ul><li><p>ett</p></li>');
    // Raw HTML and a javascript: link stay text.
    expect(entry.html).toContain("<p>&lt;script&gt;alert(1)&lt;/script&gt; och [klicka](javascript:alert(1))</p>");
    expect(entry.html).not.toMatch(/<script|href="javascript:/);
    // A video is its thumbnail from the site, linking to it: nothing of YouTube loads with the entry.
    expect(entry.html).toContain('<img src="/api/youtube/thumbnails/dQw4w9WgXcQ"');
    expect(entry.html).not.toContain('<iframe');
  });

  it('pages to older entries with before, and keeps the pinned entry and key events on the first page', async () => {
    const article = await createArticle();
    const ids: number[] = [];
    for (let n = 1; n <= 7; n += 1) {
      ids.push((await post(article.id, { content: `Uppdatering ${n}.`, keyEvent: n === 1, pinned: n === 2 })).body.id);
    }
    const newest = (await read(anonymous, article.id, '?limit=3')).body;
    // The newest three, then the pinned entry and the key event further down.
    expect(newest.entries.map((entry) => entry.id)).toEqual([ids[6], ids[5], ids[4], ids[1], ids[0]]);
    const older = (await read(anonymous, article.id, `?limit=3&before=${newest.older}`)).body;
    expect(older.entries.map((entry) => entry.id)).toEqual([ids[3], ids[2], ids[1]]);
    const oldest = (await read(anonymous, article.id, `?limit=3&before=${older.older}`)).body;
    expect(oldest).toMatchObject({ older: null });
    expect(oldest.entries.map((entry) => entry.id)).toEqual([ids[0]]);
    expect((await read(anonymous, article.id, '?after=1&before=2')).status).toBe(400);
    expect((await read(anonymous, article.id, '?limit=101')).status).toBe(400);
  });

  it('has one pinned entry at most: pinning one unpins the other', async () => {
    const article = await createArticle();
    const a = (await post(article.id, { content: 'A', pinned: true })).body;
    const b = (await post(article.id, { content: 'B', pinned: true })).body;
    const pinned = async () => (await read(anonymous, article.id)).body.entries.filter((entry) => entry.pinned).map((entry) => entry.id);
    expect(await pinned()).toEqual([b.id]);
    const cursor = (await read(anonymous, article.id)).body.cursor;
    expect((await edit(article.id, a.id, { pinned: true })).body.pinned).toBe(true);
    expect(await pinned()).toEqual([a.id]);
    // Both changes are news to a reader at the cursor, each under a number of its own.
    const changed = (await read(anonymous, article.id, `?after=${cursor}`)).body;
    expect(changed.entries.map((entry) => [entry.id, entry.pinned])).toEqual([[b.id, false], [a.id, true]]);
  });

  it('stores an entry sent twice with one clientId once, and answers the stored one with 200', async () => {
    const article = await createArticle();
    const clientId = randomUUID();
    const first = await post(article.id, { content: 'Från tåget', clientId });
    const again = await post(article.id, { content: 'Från tåget', clientId });
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body).toEqual(first.body);
    expect((await read(anonymous, article.id)).body.entries).toHaveLength(1);
    // The same clientId on another article is another entry.
    const other = await createArticle();
    expect((await post(other.id, { content: 'Från tåget', clientId })).status).toBe(201);
  });

  it('refuses entries for an article that is not live (409), and freezes an ended coverage, which stays readable', async () => {
    const ordinary = (await admin.client.post<Article>('/api/admin/articles', articleForm('Inte direkt'))).body;
    const refused = await post(ordinary.id, { content: 'Text' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/not a live article/);
    expect((await read(anonymous, ordinary.id)).status).toBe(404);
    expect((await post(999_999, { content: 'Text' })).status).toBe(404);

    const article = await createArticle();
    const entry = (await post(article.id, { content: 'Sista' })).body;
    const clientId = randomUUID();
    expect((await post(article.id, { content: 'Köad', clientId })).status).toBe(201);
    const ended = await end(article);
    expect(ended.body).toMatchObject({ kind: 'live', liveStatus: 'ended' });
    expect(Date.now() - new Date(ended.body.coverageEndTime!).getTime()).toBeLessThan(5000);
    for (const answer of [await post(article.id, { content: 'Mer' }), await edit(article.id, entry.id, { content: 'Ändrad' }), await remove(article.id, entry.id)]) {
      expect(answer.status).toBe(409);
      expect(answer.body.error).toMatch(/ended/);
    }
    // An outbox sending its entry again after the end still gets it.
    expect((await post(article.id, { content: 'Köad', clientId })).status).toBe(200);
    const readable = (await read(anonymous, article.id)).body;
    expect(readable.status).toBe('ended');
    expect(readable.entries.map((item) => item.id)).toContain(entry.id);
  });

  it('is read by the newsroom before it is published, and by nobody else', async () => {
    const draft = await createArticle({ status: 'draft' });
    expect(draft.coverageStartTime).toBeNull();
    expect((await post(draft.id, { content: 'Förberett' })).status).toBe(201);
    expect((await read(anonymous, draft.id)).status).toBe(404);
    expect((await read(admin.client, draft.id)).body.entries).toHaveLength(1);
    const published = await admin.client.request<Article>('PUT', `/api/admin/articles/${draft.id}`, articleForm(draft.title));
    expect(published.body.coverageStartTime).not.toBeNull();
    expect((await read(anonymous, draft.id)).status).toBe(200);
  });
});

describe('a premium live article', () => {
  it('locks its entries for readers who are not entitled, and gives them in full to those who are', async () => {
    const article = await createArticle({ premium: true });
    const entry = (await post(article.id, { content: 'Bara för prenumeranter.', title: 'Rubrik', keyEvent: true })).body;
    const reader = await signedInUser(server.url, server.db);
    const subscriber = await signedInUser(server.url, server.db, { subscriptionStatus: 'active' });
    const locked: LockedLiveEntry = {
      id: entry.id, createdAt: entry.createdAt, updatedAt: entry.updatedAt, title: 'Rubrik', keyEvent: true, pinned: false, locked: true,
    };
    for (const client of [anonymous, reader.client]) {
      const answer = await read(client, article.id);
      expect(answer.body.entries).toEqual([locked]);
      expect(answer.text).not.toContain('prenumeranter');
    }
    expect((await read(subscriber.client, article.id)).body.entries).toEqual([entry]);
  });
});

describe('a breaking entry', () => {
  async function subscribe(topics: string[]): Promise<BrowserSubscription> {
    const subscription = service.subscribe();
    expect((await anonymous.post('/api/push/subscriptions', { subscription: subscription.json, topics, locale: 'sv' })).status).toBe(201);
    return subscription;
  }
  async function pushesTo(subscription: BrowserSubscription, count: number) {
    for (let attempt = 0; attempt < 300; attempt += 1) {
      const found = service.received.filter((push) => push.subscriptionId === subscription.id);
      if (found.length >= count) return found;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`fewer than ${count} pushes to ${subscription.id}; refused: ${service.refused.join('; ')}`);
  }

  it('alerts the followers of breaking and of the article, each device once; a premium article\'s alert names only the article', async () => {
    const article = await createArticle({ title: 'Stormen drar in' });
    const premium = await createArticle({ title: 'Valnatten för prenumeranter', premium: true });
    const breaking = await subscribe(['breaking']);
    const follower = await subscribe([`live:${article.id}`]);
    const both = await subscribe(['breaking', `live:${article.id}`, `live:${premium.id}`]);
    const elsewhere = await subscribe([`live:${premium.id}`]);

    expect((await post(article.id, { content: 'Ingen larmning.' })).status).toBe(201);
    const sent = await post(article.id, { content: 'Bron är stängd för all trafik i båda riktningar från klockan 15.30, meddelar Trafikverket.', breaking: true });
    expect(sent.status).toBe(201);
    for (const subscription of [breaking, follower, both]) {
      const [push] = await pushesTo(subscription, 1);
      expect(push!.message).toMatchObject({
        title: 'Stormen drar in', body: 'Bron är stängd för all trafik i båda riktningar från klockan 15.30, meddelar Trafikverket.', url: `/article/${article.id}?ref=push`,
      });
      expect(push!.urgency).toBe('high');
    }
    expect((await post(premium.id, { content: 'Hemligt resultat.', title: 'Siffrorna', breaking: true })).status).toBe(201);
    const [premiumPush] = await pushesTo(elsewhere, 1);
    expect(premiumPush!.message).toMatchObject({ title: 'Valnatten för prenumeranter', body: '', url: `/article/${premium.id}?ref=push` });
    await pushesTo(both, 2);
    // Every device alerted once per alert, and the one that follows only another article not by this one's.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(service.received.filter((push) => push.subscriptionId === both.id)).toHaveLength(2);
    expect(service.received.filter((push) => push.subscriptionId === elsewhere.id)).toHaveLength(1);
  });
});

describe('the entries call in the caches', () => {
  it('is public for a few seconds to a CDN when signed out, with an ETag and 304, and private when signed in', async () => {
    const article = await createArticle();
    await post(article.id, { content: 'Text' });
    const first = await read(anonymous, article.id);
    const cacheControl = first.headers.get('cache-control')!;
    expect(cacheControl).toMatch(/^public, /);
    const sMaxAge = Number(/s-maxage=(\d+)/.exec(cacheControl)![1]);
    expect(sMaxAge).toBeGreaterThan(0);
    expect(sMaxAge).toBeLessThanOrEqual(5);
    expect(first.headers.get('vary')).toMatch(/Cookie/);
    const etag = first.headers.get('etag')!;
    // The second answer comes from the response cache before any session is read: the same headers.
    const again = await read(anonymous, article.id);
    expect(again.headers.get('cache-control')).toBe(cacheControl);
    expect(again.headers.get('etag')).toBe(etag);
    const notModified = await anonymous.get(`/api/articles/${article.id}/live`, { 'If-None-Match': etag });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('cache-control')).toBe(cacheControl);
    const reader = await signedInUser(server.url, server.db);
    expect((await read(reader.client, article.id)).headers.get('cache-control')).toBe('private, no-store');
  });

  it("changes with each entry, and an entry leaves every other article's cached answers as they were", async () => {
    const article = await createArticle();
    const other = await createArticle();
    await post(other.id, { content: 'Orörd' });
    const warm = async () => {
      for (const path of [`/api/articles/${article.id}/live`, `/article/${article.id}`, `/api/articles/${other.id}/live`, `/api/articles/${other.id}`, `/article/${other.id}`]) {
        expect((await anonymous.get(path)).status).toBe(200);
      }
    };
    await warm();
    // Changed behind the cache's back: an answer still served from memory shows the old text.
    await server.db('articles').where({ id: other.id }).update({ title: 'Ändrad i smyg' });
    await server.db('articles').where({ id: article.id }).update({ title: 'Ny rubrik i smyg' });
    await server.db('liveEntries').where({ articleId: other.id }).update({ content: 'Ändrad i smyg' });

    const etag = (await read(anonymous, article.id)).headers.get('etag');
    const entry = (await post(article.id, { content: 'Nytt inlägg' })).body;
    const fresh = await read(anonymous, article.id);
    expect(fresh.body.entries.map((item) => item.id)).toEqual([entry.id]);
    expect(fresh.headers.get('etag')).not.toBe(etag);
    // The live article's page went from the page cache with its entries call.
    expect((await anonymous.get(`/article/${article.id}`)).text).toContain('Ny rubrik i smyg');
    expect((await read(anonymous, other.id)).body.entries[0]!).toMatchObject({ content: 'Orörd' });
    expect((await anonymous.get<Article>(`/api/articles/${other.id}`)).body.title).not.toBe('Ändrad i smyg');
    expect((await anonymous.get(`/article/${other.id}`)).text).not.toContain('Ändrad i smyg');
  });
});

/** An EventSource's view of a stream: the events and comments received so far, parsed as a browser does. */
interface OpenStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  events: { id: string | null; event: string; data: unknown }[];
  comments: number;
  raw: string;
  /** Resolves once `count` events have arrived (or throws after `ms`). */
  waitFor(count: number, ms?: number): Promise<OpenStream['events']>;
  close(): void;
}

const cookieOf = (client: HttpClient) => ({ Cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ') });

function openStream(baseUrl: string, articleId: number, headers: Record<string, string> = {}, query = ''): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${baseUrl}/api/articles/${articleId}/live/stream${query}`, { headers: { Accept: 'text/event-stream', ...headers } }, (response) => {
      const stream: OpenStream = {
        status: response.statusCode ?? 0,
        headers: response.headers,
        events: [],
        comments: 0,
        raw: '',
        async waitFor(count, ms = 5000) {
          const deadline = Date.now() + ms;
          while (stream.events.length < count) {
            if (Date.now() > deadline) throw new Error(`${stream.events.length} of ${count} events after ${ms} ms: ${stream.raw}`);
            await new Promise((wait) => setTimeout(wait, 20));
          }
          return stream.events;
        },
        close: () => request.destroy(),
      };
      let pending = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        stream.raw += chunk;
        pending += chunk;
        for (let end = pending.indexOf('\n\n'); end >= 0; end = pending.indexOf('\n\n')) {
          const block = pending.slice(0, end);
          pending = pending.slice(end + 2);
          const fields = { id: null as string | null, event: 'message', data: '' };
          let isEvent = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) stream.comments += 1;
            const [, name, value] = /^(id|event|data): ?(.*)$/.exec(line) ?? [];
            if (name) {
              fields[name as 'id' | 'event' | 'data'] = value!;
              isEvent ||= name === 'data';
            }
          }
          if (isEvent) stream.events.push({ ...fields, data: JSON.parse(fields.data) });
        }
      });
      response.on('error', () => undefined);
      resolve(stream);
    });
    request.on('error', reject);
  });
}

describe('the event stream', () => {
  it('is an uncompressed text/event-stream that is never stored, kept open by comment lines', async () => {
    const article = await createArticle();
    const stream = await openStream(server.url, article.id, { 'Accept-Encoding': 'gzip, br' });
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(stream.headers['cache-control']).toBe('no-store, no-transform');
      expect(stream.headers['content-encoding']).toBeUndefined();
      await new Promise((resolve) => setTimeout(resolve, KEEP_ALIVE_MS * 3));
      expect(stream.comments).toBeGreaterThanOrEqual(2);
      // A large entry is not compressed either.
      await post(article.id, { content: 'Lång text. '.repeat(500) });
      const [event] = await stream.waitFor(1);
      expect(event!.event).toBe('entry');
    } finally {
      stream.close();
    }
    expect((await openStream(server.url, 999_999)).status).toBe(404);
    const ordinary = (await admin.client.post<Article>('/api/admin/articles', articleForm('Inte direkt'))).body;
    expect((await openStream(server.url, ordinary.id)).status).toBe(404);
  });

  it('sends each entry, edit, deletion and the end as they happen, with a cursor as each id', async () => {
    const article = await createArticle();
    const stream = await openStream(server.url, article.id);
    try {
      const entry = (await post(article.id, { content: 'Första.' })).body;
      const [posted] = await stream.waitFor(1);
      expect(posted).toMatchObject({ event: 'entry', data: entry });
      await edit(article.id, entry.id, { content: 'Första, rättad.', keyEvent: true });
      await remove(article.id, (await post(article.id, { content: 'Fel' })).body.id);
      await end(article);
      const events = await stream.waitFor(5);
      expect(events.map((event) => event.event)).toEqual(['entry', 'entry', 'entry', 'delete', 'status']);
      expect(events[1]!.data).toMatchObject({ id: entry.id, content: 'Första, rättad.', keyEvent: true });
      expect(events[3]!.data).toEqual({ id: (events[2]!.data as LiveEntry).id });
      expect(events[4]!.data).toEqual({ status: 'ended' });
      const ids = events.map((event) => Number(event.id));
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(new Set(ids).size).toBe(5);
      expect(String(ids[4])).toBe((await read(anonymous, article.id)).body.cursor);
    } finally {
      stream.close();
    }
  });

  it('gives a reader who reconnects with Last-Event-ID what they missed, then what comes', async () => {
    const article = await createArticle();
    const first = await openStream(server.url, article.id);
    const kept = (await post(article.id, { content: 'Före avbrottet' })).body;
    const [seen] = await first.waitFor(1);
    first.close();
    const missed = (await post(article.id, { content: 'Under avbrottet' })).body;
    await edit(article.id, kept.id, { title: 'Ny rubrik' });
    const gone = (await post(article.id, { content: 'Raderas' })).body;
    await remove(article.id, gone.id);

    const again = await openStream(server.url, article.id, { 'Last-Event-ID': seen!.id! });
    try {
      const caught = await again.waitFor(3);
      expect(caught.map((event) => [event.event, (event.data as { id: number }).id])).toEqual([['entry', missed.id], ['entry', kept.id], ['delete', gone.id]]);
      const next = (await post(article.id, { content: 'Efter' })).body;
      expect((await again.waitFor(4))[3]).toMatchObject({ event: 'entry', data: { id: next.id } });
    } finally {
      again.close();
    }
    // An entries answer's cursor serves as well (`after`), as a page that read the entries opens its stream with.
    const cursor = (await read(anonymous, article.id)).body.cursor;
    const late = (await post(article.id, { content: 'Mellan läsning och ström' })).body;
    const fromCursor = await openStream(server.url, article.id, {}, `?after=${cursor}`);
    try {
      expect((await fromCursor.waitFor(1))[0]).toMatchObject({ event: 'entry', data: { id: late.id } });
    } finally {
      fromCursor.close();
    }
  });

  it('locks a premium article\'s entries in the stream for readers who are not entitled', async () => {
    const article = await createArticle({ premium: true });
    const subscriber = await signedInUser(server.url, server.db, { subscriptionStatus: 'active' });
    const [locked, full] = [await openStream(server.url, article.id), await openStream(server.url, article.id, cookieOf(subscriber.client))];
    try {
      const entry = (await post(article.id, { content: 'Bara för prenumeranter.', title: 'Rubrik' })).body;
      expect((await locked.waitFor(1))[0]!.data).toEqual({
        id: entry.id, createdAt: entry.createdAt, updatedAt: entry.updatedAt, title: 'Rubrik', keyEvent: false, pinned: false, locked: true,
      });
      expect(locked.raw).not.toContain('prenumeranter');
      expect((await full.waitFor(1))[0]!.data).toEqual(entry);
    } finally {
      locked.close();
      full.close();
    }
  });

  it('never waits in the admission queue: a stream opens while every work slot is taken and reads are refused', async () => {
    const article = await createArticle();
    // A YouTube that never answers holds the one work slot of a second process with a thumbnail's download.
    const silent = http.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const busy = await startTestServer({
      database: server.database,
      env: { WORK_CONCURRENCY: '1', QUEUE_BUDGET_MS: '300', YOUTUBE_THUMB_BASE: `http://127.0.0.1:${(silent.address() as AddressInfo).port}` },
    });
    try {
      const reader = await signedInUser(server.url, server.db);
      const held = fetch(`${busy.url}/api/youtube/thumbnails/dQw4w9WgXcQ`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await new HttpClient(busy.url).get(`/api/articles?limit=1&x=${randomUUID()}`)).status).toBe(503);
      // A signed-out reader's stream and a signed-in one's (which goes through sessions and the router).
      const streams = [await openStream(busy.url, article.id), await openStream(busy.url, article.id, cookieOf(reader.client))];
      expect(streams.map((stream) => stream.status)).toEqual([200, 200]);
      for (const stream of streams) stream.close();
      silent.closeAllConnections();
      await held;
    } finally {
      await busy.close();
      silent.close();
    }
  });

  it('sends one entry to every stream of the article', async () => {
    const article = await createArticle();
    const streams = await Promise.all(Array.from({ length: 20 }, () => openStream(server.url, article.id)));
    try {
      const entry = (await post(article.id, { content: 'Till alla' })).body;
      for (const stream of streams) expect(await stream.waitFor(1)).toEqual([expect.objectContaining({ event: 'entry', data: entry })]);
    } finally {
      for (const stream of streams) stream.close();
    }
  });
});

describe('the news sitemap', () => {
  it('lists a live article while its coverage is live, however long ago it began, with a lastmod that moves with its entries', async () => {
    const article = await createArticle();
    const threeDaysAgo = new Date(Date.now() - 72 * 3_600_000).toISOString();
    await server.db('articles').where({ id: article.id }).update({ publishedAt: threeDaysAgo, updatedAt: threeDaysAgo });
    await server.contentChanged();
    const lastmod = async () => {
      const xml = (await anonymous.get('/sitemap-news.xml')).text;
      const item = new RegExp(`<url><loc>[^<]*/article/${article.id}</loc><lastmod>([^<]+)</lastmod>`).exec(xml);
      return item?.[1] ?? null;
    };
    expect(await lastmod()).toBe(threeDaysAgo);
    const entry = (await post(article.id, { content: 'Nytt' })).body;
    expect(await lastmod()).toBe(entry.updatedAt);
    await end(article);
    expect(await lastmod()).toBeNull();
  });
});

describe.runIf(engine === 'postgres')('a second API process', () => {
  it('streams an entry posted through the first, and resumes from Last-Event-ID with what it missed', async () => {
    const second = await startTestServer({ database: server.database, env: { LIVE_KEEPALIVE_MS: String(KEEP_ALIVE_MS) } });
    try {
      const article = await createArticle();
      const elsewhere = new HttpClient(second.url);
      expect((await read(elsewhere, article.id)).body.entries).toEqual([]);
      const stream = await openStream(second.url, article.id);
      const entry = (await post(article.id, { content: 'Genom den första processen' })).body;
      const [event] = await stream.waitFor(1, 2000);
      expect(event).toMatchObject({ event: 'entry', data: entry });
      stream.close();
      // Its cached entries answer changed within the second too.
      expect((await read(elsewhere, article.id)).body.entries.map((item) => item.id)).toEqual([entry.id]);

      const missed = (await post(article.id, { content: 'Medan strömmen var nere' })).body;
      const resumed = await openStream(second.url, article.id, { 'Last-Event-ID': event!.id! });
      try {
        expect((await resumed.waitFor(1, 2000))[0]).toMatchObject({ event: 'entry', data: { id: missed.id } });
      } finally {
        resumed.close();
      }
    } finally {
      await second.close();
    }
  });
});

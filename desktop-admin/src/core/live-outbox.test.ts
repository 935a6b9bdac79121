import { copyFile, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEntries } from '@redaktion/shared';
import { startTestServer, type TestServer } from '../../../api/test/support/test-server.js';
import { startCuttableProxy, type CuttableProxy } from '../../test/support/cuttable-proxy.js';
import { staffWithToken } from '../../test/support/staff.js';
import { LiveOutbox, type QueuedEntryFields } from './live-outbox.js';
import { createServerCall } from './server-connection.js';

let server: TestServer;
let proxy: CuttableProxy;
let staff: Awaited<ReturnType<typeof staffWithToken>>;
let dir: string;

beforeAll(async () => {
  server = await startTestServer();
  staff = await staffWithToken(server);
  proxy = await startCuttableProxy(server.url);
  dir = await mkdtemp(path.join(os.tmpdir(), 'redaktion-live-outbox-'));
});
afterAll(async () => {
  await proxy?.close();
  await server?.close();
});

/** The outbox as the app makes it, over the network link the test can cut; `loseNextAnswer` drops one answer on its way back. */
function outbox(file: string) {
  const link = { loseNextAnswer: false };
  const network: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (!link.loseNextAnswer) return response;
    // The server has done the work; the laptop never hears of it (the train entered the tunnel).
    link.loseNextAnswer = false;
    await response.body?.cancel();
    throw new TypeError('socket hang up');
  };
  const entries = new LiveOutbox(file, createServerCall(() => ({ origin: proxy.origin, token: staff.token }), network), () => 'newsroom');
  return Object.assign(entries, { link });
}

const entry = (content: string, title: string | null = null): QueuedEntryFields => ({ content, title, keyEvent: false, pinned: false, breaking: false });

async function liveArticle(title: string): Promise<number> {
  const created = await staff.client.post('/api/admin/articles', {
    title, excerpt: 'Följ händelserna', content: 'Bevakningen uppdateras löpande.', category: 'news', author: 'Sara Skribent',
    status: 'published', kind: 'live',
  });
  expect(created.status).toBe(201);
  return (created.body as { id: number }).id;
}

/** The article's entries on the server, oldest first. */
const onServer = async (articleId: number) =>
  ((await staff.client.get(`/api/articles/${articleId}/live?limit=100`)).body as LiveEntries).entries
    .map((stored) => ('content' in stored ? stored.content : '')).reverse();

describe('the live entry outbox against the real API', () => {
  it('keeps entries written offline and publishes them in the order written when the connection returns', async () => {
    const articleId = await liveArticle('Stormen når kusten');
    const entries = outbox(path.join(dir, 'order.json'));
    expect(await entries.post(articleId, randomUUID(), entry('Första: vinden ökar.'))).toMatchObject({ state: 'sent', published: { content: 'Första: vinden ökar.' } });

    await proxy.cut();
    for (const text of ['Andra: träd över vägen.', 'Tredje: strömmen går.', 'Fjärde: färjan ställs in.']) {
      expect(await entries.post(articleId, randomUUID(), entry(text, text.split(':')[0]!))).toMatchObject({ state: 'pending' });
    }
    // The oldest is tried and says why it waits; the others wait behind it, untried.
    expect((await entries.list(articleId)).map((kept) => [kept.entry.title, kept.error])).toEqual([
      ['Andra', expect.stringContaining('cannot be reached')], ['Tredje', null], ['Fjärde', null],
    ]);
    expect(await onServer(articleId)).toEqual(['Första: vinden ökar.']);

    await proxy.restore();
    await entries.flush();
    expect(await entries.list(articleId)).toEqual([]);
    expect(await onServer(articleId)).toEqual(['Första: vinden ökar.', 'Andra: träd över vägen.', 'Tredje: strömmen går.', 'Fjärde: färjan ställs in.']);
  });

  it('publishes each entry once across a lost answer and a restart before the answer was kept', async () => {
    const articleId = await liveArticle('Valnatten');
    const file = path.join(dir, 'once.json');
    const entries = outbox(file);
    // The first send reaches the server, but its answer is lost: the entry waits, and holds back the one after it.
    entries.link.loseNextAnswer = true;
    const lost = randomUUID();
    expect(await entries.post(articleId, lost, entry('Vallokalerna stänger.'))).toMatchObject({ state: 'pending' });
    await proxy.cut();
    const next = randomUUID();
    expect(await entries.post(articleId, next, entry('Första prognosen.'))).toMatchObject({ state: 'pending' });
    await proxy.restore();

    // The app stops after the server stored the entries but before it kept the answers: the next start sends them again.
    await copyFile(file, `${file}.before`);
    await entries.flush();
    expect(await entries.list(articleId)).toEqual([]);
    await copyFile(`${file}.before`, file);
    const restarted = outbox(file);
    expect((await restarted.list(articleId)).map((kept) => kept.clientId)).toEqual([lost, next]);
    await restarted.flush();
    expect(await restarted.list(articleId)).toEqual([]);
    // The same press twice is the same entry too.
    expect(await restarted.post(articleId, next, entry('Första prognosen.'))).toMatchObject({ state: 'sent' });
    expect(await onServer(articleId)).toEqual(['Vallokalerna stänger.', 'Första prognosen.']);
  });

  it('shows the server\'s reason when it refuses an entry, and sends those after it all the same', async () => {
    const articleId = await liveArticle('Presskonferensen');
    const entries = outbox(path.join(dir, 'refused.json'));
    await proxy.cut();
    await entries.post(articleId, randomUUID(), entry('   '));
    await entries.post(articleId, randomUUID(), entry('Statsministern har ordet.'));
    await proxy.restore();
    await entries.flush();
    expect(await entries.list(articleId)).toEqual([expect.objectContaining({ state: 'refused', error: expect.stringMatching(/Content is required|Validation/) })]);
    expect(await onServer(articleId)).toEqual(['Statsministern har ordet.']);

    const [refused] = await entries.list(articleId);
    await entries.discard(refused!.clientId);
    expect(await entries.list(articleId)).toEqual([]);
  });
});

import { copyFile, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../api/test/support/test-server.js';
import { startCuttableProxy, type CuttableProxy } from '../../test/support/cuttable-proxy.js';
import { staffWithToken } from '../../test/support/staff.js';
import { DraftOutbox, type DraftFields } from './draft-outbox.js';
import { createServerCall } from './server-connection.js';

let server: TestServer;
let proxy: CuttableProxy;
let staff: Awaited<ReturnType<typeof staffWithToken>>;
let dir: string;

beforeAll(async () => {
  server = await startTestServer();
  staff = await staffWithToken(server);
  proxy = await startCuttableProxy(server.url);
  dir = await mkdtemp(path.join(os.tmpdir(), 'redaktion-outbox-'));
});
afterAll(async () => {
  await proxy?.close();
  await server?.close();
});

const outbox = (file: string) => new DraftOutbox(file, createServerCall(() => ({ origin: proxy.origin, token: staff.token })), () => 'newsroom');
const fields = (title: string): DraftFields => ({
  title, excerpt: 'Ingress skriven på tåget.', content: 'Brödtext skriven utan nät.', category: 'news', author: 'Anna Lind',
});
const articlesTitled = async (title: string) =>
  ((await staff.client.get('/api/admin/articles?limit=100')).body as { id: number; title: string }[]).filter((article) => article.title === title);

describe('the draft outbox against the real API', () => {
  it('keeps a draft written offline and sends it once when the server answers, even if sent twice', async () => {
    const file = path.join(dir, 'offline.json');
    const drafts = outbox(file);
    await proxy.cut();
    const draft = await drafts.save({ fields: fields('Skrivet på tåget') });
    await drafts.flush();
    expect((await drafts.list())[0]).toMatchObject({ state: 'pending', articleId: null, error: expect.stringContaining('cannot be reached') });
    expect(await articlesTitled('Skrivet på tåget')).toEqual([]);

    await proxy.restore();
    // The app stops after the server stored the article but before it kept the answer: the next start sends again.
    await copyFile(file, `${file}.before`);
    await drafts.flush();
    const sent = (await drafts.list())[0]!;
    expect(sent).toMatchObject({ clientId: draft.clientId, state: 'sent', articleId: expect.any(Number), etag: expect.any(String) });
    await copyFile(`${file}.before`, file);
    const again = outbox(file);
    await again.flush();
    expect((await again.list())[0]).toMatchObject({ state: 'sent', articleId: sent.articleId });
    const onServer = await articlesTitled('Skrivet på tåget');
    expect(onServer).toHaveLength(1);
    expect(onServer[0]).toMatchObject({ id: sent.articleId, status: 'draft' });
  });

  it('shows both versions when the article changed on the server, and sends the one the editor keeps', async () => {
    const drafts = outbox(path.join(dir, 'conflict.json'));
    const draft = await drafts.save({ fields: fields('Kommunen bygger') });
    await drafts.flush();
    const { articleId } = (await drafts.list())[0]!;
    const current = (await staff.client.get(`/api/admin/articles/${articleId}`)).body;
    const edited = await staff.client.request('PUT', `/api/admin/articles/${articleId}`, { ...fields('Kommunen bygger nytt bibliotek'), readTime: current.readTime, status: current.status });
    expect(edited.status).toBe(200);

    await drafts.save({ clientId: draft.clientId, fields: fields('Kommunen bygger ett badhus') });
    await drafts.flush();
    const conflict = (await drafts.list())[0]!;
    expect(conflict).toMatchObject({ state: 'conflict', fields: { title: 'Kommunen bygger ett badhus' }, theirs: { title: 'Kommunen bygger nytt bibliotek' } });
    expect((await staff.client.get(`/api/admin/articles/${articleId}`)).body.title).toBe('Kommunen bygger nytt bibliotek');

    await drafts.resolve(draft.clientId, 'mine');
    expect((await drafts.list())[0]).toMatchObject({ state: 'sent', theirs: null });
    expect((await staff.client.get(`/api/admin/articles/${articleId}`)).body).toMatchObject({ title: 'Kommunen bygger ett badhus', excerpt: 'Ingress skriven på tåget.' });

    await staff.client.request('PUT', `/api/admin/articles/${articleId}`, { ...fields('Biblioteket blir av'), readTime: 3 });
    await drafts.save({ clientId: draft.clientId, fields: fields('Badhuset blir av') });
    await drafts.flush();
    await drafts.resolve(draft.clientId, 'theirs');
    expect((await drafts.list())[0]).toMatchObject({ state: 'sent', fields: { title: 'Biblioteket blir av' } });
    expect((await staff.client.get(`/api/admin/articles/${articleId}`)).body.title).toBe('Biblioteket blir av');
  });

  it('shows the server\'s reason when it refuses a draft, and does not send it again until it is edited', async () => {
    const drafts = outbox(path.join(dir, 'refused.json'));
    await drafts.save({ fields: { ...fields(''), title: '' } });
    await drafts.flush();
    expect((await drafts.list())[0]).toMatchObject({ state: 'refused', error: expect.stringMatching(/Title is required|Validation/) });
  });
});

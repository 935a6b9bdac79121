import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from './support/http-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { signedInUser } from './support/users.js';

let server: TestServer;
let admin: HttpClient;
let reader: HttpClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = (await signedInUser(server.url, server.db, { role: 'admin' })).client;
  reader = (await signedInUser(server.url, server.db)).client;
});
afterAll(async () => { await server?.close(); });

const draft = (fields: Record<string, unknown> = {}) => ({
  title: 'Utkast från tåget', content: 'Skrivet utan nät.', excerpt: 'Kort', category: 'news', author: 'Redaktör', status: 'draft', ...fields,
});
const put = (path: string, body: unknown, ifMatch?: string) => admin.request('PUT', path, body, ifMatch ? { 'If-Match': ifMatch } : {});

describe('offline drafts (clientId)', () => {
  it('store a draft sent twice once: the second send answers 200 with the stored article', async () => {
    const clientId = randomUUID();
    const first = await admin.post('/api/admin/articles', draft({ clientId }));
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ title: 'Utkast från tåget', status: 'draft', clientId });

    const again = await admin.post('/api/admin/articles', draft({ clientId, title: 'Skickat igen' }));
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(Number((await server.db('articles').where({ clientId }).count({ count: '*' }))[0]!.count)).toBe(1);
  });

  it('store a draft sent twice at the same moment once', async () => {
    const clientId = randomUUID();
    const answers = await Promise.all([admin.post('/api/admin/articles', draft({ clientId })), admin.post('/api/admin/articles', draft({ clientId }))]);
    expect(answers.map((answer) => answer.status).sort()).toEqual(expect.arrayContaining([201]));
    expect(answers[0]!.body.id).toBe(answers[1]!.body.id);
    expect(Number((await server.db('articles').where({ clientId }).count({ count: '*' }))[0]!.count)).toBe(1);
  });

  it('keep the clientId through edits, and refuse one that is not a UUID', async () => {
    const clientId = randomUUID();
    const created = await admin.post('/api/admin/articles', draft({ clientId }));
    const edited = await put(`/api/admin/articles/${created.body.id}`, draft({ title: 'Ny rubrik', clientId: randomUUID() }));
    expect(edited.body).toMatchObject({ title: 'Ny rubrik', clientId });
    expect((await admin.post('/api/admin/articles', draft({ clientId: 'utkast-1' }))).body).toMatchObject({ error: 'clientId must be a UUID' });
    expect((await admin.post('/api/admin/articles', draft())).body.clientId).toBeNull();
  });
});

describe('one item with an ETag, and If-Match on save', () => {
  it('answers a draft article by id with an ETag, for staff only', async () => {
    const created = await admin.post('/api/admin/articles', draft());
    const one = await admin.get(`/api/admin/articles/${created.body.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(created.body);
    expect(one.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect((await admin.get('/api/admin/articles/999999')).status).toBe(404);
    expect((await reader.get(`/api/admin/articles/${created.body.id}`)).status).toBe(403);
  });

  it('saves with a matching If-Match, and answers 412 edit_conflict with the current article when someone saved meanwhile', async () => {
    const created = await admin.post('/api/admin/articles', draft());
    const path = `/api/admin/articles/${created.body.id}`;
    const opened = (await admin.get(path)).headers.get('etag')!;

    const mine = await put(path, draft({ title: 'Min version' }), opened);
    expect(mine.status).toBe(200);
    const afterMine = mine.headers.get('etag')!;
    expect(afterMine).not.toBe(opened);
    expect(afterMine).toBe((await admin.get(path)).headers.get('etag'));

    // A second editor still holds the first ETag.
    const theirs = await put(path, draft({ title: 'Deras version' }), opened);
    expect(theirs.status).toBe(412);
    expect(theirs.body).toEqual({ error: 'Someone else saved this item after you opened it', code: 'edit_conflict', current: mine.body });
    expect(theirs.headers.get('etag')).toBe(afterMine);
    expect((await admin.get(path)).body.title).toBe('Min version');

    // Choosing to keep theirs: send again with the current ETag, or without If-Match as before.
    expect((await put(path, draft({ title: 'Deras version' }), theirs.headers.get('etag')!)).status).toBe(200);
    expect((await put(path, draft({ title: 'Utan villkor' }))).body.title).toBe('Utan villkor');
    expect((await put(path, draft({ title: 'Vad som helst' }), '*')).status).toBe(200);
    expect((await put('/api/admin/articles/999999', draft(), opened)).status).toBe(404);
  });

  it('lets one of three saves sent at the same moment with the same If-Match through, and refuses the others with 412', async () => {
    for (let round = 0; round < 5; round += 1) {
      const created = await admin.post('/api/admin/articles', draft());
      const path = `/api/admin/articles/${created.body.id}`;
      const opened = (await admin.get(path)).headers.get('etag')!;
      const answers = await Promise.all(['Första', 'Andra', 'Tredje'].map((title) => put(path, draft({ title }), opened)));
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 412, 412]);
      const saved = answers.find((answer) => answer.status === 200)!;
      expect((await admin.get(path)).body.title).toBe(saved.body.title);
      for (const refused of answers.filter((answer) => answer.status === 412)) expect(refused.body.current).toEqual(saved.body);
    }
  });

  it('does the same for episodes and people profiles', async () => {
    const interview = await admin.post('/api/admin/podcasts', { kind: 'interview', title: 'Samtal', description: 'Om skogen', duration: 2400, status: 'draft' });
    const profile = await admin.post('/api/admin/people-profiles', {
      name: 'Elsa Ek', title: 'Skogens röst', category: 'people', excerpt: 'Kort', content: 'Lång text', profileImage: '/uploads/images/x.png', author: 'Redaktör', readTime: 4, status: 'draft',
    });
    expect(profile.status).toBe(201);
    for (const [path, body] of [
      [`/api/admin/podcasts/${interview.body.id}`, { kind: 'interview', title: 'Samtal 2', description: 'Om skogen', duration: 2400, status: 'draft' }],
      [`/api/admin/people-profiles/${profile.body.id}`, { name: 'Elsa Ek', title: 'Ny titel', category: 'people', excerpt: 'Kort', content: 'Lång text', profileImage: '/uploads/images/x.png', author: 'Redaktör', readTime: 4, status: 'draft' }],
    ] as const) {
      const one = await admin.get(path);
      expect(one.status).toBe(200);
      expect(one.body.status).toBe('draft');
      const etag = one.headers.get('etag')!;
      expect((await put(path, body, etag)).status).toBe(200);
      const stale = await put(path, body, etag);
      expect(stale.status).toBe(412);
      expect(stale.body.code).toBe('edit_conflict');
      expect(stale.body.current.id).toBe(one.body.id);
    }
  });

  it('documents both in the OpenAPI reference', async () => {
    const document = (await admin.get('/api/openapi.json')).body;
    expect(document.paths['/api/admin/articles/{id}'].get).toBeDefined();
    expect(document.paths['/api/admin/articles/{id}'].put.responses['412'].content['application/json'].schema.$ref).toBe('#/components/schemas/EditConflict');
    expect(document.paths['/api/admin/articles'].post.responses['200']).toBeDefined();
    expect(document.components.schemas.ArticleInputInput.properties.clientId).toBeDefined();
  });
});

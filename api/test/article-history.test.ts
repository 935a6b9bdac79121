import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article, PreviewLink, Revision, RevisionSummary } from '@redaktion/shared';
import { HttpClient } from './support/http-client.js';
import { articleForm } from './support/fixtures.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { signedInUser } from './support/users.js';
import { createRevisions } from '../src/services/editor/revisions.js';

let server: TestServer;
let admin: HttpClient;
let adminName: string;
let anonymous: HttpClient;

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  const signedIn = await signedInUser(server.url, server.db, { role: 'admin' });
  admin = signedIn.client;
  adminName = signedIn.username;
  anonymous = new HttpClient(server.url);
}, 60_000);
afterAll(async () => server?.close());

const kinds = async (id: number) => ((await admin.get<RevisionSummary[]>(`/api/admin/articles/${id}/revisions`)).body).map((r) => r.kind);

async function create(fields: Record<string, unknown> = {}): Promise<Article> {
  const created = await admin.post<Article>('/api/admin/articles', { ...articleForm(`Artikel ${randomUUID().slice(0, 6)}`), status: 'draft', ...fields });
  expect(created.status).toBe(201);
  return created.body;
}
const put = (article: Article, fields: Record<string, unknown>) =>
  admin.request<Article>('PUT', `/api/admin/articles/${article.id}`, { ...articleForm(article.title), status: article.status, ...fields });

describe('revisions', () => {
  it('are stored for every create and change, newest first, with who and the kind of change', async () => {
    const article = await create({ title: 'Första versionen' });
    expect((await put(article, { title: 'Andra versionen' })).status).toBe(200);
    expect((await put(article, { title: 'Andra versionen', status: 'published' })).status).toBe(200);
    const list = (await admin.get<RevisionSummary[]>(`/api/admin/articles/${article.id}/revisions`)).body;
    expect(list.map((r) => [r.kind, r.title, r.status])).toEqual([
      ['published', 'Andra versionen', 'published'], ['saved', 'Andra versionen', 'draft'], ['created', 'Första versionen', 'draft'],
    ]);
    expect(list[0]!.author.username).toBe(adminName);
    const first = (await admin.get<Revision>(`/api/admin/articles/${article.id}/revisions/${list[2]!.id}`)).body;
    expect(first.state).toMatchObject({ title: 'Första versionen', content: 'Första stycket.\n\nAndra stycket.', status: 'draft', premium: false });
    expect((await admin.get(`/api/admin/articles/${article.id}/revisions/999999`)).status).toBe(404);
    expect((await anonymous.get(`/api/admin/articles/${article.id}/revisions`)).status).toBe(401);
  });

  it('come from every client: a bearer token, an offline draft sent twice (one revision), an approval', async () => {
    const editor = await signedInUser(server.url, server.db, { role: 'admin' });
    const token = (await editor.client.post('/api/tokens', { name: 'Skript' })).body.token as string;
    const viaToken = await new HttpClient(server.url).request<Article>('POST', '/api/admin/articles', { ...articleForm('Med token'), status: 'draft' }, { Authorization: `Bearer ${token}` });
    expect(viaToken.status).toBe(201);
    expect((await admin.get<RevisionSummary[]>(`/api/admin/articles/${viaToken.body.id}/revisions`)).body.map((r) => [r.kind, r.author.username]))
      .toEqual([['created', editor.username]]);

    const clientId = randomUUID();
    const offline = await admin.post<Article>('/api/admin/articles', { ...articleForm('Från tåget'), status: 'draft', clientId });
    expect((await admin.post('/api/admin/articles', { ...articleForm('Från tåget'), status: 'draft', clientId })).status).toBe(200);
    expect(await kinds(offline.body.id)).toEqual(['created']);

    const pending = await create({ status: 'pending' });
    const approval = ((await admin.get('/api/admin/approvals/pending')).body as { id: number; contentId: number; contentType: string }[])
      .find((a) => a.contentType === 'article' && a.contentId === pending.id)!;
    expect((await admin.patch(`/api/admin/approvals/${approval.id}`, { status: 'approved' })).status).toBe(200);
    expect(await kinds(pending.id)).toEqual(['published', 'created']);
  });
});

describe('autosave', () => {
  it('keeps the editor\'s work as a revision and changes nothing else: not the article, not the public answer', async () => {
    const article = await create({ status: 'published', title: 'Publicerad' });
    const publicBefore = (await anonymous.get(`/api/articles/${article.id}`)).text;
    const adminBefore = (await admin.get(`/api/admin/articles/${article.id}`)).body;
    const saved = await admin.post<RevisionSummary>(`/api/admin/articles/${article.id}/autosave`, { title: 'Halvskriven rubrik', content: 'Ett utkast' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ kind: 'autosave', title: 'Halvskriven rubrik', status: 'published' });
    expect((await admin.get(`/api/admin/articles/${article.id}`)).body).toEqual(adminBefore);
    expect((await anonymous.get(`/api/articles/${article.id}`)).text).toBe(publicBefore);

    // Within ten minutes one author's autosaves are one revision, holding the latest.
    await admin.post(`/api/admin/articles/${article.id}/autosave`, { content: 'Ett längre utkast' });
    const list = (await admin.get<RevisionSummary[]>(`/api/admin/articles/${article.id}/revisions`)).body;
    expect(list.map((r) => r.kind)).toEqual(['autosave', 'created']);
    expect((await admin.get<Revision>(`/api/admin/articles/${article.id}/revisions/${list[0]!.id}`)).body.state)
      .toMatchObject({ title: 'Halvskriven rubrik', content: 'Ett längre utkast' });

    // Another author starts a group of their own; so does the first once ten minutes have passed.
    const other = (await signedInUser(server.url, server.db, { role: 'admin' })).client;
    await other.post(`/api/admin/articles/${article.id}/autosave`, { content: 'Kollegans utkast' });
    await server.db('article_revisions').where({ id: list[0]!.id }).update({ groupStartedAt: new Date(Date.now() - 11 * 60_000).toISOString() });
    await admin.post(`/api/admin/articles/${article.id}/autosave`, { content: 'Efter tio minuter' });
    expect(await kinds(article.id)).toEqual(['autosave', 'autosave', 'autosave', 'created']);
    expect((await admin.post(`/api/admin/articles/${article.id}/autosave`, { readTime: 0 })).status).toBe(400);
  });

  it('records a field the editor emptied (sent as blank or null) as empty, and keeps one not sent as it was', async () => {
    const article = await create({
      imageUrl: '/uploads/images/hamnen.jpg', imageAlt: 'Hamnen i gryningen', imageCredit: 'Foto: Redaktion', authorTitle: 'Reporter',
    });
    const stateOf = async () => {
      const [newest] = (await admin.get<RevisionSummary[]>(`/api/admin/articles/${article.id}/revisions`)).body;
      expect(newest!.kind).toBe('autosave');
      return (await admin.get<Revision>(`/api/admin/articles/${article.id}/revisions/${newest!.id}`)).body.state;
    };

    expect((await admin.post(`/api/admin/articles/${article.id}/autosave`, { imageAlt: '', authorTitle: null, content: 'Utan bildtext' })).status).toBe(200);
    expect(await stateOf()).toMatchObject({
      imageAlt: null, authorTitle: null, imageUrl: '/uploads/images/hamnen.jpg', imageCredit: 'Foto: Redaktion', content: 'Utan bildtext',
    });
    // Later in the same group: another field emptied, and those emptied before stay empty when not sent again.
    expect((await admin.post(`/api/admin/articles/${article.id}/autosave`, { imageUrl: '', imageCredit: '  ' })).status).toBe(200);
    expect(await stateOf()).toMatchObject({ imageUrl: null, imageCredit: null, imageAlt: null, authorTitle: null, content: 'Utan bildtext' });
    // The article itself is untouched until it is saved.
    expect((await admin.get<Article>(`/api/admin/articles/${article.id}`)).body)
      .toMatchObject({ imageUrl: '/uploads/images/hamnen.jpg', imageAlt: 'Hamnen i gryningen', authorTitle: 'Reporter' });
  });
});

describe('restore', () => {
  it('brings back the text of a revision, never its status or paywall, honouring If-Match', async () => {
    const article = await create({ title: 'Tisdagens version', content: 'Vad det stod i tisdags.', status: 'published', premium: false });
    const [tuesday] = (await admin.get<RevisionSummary[]>(`/api/admin/articles/${article.id}/revisions`)).body;
    await put(article, { title: 'Onsdagens version', content: 'Något annat.', status: 'published', premium: true });

    const stale = await admin.request('POST', `/api/admin/articles/${article.id}/revisions/${tuesday!.id}/restore`, undefined, { 'If-Match': '"gammal"' });
    expect(stale.status).toBe(412);
    expect(stale.body).toMatchObject({ code: 'edit_conflict', current: { title: 'Onsdagens version' } });

    const etag = (await admin.get(`/api/admin/articles/${article.id}`)).headers.get('etag')!;
    const restored = await admin.request<Article>('POST', `/api/admin/articles/${article.id}/revisions/${tuesday!.id}/restore`, undefined, { 'If-Match': etag });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ title: 'Tisdagens version', content: 'Vad det stod i tisdags.', status: 'published', premium: true });
    expect(await kinds(article.id)).toEqual(['restored', 'saved', 'created']);
    expect((await anonymous.get<Article>(`/api/articles/${article.id}`)).body.title).toBe('Tisdagens version');
    expect((await admin.post(`/api/admin/articles/${article.id}/revisions/999999/restore`)).status).toBe(404);
  });
});

describe('corrections', () => {
  it('publish with the article and in its history, and can be withdrawn', async () => {
    const article = await create({ status: 'published' });
    const draft = await create();
    expect((await admin.post(`/api/admin/articles/${draft.id}/corrections`, { text: 'Fel' })).status).toBe(409);
    expect((await admin.post(`/api/admin/articles/${article.id}/corrections`, { text: '  ' })).status).toBe(400);

    const added = await admin.post(`/api/admin/articles/${article.id}/corrections`, { text: 'Siffran gällde 2025, inte 2026.' });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ id: expect.any(Number), text: 'Siffran gällde 2025, inte 2026.', createdAt: expect.any(String) });
    const read = (await anonymous.get<Article>(`/api/articles/${article.id}`)).body;
    expect(read.corrections).toEqual([added.body]);
    expect(Date.parse(read.updatedAt)).toBeGreaterThanOrEqual(Date.parse(added.body.createdAt as string));
    expect(await kinds(article.id)).toEqual(['corrected', 'created']);
    // Readers and search engines see it: near the top and after the body of the page, in its JSON-LD and in the feed.
    const page = (await anonymous.get(`/article/${article.id}`)).text;
    expect(page).toContain('Rättad');
    expect(page).toContain('Siffran gällde 2025, inte 2026.');
    const ld = [...page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(([, json]) => JSON.parse(json!) as Record<string, unknown>)
      .find((node) => node['@type'] === 'NewsArticle')!;
    expect(ld.correction).toEqual([{ '@type': 'CorrectionComment', text: 'Siffran gällde 2025, inte 2026.', datePublished: added.body.createdAt }]);
    expect(Date.parse(ld.dateModified as string)).toBeGreaterThanOrEqual(Date.parse(added.body.createdAt as string));
    expect((await anonymous.get('/rss.xml')).text).toContain('Siffran gällde 2025, inte 2026.');

    expect((await admin.delete(`/api/admin/articles/${article.id}/corrections/${added.body.id}`)).status).toBe(204);
    expect((await anonymous.get<Article>(`/api/articles/${article.id}`)).body.corrections).toEqual([]);
    expect((await admin.delete(`/api/admin/articles/${article.id}/corrections/${added.body.id}`)).status).toBe(404);
    expect(await kinds(article.id)).toEqual(['corrected', 'corrected', 'created']);
  });
});

describe('preview links', () => {
  it('show a draft, premium text included, to whoever holds the link for 24 hours, never cached or indexed, until revoked', async () => {
    const article = await create({ title: 'Hemligt utkast', premium: true, content: 'Bara för förhandsvisning.' });
    const link = await admin.post<PreviewLink>(`/api/admin/articles/${article.id}/preview`);
    expect(link.status).toBe(201);
    expect(link.body.url).toMatch(/^\/preview\/[\w-]{32}$/);
    expect(Date.parse(link.body.expiresAt) - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    const token = link.body.url.split('/').pop()!;

    const shown = await anonymous.get<Article>(`/api/previews/${token}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ title: 'Hemligt utkast', status: 'draft', locked: false, content: 'Bara för förhandsvisning.' });
    expect(shown.headers.get('cache-control')).toBe('private, no-store');
    expect(shown.headers.get('x-robots-tag')).toBe('noindex');
    expect(shown.headers.get('referrer-policy')).toBe('no-referrer');
    expect((await anonymous.get(`/api/articles/${article.id}`)).status).toBe(404);

    const page = await anonymous.get(link.body.url);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Hemligt utkast');
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(page.headers.get('x-robots-tag')).toBe('noindex');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');

    expect((await anonymous.get(`/api/previews/${token.slice(0, -1)}x`)).status).toBe(404);
    expect((await anonymous.get('/api/previews/not-a-token')).status).toBe(404);
    await server.db('article_previews').update({ expiresAt: new Date(Date.now() - 1000).toISOString() });
    expect((await anonymous.get(`/api/previews/${token}`)).status).toBe(404);

    const fresh = (await admin.post<PreviewLink>(`/api/admin/articles/${article.id}/preview`)).body.url.split('/').pop()!;
    expect((await anonymous.get(`/api/previews/${fresh}`)).status).toBe(200);
    expect((await admin.delete(`/api/admin/articles/${article.id}/preview`)).status).toBe(204);
    expect((await anonymous.get(`/api/previews/${fresh}`)).status).toBe(404);
  });
});

describe('deleting an article', () => {
  it('takes the history of one never published along, and keeps that of one that was', async () => {
    const draft = await create();
    const published = await create({ status: 'published' });
    await put(published, { status: 'draft' });
    for (const article of [draft, published]) expect((await admin.delete(`/api/admin/articles/${article.id}`)).status).toBe(204);
    expect(await server.db('article_revisions').where({ articleId: draft.id }).count('* as n').first()).toMatchObject({ n: expect.anything() });
    expect(Number(((await server.db('article_revisions').where({ articleId: draft.id }).count('* as n').first()) as { n: number }).n)).toBe(0);
    expect(Number(((await server.db('article_revisions').where({ articleId: published.id }).count('* as n').first()) as { n: number }).n)).toBe(2);
  });
});

describe('the response cache after an edit', () => {
  it('drops only the answers that show the edited article, unless its place in the lists changed', async () => {
    const edited = await create({ status: 'published', title: 'Redigeras' });
    const other = await create({ status: 'published', title: 'Orörd' });
    const warm = async () => {
      for (const path of [`/api/articles/${edited.id}`, `/api/articles/${other.id}`, `/article/${other.id}`, '/rss.xml', '/api/articles']) {
        expect((await anonymous.get(path)).status).toBe(200);
      }
    };
    await warm();
    // Changed behind the cache's back: an answer still served from memory shows the old title.
    await server.db('articles').where({ id: other.id }).update({ title: 'Ändrad i smyg' });

    expect((await put(edited, { status: 'published', content: 'Ny text i artikeln.' })).status).toBe(200);
    expect((await anonymous.get<Article>(`/api/articles/${edited.id}`)).body.content).toBe('Ny text i artikeln.');
    expect((await anonymous.get('/rss.xml')).text).toContain('Ny text i artikeln.');
    expect((await anonymous.get<Article>(`/api/articles/${other.id}`)).body.title).toBe('Orörd');
    expect((await anonymous.get(`/article/${other.id}`)).text).toContain('Orörd');

    // A change of status moves the article in and out of lists: then every cached answer goes.
    expect((await put(edited, { status: 'draft' })).status).toBe(200);
    expect((await anonymous.get<Article>(`/api/articles/${other.id}`)).body.title).toBe('Ändrad i smyg');
    expect((await anonymous.get<Article[]>('/api/articles')).body.map((a) => a.id)).not.toContain(edited.id);
  });
});

describe('presence', () => {
  it('tells an editor who else has the article open, until they leave or fall silent', async () => {
    const article = await create();
    const anna = await signedInUser(server.url, server.db, { role: 'admin' });
    expect((await admin.request('PUT', `/api/admin/articles/${article.id}/presence`)).body).toEqual([]);
    expect((await anna.client.request('PUT', `/api/admin/articles/${article.id}/presence`)).body)
      .toEqual([{ id: expect.any(Number), username: adminName, lastSeen: expect.any(String) }]);
    expect((await admin.request('PUT', `/api/admin/articles/${article.id}/presence`)).body.map((p: { username: string }) => p.username)).toEqual([anna.username]);
    expect((await anna.client.delete(`/api/admin/articles/${article.id}/presence`)).status).toBe(204);
    expect((await admin.request('PUT', `/api/admin/articles/${article.id}/presence`)).body).toEqual([]);
    // A heartbeat not heard for 45 s: gone.
    await anna.client.request('PUT', `/api/admin/articles/${article.id}/presence`);
    await server.db('article_presence').where({ userId: anna.id }).update({ seenAt: new Date(Date.now() - 46_000).toISOString() });
    expect((await admin.request('PUT', `/api/admin/articles/${article.id}/presence`)).body).toEqual([]);
    expect((await anonymous.request('PUT', `/api/admin/articles/${article.id}/presence`)).status).toBe(401);
  });
});

describe('the hourly housekeeping', () => {
  it('prunes month-old autosaves of articles never published, and keeps every revision of one that was', async () => {
    const draft = await create();
    const published = await create({ status: 'published' });
    for (const article of [draft, published]) await admin.post(`/api/admin/articles/${article.id}/autosave`, { content: 'Utkast' });
    await server.db('article_revisions').where({ kind: 'autosave' }).update({ createdAt: new Date(Date.now() - 31 * 86_400_000).toISOString() });
    await createRevisions(server.db).pruneAutosaves();
    expect(await kinds(draft.id)).toEqual(['created']);
    expect(await kinds(published.id)).toEqual(['autosave', 'created']);
  });
});

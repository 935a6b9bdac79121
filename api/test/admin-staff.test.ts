import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './support/http-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { signedInUser } from './support/users.js';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server?.close(); });

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

describe('overview figures', () => {
  it('counts in the database, with this week against last week', async () => {
    const admin = (await signedInUser(server.url, server.db, { role: 'admin' })).client;
    const base = { content: 'C', excerpt: 'E', category: 'news', author: 'A', readTime: 3 };
    await server.db('articles').insert([
      { ...base, title: 'Denna vecka 1', status: 'published', publishedAt: daysAgo(1), createdAt: daysAgo(1), updatedAt: daysAgo(1) },
      { ...base, title: 'Denna vecka 2', status: 'draft', createdAt: daysAgo(2), updatedAt: daysAgo(2) },
      { ...base, title: 'Förra veckan', status: 'published', publishedAt: daysAgo(9), createdAt: daysAgo(9), updatedAt: daysAgo(9) },
      { ...base, title: 'Gammal', status: 'published', publishedAt: daysAgo(40), createdAt: daysAgo(40), updatedAt: daysAgo(40) },
    ]);
    await admin.post('/api/admin/articles', { ...base, title: 'Till granskning', status: 'pending' });
    await admin.post('/api/admin/advertisements', { title: 'Annons', description: 'D', placement: 'banner' });
    await admin.post('/api/admin/advertisements', { title: 'Avslutad', description: 'D', placement: 'banner', startDate: daysAgo(10), endDate: daysAgo(5) });

    const { status, body } = await admin.get('/api/admin/stats');
    expect(status).toBe(200);
    expect(body.articles).toEqual({ total: 5, published: 3, thisWeek: 3, lastWeek: 1 });
    expect(body.advertisements).toEqual({ active: 1 });
    expect(body.approvals).toEqual({ pending: 1 });
    expect(body.podcasts).toEqual({ total: 0, published: 0, thisWeek: 0, lastWeek: 0 });
    expect(body.users.total).toBeGreaterThanOrEqual(1);
  });
});

describe('user management (super admins only)', () => {
  it('lists and searches users without their secrets', async () => {
    const superAdmin = (await signedInUser(server.url, server.db, { role: 'super_admin' })).client;
    const target = await signedInUser(server.url, server.db);
    await server.db('users').where({ id: target.id }).update({ firstName: 'Sixten', lastName: 'Ödman' });
    const all = await superAdmin.get('/api/admin/users');
    expect(all.status).toBe(200);
    expect(all.text).not.toMatch(/scrypt\$/);
    const found = (await superAdmin.get(`/api/admin/users?q=${encodeURIComponent('sixten ö')}`)).body;
    expect(found.map((u: { id: number }) => u.id)).toEqual([target.id]);
    expect((await superAdmin.get(`/api/admin/users?q=${target.email.toUpperCase()}`)).body[0].id).toBe(target.id);
    expect((await superAdmin.get('/api/admin/users?q=%25')).status).toBe(200);
  });

  it('changes roles, validates the change, and refuses plain admins', async () => {
    const superAdmin = (await signedInUser(server.url, server.db, { role: 'super_admin' })).client;
    const admin = (await signedInUser(server.url, server.db, { role: 'admin' })).client;
    const target = await signedInUser(server.url, server.db);
    const promoted = await superAdmin.patch(`/api/admin/users/${target.id}`, { role: 'admin' });
    expect(promoted.status).toBe(200);
    expect(promoted.body.role).toBe('admin');
    expect((await target.client.get('/api/admin/articles')).status).toBe(200);
    expect((await superAdmin.patch(`/api/admin/users/${target.id}`, { role: 'super_admin' })).body.role).toBe('super_admin');
    expect((await admin.patch(`/api/admin/users/${target.id}`, { role: 'user' })).status).toBe(403);
    expect((await admin.get('/api/admin/users')).status).toBe(403);
    expect((await superAdmin.patch(`/api/admin/users/${target.id}`, { role: 'editor' })).status).toBe(400);
    expect((await superAdmin.patch(`/api/admin/users/${target.id}`, {})).body.error).toBe('Nothing to change: send role or active');
    expect((await superAdmin.patch('/api/admin/users/999999', { role: 'user' })).status).toBe(404);
  });

  it('refuses a plain admin every user-management call, and lets a super admin through', async () => {
    const admin = await signedInUser(server.url, server.db, { role: 'admin' });
    const superAdmin = await signedInUser(server.url, server.db, { role: 'super_admin' });
    const reader = await signedInUser(server.url, server.db);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/users'], ['GET', '/api/admin/users?q=example'],
      ['PATCH', `/api/admin/users/${reader.id}`, { role: 'admin' }], ['PATCH', `/api/admin/users/${reader.id}`, { active: false }],
    ];
    for (const [method, path, body] of calls) {
      const refused = await admin.client.request(method, path, body);
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('forbidden');
    }
    expect((await server.db('users').where({ id: reader.id }).first()).role).toBe('user');
    expect((await superAdmin.client.get('/api/admin/users')).status).toBe(200);
    expect((await superAdmin.client.patch(`/api/admin/users/${reader.id}`, { role: 'admin' })).body.role).toBe('admin');
  });

  it('lets nobody demote or deactivate themselves', async () => {
    const superAdmin = await signedInUser(server.url, server.db, { role: 'super_admin' });
    expect((await superAdmin.client.patch(`/api/admin/users/${superAdmin.id}`, { role: 'user' })).status).toBe(403);
    expect((await superAdmin.client.patch(`/api/admin/users/${superAdmin.id}`, { active: false })).status).toBe(403);
  });

  it('deactivating an account signs it out everywhere and stops its logins', async () => {
    const superAdmin = (await signedInUser(server.url, server.db, { role: 'super_admin' })).client;
    const target = await signedInUser(server.url, server.db);
    const deactivated = await superAdmin.patch(`/api/admin/users/${target.id}`, { active: false });
    expect(deactivated.body.active).toBe(false);
    expect((await target.client.get('/api/user')).status).toBe(401);
    expect((await new HttpClient(server.url).post('/api/login', { username: target.username, password: target.password })).status).toBe(403);
    await superAdmin.patch(`/api/admin/users/${target.id}`, { active: true });
    expect((await new HttpClient(server.url).post('/api/login', { username: target.username, password: target.password })).status).toBe(200);
  });
});

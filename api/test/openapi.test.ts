import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './support/http-client.js';
import { postForm } from './support/media.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { signedInUser } from './support/users.js';

/**
 * /api/openapi.json says everything a client made from it must expect: every status the server can answer a call
 * with (real requests that get each are checked against the document here), and every format it enforces on a field.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Reply = { status: number };

let server: TestServer;
let document: Json;
const anyone = () => new HttpClient(server.url);
let reader: Awaited<ReturnType<typeof signedInUser>>;
let admin: Awaited<ReturnType<typeof signedInUser>>;
const cookiesOf = (client: HttpClient) => [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

beforeAll(async () => {
  server = await startTestServer();
  reader = await signedInUser(server.url, server.db);
  admin = await signedInUser(server.url, server.db, { role: 'admin' });
  document = (await anyone().get('/api/openapi.json')).body;
});
afterAll(async () => { await server?.close(); });

/** The statuses the document names for one operation ('POST /api/login'). */
function documented(operation: string): string[] {
  const [method, path] = operation.split(' ') as [string, string];
  const responses = document.paths[path]?.[method.toLowerCase()]?.responses;
  if (!responses) throw new Error(`The document has no ${operation}`);
  return Object.keys(responses);
}

/** A property of a component schema, with the alternatives of a field that also takes '' or null. */
function field(component: string, name: string): Json {
  const property = document.components.schemas[component].properties[name];
  return property.anyOf ? property.anyOf[0] : property;
}

async function loginUntilThrottled(): Promise<Reply> {
  let reply: Reply = { status: 0 };
  for (let attempt = 0; attempt < 10 && reply.status !== 429; attempt += 1) {
    reply = await anyone().post('/api/login', { username: 'ingen-sadan', password: 'fel-losenord' });
  }
  return reply;
}

async function postCategoryTwice(): Promise<Reply> {
  await admin.client.post('/api/admin/categories', { name: 'Provkategori' });
  return admin.client.post('/api/admin/categories', { name: 'Provkategori' });
}

async function staleSave(): Promise<Reply> {
  const article = { title: 'Rubrik', content: 'Text', excerpt: 'Ingress', category: 'news', author: 'Karin Ek' };
  const created = await admin.client.post('/api/admin/articles', article);
  return admin.client.request('PUT', `/api/admin/articles/${created.body.id}`, article, { 'If-Match': '"an-older-version"' });
}

async function signInDeactivated(): Promise<Reply> {
  const gone = await signedInUser(server.url, server.db);
  await server.db('users').where({ id: gone.id }).update({ active: false });
  return anyone().post('/api/login', { username: gone.username, password: gone.password });
}

async function tokenMintingToken(): Promise<Reply> {
  const { token } = (await reader.client.post('/api/tokens', { name: 'Skript' })).body as { token: string };
  return anyone().request('POST', '/api/tokens', { name: 'Ännu ett' }, { Authorization: `Bearer ${token}` });
}

async function unchangedList(): Promise<Reply> {
  const first = await anyone().get('/api/articles');
  return anyone().get('/api/articles', { 'If-None-Match': first.headers.get('etag') ?? '' });
}

/** Real requests, each answered with one status, beside the operation whose document must name that status. */
const SAMPLES: { operation: string; status: number; when: string; send: () => Promise<Reply> }[] = [
  { operation: 'POST /api/login', status: 400, when: 'the body is not JSON', send: () => anyone().request('POST', '/api/login', '{"username":') },
  { operation: 'POST /api/login', status: 401, when: 'the password is wrong', send: () => anyone().post('/api/login', { username: reader.username, password: 'fel' }) },
  { operation: 'POST /api/login', status: 403, when: 'the account is deactivated', send: signInDeactivated },
  { operation: 'POST /api/login', status: 413, when: 'the body is over the limit', send: () => anyone().post('/api/login', { username: 'x'.repeat(1_100_000), password: 'x' }) },
  {
    operation: 'POST /api/login', status: 415, when: 'the body comes in an encoding the server does not read',
    send: () => anyone().request('POST', '/api/login', '{"username":"a","password":"b"}', { 'Content-Encoding': 'klingon' }),
  },
  { operation: 'POST /api/login', status: 429, when: 'the same login failed too often', send: loginUntilThrottled },
  { operation: 'POST /api/logout', status: 403, when: 'a browser sends it from another site', send: () => anyone().request('POST', '/api/logout', {}, { Origin: 'https://elsewhere.example' }) },
  { operation: 'POST /api/register', status: 409, when: 'the username is taken', send: () => anyone().post('/api/register', { username: reader.username, email: 'ny@example.se', password: 'korrekt-hast-batteri' }) },
  {
    operation: 'PATCH /api/user/profile', status: 409, when: 'another account has the address',
    send: () => reader.client.patch('/api/user/profile', { email: admin.email, currentPassword: reader.password }),
  },
  { operation: 'GET /api/user', status: 401, when: 'no one is signed in', send: () => anyone().get('/api/user') },
  { operation: 'GET /api/articles', status: 401, when: 'the access token is unknown', send: () => anyone().get('/api/articles', { Authorization: 'Bearer ingen-sadan-nyckel' }) },
  { operation: 'GET /api/articles', status: 304, when: 'the list has not changed since the ETag', send: unchangedList },
  { operation: 'GET /api/articles/{id}', status: 404, when: 'no article has the id', send: () => anyone().get('/api/articles/999999') },
  { operation: 'POST /api/tokens', status: 403, when: 'a token asks for a token', send: tokenMintingToken },
  { operation: 'GET /api/admin/stats', status: 403, when: 'a reader asks', send: () => reader.client.get('/api/admin/stats') },
  { operation: 'POST /api/admin/categories', status: 409, when: 'the name is taken', send: postCategoryTwice },
  { operation: 'PUT /api/admin/articles/{id}', status: 412, when: 'If-Match names an older version', send: staleSave },
  { operation: 'GET /api/admin/pexels/search', status: 503, when: 'Pexels is not configured', send: () => admin.client.get('/api/admin/pexels/search?query=sj%C3%B6') },
  {
    operation: 'POST /api/upload', status: 415, when: 'the file is neither image nor audio',
    send: () => postForm(server.url, '/api/upload', cookiesOf(admin.client), { file: [Buffer.from('bara text'), 'anteckning.txt'] }),
  },
  { operation: 'POST /api/admin/uploads', status: 401, when: 'no one is signed in', send: () => anyone().request('POST', '/api/admin/uploads', undefined, { 'Tus-Resumable': '1.0.0', 'Upload-Length': '10' }) },
  { operation: 'POST /api/admin/uploads', status: 412, when: 'Tus-Resumable is missing', send: () => admin.client.request('POST', '/api/admin/uploads', undefined, { 'Upload-Length': '10' }) },
  { operation: 'GET /rss.xml', status: 404, when: 'no category has the slug', send: () => anyone().get('/rss.xml?category=okand') },
  { operation: 'GET /api/newsletter/unsubscribe', status: 404, when: 'the token is unknown', send: () => anyone().get('/api/newsletter/unsubscribe?token=okand') },
  {
    operation: 'DELETE /api/push/subscriptions', status: 404, when: 'no subscription has the endpoint',
    send: () => anyone().delete('/api/push/subscriptions', { endpoint: 'https://fcm.googleapis.com/fcm/send/okand' }),
  },
];

describe('the OpenAPI document names every status', () => {
  it.each(SAMPLES)('$operation answers $status when $when, as the document says it may', async ({ operation, status, send }) => {
    expect((await send()).status).toBe(status);
    expect(documented(operation)).toContain(String(status));
  });

  it('names for every operation the answers its kind gets from the layers around it', () => {
    const { paths } = document as { paths: Record<string, Record<string, { security?: unknown; responses: Json }>> };
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, { security, responses }] of Object.entries(operations)) {
        const where = `${method.toUpperCase()} ${path}`;
        // Any call may find the database away or the server too busy.
        expect(responses, where).toHaveProperty('503.headers.Retry-After');
        if (security) expect(Object.keys(responses), where).toEqual(expect.arrayContaining(['401']));
        if (['post', 'put', 'patch', 'delete'].includes(method)) expect(Object.keys(responses), where).toEqual(expect.arrayContaining(['403', '507']));
        for (const [status, answer] of Object.entries(responses)) {
          // A HEAD answer has no body to describe.
          if (Number(status) >= 400 && method !== 'head') expect(answer.content, `${where} ${status}`).toBeDefined();
        }
      }
    }
  });
});

describe('the OpenAPI document names every format a field must have', () => {
  it('says which fields are e-mail addresses', () => {
    const inputs = Object.entries(document.components.schemas as Record<string, Json>).filter(([name]) => name.endsWith('Input'));
    const emails = inputs.flatMap(([name, schema]) => (schema.properties?.email ? [[name, schema.properties.email.anyOf?.[0] ?? schema.properties.email]] : []));
    expect(emails.map(([name]) => name)).toEqual(expect.arrayContaining(['RegisterRequestInput', 'NewsletterSignupInput', 'JournalistInputInput']));
    for (const [name, email] of emails) expect(email.format, name).toBe('email');
  });

  it('says which fields are http(s) URLs, with a pattern that refuses what the server refuses', async () => {
    const urls = [
      field('AdvertisementInputInput', 'linkUrl'),
      document.components.schemas.ProfileUpdateInput.properties.website.anyOf.find((alternative: Json) => alternative.format),
      document.components.schemas.PushSubscriptionRequestInput.properties.subscription.properties.endpoint,
    ];
    for (const url of urls) {
      expect(url.format).toBe('uri');
      expect(new RegExp(url.pattern).test('https://example.se/sida')).toBe(true);
      expect(new RegExp(url.pattern).test('javascript:alert(1)')).toBe(false);
    }
    const imageUrl = new RegExp(field('ArticleInputInput', 'imageUrl').pattern);
    expect(['/uploads/images/a.webp', 'https://example.se/bild.jpg'].every((value) => imageUrl.test(value))).toBe(true);
    expect(['//example.se/bild.jpg', 'javascript:alert(1)', 'data:image/png;base64,AA'].some((value) => imageUrl.test(value))).toBe(false);
    const refused = await reader.client.patch('/api/user/profile', { website: 'javascript:alert(1)' });
    expect(refused.status).toBe(400);
    expect(refused.body.issues[0].path).toBe('website');
  });

  it('documents that a blank publish date means none, as the server takes it, and refuses any other non-date', async () => {
    const publishedAt = document.components.schemas.ArticleInputInput.properties.publishedAt;
    expect(publishedAt.anyOf[0].format).toBe('date-time');
    expect(publishedAt.anyOf).toEqual(expect.arrayContaining([{ type: 'string', enum: [''] }]));
    const article = { title: 'Rubrik', content: 'Text', excerpt: 'Ingress', category: 'news', author: 'Karin Ek' };
    const blank = await admin.client.post('/api/admin/articles', { ...article, publishedAt: '' });
    expect(blank.status).toBe(201);
    expect(blank.body.publishedAt).toBeNull();
    const wrong = await admin.client.post('/api/admin/articles', { ...article, publishedAt: 'i morgon' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.issues[0]).toEqual({ path: 'publishedAt', message: 'Must be an ISO 8601 date' });
  });
});

describe('the OpenAPI document states the rules a generated request would otherwise break', () => {
  /** The JSON body schema of an operation, its component followed. */
  function bodyOf(method: string, path: string): Json {
    const schema = document.paths[path][method].requestBody.content['application/json'].schema;
    return schema.$ref ? document.components.schemas[schema.$ref.split('/').pop()] : schema;
  }

  it('says that an edit must name one of its fields, as the server refuses {} with 400', async () => {
    expect(bodyOf('put', '/api/admin/categories/{id}').anyOf).toEqual([
      { required: ['name'] }, { required: ['description'] }, { required: ['color'] }, { required: ['active'] },
    ]);
    const created = await admin.client.post('/api/admin/categories', { name: 'Tomma ändringar' });
    const empty = await admin.client.request('PUT', `/api/admin/categories/${created.body.id}`, {});
    expect(empty.status).toBe(400);
  });

  it("says that an alert's link is a path on the site, with the pattern the server checks", async () => {
    const pattern = new RegExp(bodyOf('post', '/api/admin/push').properties.url.pattern);
    expect(['/article/12', 'https://annan.example/', '//annan.example/'].map((url) => pattern.test(url))).toEqual([true, false, false]);
    const offSite = await admin.client.post('/api/admin/push', { title: 'Just nu', body: 'Text', url: '//annan.example/', topic: 'breaking' });
    expect(offSite.status).toBe(400);
  });

  it('names the tus headers every upload call needs', () => {
    for (const [method, path] of [['post', '/api/admin/uploads'], ['head', '/api/admin/uploads/{id}'], ['patch', '/api/admin/uploads/{id}'], ['delete', '/api/admin/uploads/{id}']] as const) {
      const version = document.paths[path][method].parameters.find((parameter: Json) => parameter.name === 'Tus-Resumable');
      expect(version, `${method} ${path}`).toMatchObject({ in: 'header', required: true, schema: { enum: ['1.0.0'] } });
    }
  });
});

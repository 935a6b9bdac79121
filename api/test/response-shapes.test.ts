import Router from '@koa/router';
import Koa from 'koa';
import type { AddressInfo } from 'node:net';
import { errorSchema } from '@redaktion/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DatabaseAvailability } from '../src/db/availability.js';
import { Admission } from '../src/admission.js';
import { endpoint, mount, type AnyEndpoint } from '../src/http/endpoint.js';
import { errorHandler } from '../src/http/errors.js';
import { ResponseCache } from '../src/http/response-cache.js';
import { HttpClient } from './support/http-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { signedInUser } from './support/users.js';

/**
 * Every declared endpoint's real answers, for every kind of caller, against the schema it declares (contract.md §5):
 * what a client receives is exactly what the schema names, and nothing private leaks anywhere.
 */

/** GETs not called here, and why: each streams a file, whose own tests check its bytes, ranges and gate. */
const NOT_CALLED: Record<string, string> = {
  'GET /api/podcasts/:id/audio': 'streams audio (public-reads and admin-media tests)',
  'GET /api/admin/audio/:file': 'streams audio (admin-media tests)',
  'GET /feeds/audio/:file': 'streams audio (feeds tests)',
  'GET /feeds/private/:token/audio/:file': 'streams audio (feeds tests)',
  'GET /api/admin/ai/jobs/:id': 'follows a generation job, which needs an AI provider (integrations tests, against the OpenAI stand-in)',
  'GET /api/admin/transcriptions/:jobId': 'follows a transcription, which needs the speech integration (transcripts tests, against its stand-in)',
  'GET /api/articles/:id/live/stream': 'an event stream stays open (live tests read its events)',
  'GET /api/articles/:id/audio': 'streams audio (read-aloud tests)',
  'GET /api/admin/articles/:id/audio/draft': 'streams audio (read-aloud tests)',
  'GET /feeds/read-aloud/:file': 'streams audio (read-aloud tests)',
};

/** JSON reads that need an outside service (Stripe, Pexels, YouTube, an AI provider) not configured here: they answer an error. */
const NEEDS_OUTSIDE_SERVICE = new Set([
  'GET /api/subscription/status', 'GET /api/admin/pexels/curated', 'GET /api/admin/pexels/search', 'GET /api/admin/ai/topic-suggestions',
  'GET /api/youtube/channel-videos',
]);

const CALLERS = ['signed-out reader', 'reader', 'subscriber', 'admin', 'super admin'] as const;
type Caller = (typeof CALLERS)[number];

const nameOf = (definition: AnyEndpoint) => `${definition.method.toUpperCase()} ${definition.path}`;

let server: TestServer;
const clients = {} as Record<Caller, HttpClient>;
const emails = {} as Record<Caller, string | null>;
/** Every answer received: who asked, what was asked, and what came back. */
const answers: { caller: Caller; name: string; status: number; type: string; body: unknown; text: string }[] = [];

/** The id of the first item of an admin list (`/api/admin/articles/` → GET /api/admin/articles). */
async function firstOfAdminList(prefix: string): Promise<Record<string, string>> {
  const list = await clients.admin.get(prefix.slice(0, -1));
  if (!Array.isArray(list.body) || !list.body.length) throw new Error(`No item to read at ${prefix}: ${list.status} ${list.text}`);
  return { id: String((list.body as { id: number }[])[0]!.id) };
}

/** The concrete URL of a declared path, with ids of seeded rows (premium ones where there are, so the gate is exercised). */
async function urlsFor(definitions: AnyEndpoint[]): Promise<Map<string, string>> {
  const db = server.db;
  const first = async (table: string, where: Record<string, unknown> = {}) => String((await db(table).where(where).orderBy('id').first('id'))!.id);
  const premiumArticle = await first('articles', { premium: true, status: 'published' });
  const premiumEpisode = await first('podcasts', { premium: true, status: 'published' });
  const seriesId = await first('podcastSeries', { active: true });
  const values: Record<string, Record<string, string>> = {
    '/api/articles/': { id: premiumArticle },
    '/api/podcasts/': { id: premiumEpisode },
    '/api/podcasts/series/': { id: seriesId },
    '/api/podcast-series/': { id: seriesId },
    '/feeds/podcast-series/': { id: seriesId },
    '/feeds/chapters/': { id: String((await db('podcasts').whereNotNull('chapters').orderBy('id').first('id'))!.id) },
    // The demo has no transcript: each caller is told there is none (the transcripts tests read published ones).
    '/feeds/transcripts/': { id: premiumEpisode },
    '/api/people/': { id: await first('peopleProfiles', { status: 'published' }) },
    '/api/journalists/': { id: await first('journalists', { active: true }) },
    '/api/advertisements/': { id: await first('advertisements', { active: true }) },
    '/api/custom-videos/slug/': { slug: String((await db('customVideos').where({ active: true }).first('slug'))!.slug) },
    '/api/placeholder/': { w: '40', h: '30' },
    // An embedded video's thumbnail cannot be fetched here (404).
    '/api/youtube/thumbnails/': { videoId: 'dQw4w9WgXcQ' },
    // A preview link of a premium draft's kind, and an article's first revision.
    '/api/previews/': { token: ((await clients.admin.post(`/api/admin/articles/${premiumArticle}/preview`)).body.url as string).split('/').pop()! },
    '/api/admin/articles/': await (async () => {
      const revision = (await db('articleRevisions').orderBy('id').first('id', 'articleId'))!;
      return { id: String(revision.articleId), revisionId: String(revision.id) };
    })(),
    // A campaign offer (a trial needs nothing of Stripe), as an admin makes it.
    '/api/offers/': { code: await (async () => {
      const now = new Date().toISOString();
      await db('offers').insert({ code: 'PROVA14', name: 'Två veckor gratis', kind: 'trial', value: 14, duration: 'once', plans: '["monthly"]', active: true, createdAt: now, updatedAt: now });
      return 'prova14';
    })() },
    // The subscriber's own private feed, as GET /api/podcast-feeds gives it.
    '/feeds/private/': (/\/feeds\/private\/(?<token>[^/]+)\/podcast-series\/(?<id>\d+)\.xml$/
      .exec((await clients.subscriber.get('/api/podcast-feeds')).body[0].url as string))!.groups!,
  };
  // Calls whose item is of a kind of its own: a live article's entries (the demo's live coverage).
  const byCall: Record<string, Record<string, string>> = {
    'GET /api/articles/:id/live': { id: await first('articles', { kind: 'live', status: 'published' }) },
  };
  const urls = new Map<string, string>();
  for (const definition of definitions) {
    if (definition.method !== 'get' || NOT_CALLED[nameOf(definition)]) continue;
    const colon = definition.path.indexOf(':');
    if (colon < 0) {
      urls.set(nameOf(definition), definition.path);
      continue;
    }
    const prefix = definition.path.slice(0, colon);
    // An admin item: the first of its own admin list.
    const params = byCall[nameOf(definition)] ?? values[prefix] ?? await firstOfAdminList(prefix);
    urls.set(nameOf(definition), definition.path.replace(/:(\w+)/g, (match, name: string) => params[name] ?? match));
  }
  return urls;
}

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  clients['signed-out reader'] = new HttpClient(server.url);
  emails['signed-out reader'] = null;
  const roles: [Caller, Parameters<typeof signedInUser>[2]][] = [
    ['reader', {}], ['subscriber', { subscriptionStatus: 'active' }], ['admin', { role: 'admin' }], ['super admin', { role: 'super_admin' }],
  ];
  for (const [caller, options] of roles) {
    const user = await signedInUser(server.url, server.db, options);
    clients[caller] = user.client;
    emails[caller] = user.email;
    // Everyone has something personal to leak: an access token and a newsletter sign-up.
    expect((await user.client.post('/api/tokens', { name: 'Skrivbordet' })).status).toBe(201);
    await user.client.post('/api/newsletter', { email: user.email });
  }
  // Staff content in review, with its submitter.
  expect((await clients.admin.post('/api/admin/articles', {
    title: 'Granskas', content: 'Text', excerpt: 'Ingress', category: 'news', author: 'Karin Ek', status: 'pending',
  })).status).toBe(201);

  const urls = await urlsFor(server.endpoints);
  for (const caller of CALLERS) {
    for (const [name, url] of urls) {
      const response = await clients[caller].get(url);
      answers.push({ caller, name, status: response.status, type: response.headers.get('content-type') ?? '', body: response.body, text: response.text });
    }
  }
}, 120_000);
afterAll(async () => { await server?.close(); });

describe('every endpoint says what it answers', () => {
  it('calls every GET, or names why not', () => {
    const gets = server.endpoints.filter((definition) => definition.method === 'get').map(nameOf);
    const called = new Set(answers.map((answer) => answer.name));
    expect(gets.filter((name) => !called.has(name) && !NOT_CALLED[name])).toEqual([]);
    // The list of exclusions names only endpoints that exist.
    expect(Object.keys(NOT_CALLED).filter((name) => !gets.includes(name))).toEqual([]);
  });

  it('declares for every endpoint, writes included, a schema, a media type or an answer without a body, as the reference says', async () => {
    const undeclared = server.endpoints
      .filter((definition) => !definition.response && !definition.produces && definition.status !== 204 && definition.status !== 302)
      .map(nameOf);
    expect(undeclared).toEqual([]);
    const { paths } = (await clients['signed-out reader'].get('/api/openapi.json')).body as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>>;
    };
    const withoutJsonSchema = server.endpoints.filter((definition) => definition.response).filter((definition) => {
      const operation = paths[definition.path.replace(/:(\w+)/g, '{$1}')]?.[definition.method];
      return !operation?.responses[String(definition.status ?? 200)]?.content?.['application/json'];
    }).map(nameOf);
    expect(withoutJsonSchema).toEqual([]);
  });

  it('gives every caller an answer that is exactly its declared schema, or a client error', () => {
    const byName = new Map(server.endpoints.map((definition) => [nameOf(definition), definition]));
    for (const answer of answers) {
      const definition = byName.get(answer.name)!;
      const where = `${answer.caller}: ${answer.name} (${answer.status})`;
      expect(answer.status, where).not.toBe(500);
      // A page for a person (a newsletter link) says what went wrong in words; every other error is the JSON error shape.
      if (answer.status >= 400 && !answer.type.startsWith('text/html')) {
        expect(errorSchema.strict().safeParse(answer.body).success, where).toBe(true);
        continue;
      }
      if (definition.produces) {
        expect(answer.type, where).toContain(definition.produces);
        continue;
      }
      if (!definition.response) continue;
      expect(answer.type, where).toMatch(/^application\/json/);
      // Parsed through the schema, the answer is unchanged: nothing more, nothing less, nothing of another type.
      expect(definition.response.parse(answer.body), where).toEqual(answer.body);
    }
  });

  it('answers each caller only with statuses the OpenAPI document names for the call', async () => {
    const { paths } = (await clients['signed-out reader'].get('/api/openapi.json')).body as { paths: Record<string, Record<string, { responses: object }>> };
    const undocumented = answers.filter((answer) => {
      const [method, path] = answer.name.split(' ') as [string, string];
      return !(String(answer.status) in paths[path.replace(/:(\w+)/g, '{$1}')]![method.toLowerCase()]!.responses);
    }).map((answer) => `${answer.caller}: ${answer.name} ${answer.status}`);
    expect(undocumented).toEqual([]);
  });

  it('answers every JSON read successfully to someone, unless it needs an outside service', () => {
    const unanswered = server.endpoints
      .filter((definition) => definition.method === 'get' && definition.response && !NOT_CALLED[nameOf(definition)] && !NEEDS_OUTSIDE_SERVICE.has(nameOf(definition)))
      .map(nameOf)
      .filter((name) => !answers.some((answer) => answer.name === name && answer.status === 200));
    expect(unanswered).toEqual([]);
  });

  it('never sends a password hash, a token hash or another user\'s e-mail', async () => {
    const hashes = [
      ...await server.db('users').whereNotNull('password').pluck('password'),
      ...await server.db('access_tokens').pluck('tokenHash'),
    ] as string[];
    const userEmails = await server.db('users').pluck('email') as string[];
    expect(hashes.length).toBeGreaterThanOrEqual(8);
    for (const answer of answers) {
      const where = `${answer.caller}: ${answer.name}`;
      expect(answer.text, where).not.toMatch(/passwordHash|password_hash|tokenHash|token_hash|"password"/);
      for (const hash of hashes) expect(answer.text.includes(hash), where).toBe(false);
      // Only a super admin manages users, and so sees their addresses (contract.md §5).
      if (answer.caller === 'super admin') continue;
      const others = userEmails.filter((email) => email !== emails[answer.caller]);
      expect(others.filter((email) => answer.text.includes(email)), where).toEqual([]);
    }
    // The check can fail: the super admin's list of users does carry everyone's address.
    const users = answers.find((answer) => answer.caller === 'super admin' && answer.name === 'GET /api/admin/users')!;
    expect(users.text).toContain(emails.reader!);
  });

  it('gates premium content by the caller', () => {
    const article = (caller: Caller) => answers.find((answer) => answer.caller === caller && answer.name === 'GET /api/articles/:id')!.body;
    expect(article('signed-out reader')).toMatchObject({ locked: true, premium: true });
    expect(article('signed-out reader')).not.toHaveProperty('content');
    // A signed-in reader who is not entitled reads it through the meter, which says so (contract §9 [revenue]).
    expect(article('reader')).toMatchObject({ locked: false, content: expect.any(String), meter: { limit: 3, used: 1, remaining: 2 } });
    for (const caller of ['subscriber', 'admin', 'super admin'] as const) expect(article(caller)).toMatchObject({ locked: false, content: expect.any(String) });
  });
});

describe('an answer made through its schema', () => {
  let url: string;
  let close: () => Promise<void>;
  const logged: Error[] = [];

  beforeAll(async () => {
    const declared = z.object({ id: z.number(), name: z.string() });
    const router = new Router();
    const endpoints: AnyEndpoint[] = [
      endpoint({ method: 'get', path: '/extra', tag: 't', summary: 's', access: 'public', response: declared,
        handle: () => ({ id: 1, name: 'Elsa', passwordHash: '$argon2id$secret', email: 'elsa@example.se' }) }),
      endpoint({ method: 'get', path: '/misfit', tag: 't', summary: 's', access: 'public', response: declared, cached: true,
        handle: () => ({ id: 'one', name: 'Elsa' }) }),
    ];
    const koa = new Koa();
    koa.use(errorHandler(new DatabaseAvailability(server.db)));
    koa.use(async (ctx, next) => {
      ctx.state.user = null;
      ctx.state.audience = 'reader';
      await next();
    });
    mount(router, endpoints, new ResponseCache(null, async () => Number.POSITIVE_INFINITY, null), new Admission(2, 1000));
    koa.use(router.routes());
    koa.on('error', (error: Error) => logged.push(error));
    const listening = koa.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => listening.once('listening', () => resolve()));
    url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
    close = () => new Promise<void>((resolve) => listening.close(() => resolve()));
  });
  afterAll(async () => { await close?.(); });

  it('leaves out every field its schema does not name', async () => {
    const response = await new HttpClient(url).get('/extra');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: 1, name: 'Elsa' });
    expect(response.text).not.toContain('secret');
  });

  it('turns an answer that does not fit into a logged 500, and keeps nothing of it in the cache', async () => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await new HttpClient(url).get('/misfit');
      expect(response.status).toBe(500);
      expect(response.body).toEqual({ error: 'Something went wrong on our side', code: 'internal_error' });
    }
    expect(logged).toHaveLength(2);
    expect(logged[0]!.message).toMatch(/GET \/misfit answered 200 outside its schema/);
  });
});

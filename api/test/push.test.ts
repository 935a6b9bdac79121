import https from 'node:https';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEpisode } from './support/fixtures.js';
import { HttpClient } from './support/http-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { signedInUser } from './support/users.js';
import { startPushService, type BrowserSubscription, type ReceivedPush } from './stand-ins/push-service.js';

type PushService = Awaited<ReturnType<typeof startPushService>>;

let service: PushService;
let server: TestServer;
let admin: Awaited<ReturnType<typeof signedInUser>>;
const defaultCa = https.globalAgent.options.ca;

beforeAll(async () => {
  service = await startPushService();
  // The test's push service has a certificate of its own, trusted here as a push service's would be by its CA.
  https.globalAgent.options.ca = service.ca;
  server = await startTestServer({ env: { PUSH_ALLOWED_ORIGINS: service.origin, MAIL_FROM: 'Redaktion <larm@redaktion.example>', TRUST_PROXY: '1' } });
  admin = await signedInUser(server.url, server.db, { role: 'admin' });
});
afterAll(async () => {
  https.globalAgent.options.ca = defaultCa;
  await server?.close();
  await service?.close();
});

let clients = 0;
/** A POST of a subscription from a client address of its own (X-Forwarded-For): each client may store only so many a minute. */
const postSubscription = (client: HttpClient, body: unknown, ip = `10.17.0.${(clients += 1)}`) =>
  client.request('POST', '/api/push/subscriptions', body, { 'X-Forwarded-For': ip });

async function subscribe(topics: string[], locale: 'sv' | 'en', client = new HttpClient(server.url)): Promise<BrowserSubscription> {
  const subscription = service.subscribe();
  const answer = await postSubscription(client, { subscription: subscription.json, topics, locale });
  expect(answer.status).toBe(201);
  return subscription;
}

async function pushesTo(subscription: BrowserSubscription, count = 1): Promise<ReceivedPush[]> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const found = service.received.filter((push) => push.subscriptionId === subscription.id);
    if (found.length >= count) return found;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`fewer than ${count} pushes to ${subscription.id}; refused: ${service.refused.join('; ')}`);
}

describe('the VAPID key', () => {
  it('is in the public config, generated once and the same for every process on the database', async () => {
    const key = (await new HttpClient(server.url).get('/api/config')).body.vapidPublicKey as string;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    const second = await startTestServer({ database: server.database });
    try {
      expect((await new HttpClient(second.url).get('/api/config')).body.vapidPublicKey).toBe(key);
    } finally {
      await second.close();
    }
  });

  it('comes from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when they are set', async () => {
    const keys = webpush.generateVAPIDKeys();
    const configured = await startTestServer({ env: { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey } });
    try {
      expect((await new HttpClient(configured.url).get('/api/config')).body.vapidPublicKey).toBe(keys.publicKey);
    } finally {
      await configured.close();
    }
  });
});

describe('subscribing', () => {
  it('refuses push services off the allow-list, bad keys and unknown topics with 400', async () => {
    const good = service.subscribe().json;
    const post = (body: unknown) => postSubscription(new HttpClient(server.url), body);
    const offList = await post({ subscription: { ...good, endpoint: 'https://push.example.net/push/1' }, topics: ['breaking'] });
    expect(offList.status).toBe(400);
    expect(offList.body.issues).toEqual([{ path: 'subscription.endpoint', message: 'This push service is not one we send to' }]);
    expect((await post({ subscription: { ...good, endpoint: 'http://127.0.0.1/push/1' }, topics: ['breaking'] })).status).toBe(400);
    expect((await post({ subscription: { ...good, keys: { p256dh: 'kort', auth: good.keys.auth } }, topics: ['breaking'] })).status).toBe(400);
    const topic = await post({ subscription: good, topics: ['allt'] });
    expect(topic.status).toBe(400);
    expect(topic.body.issues[0].message).toBe("A topic is 'breaking', 'series:{id}' or 'live:{articleId}'");
    expect((await post({ topics: ['breaking'] })).status).toBe(400);
  });

  it("allows the browsers' push services by default and nothing that only resembles them", async () => {
    const open = await startTestServer({ database: server.database, env: { TRUST_PROXY: '1' } });
    try {
      const keys = service.subscribe().json.keys;
      const status = async (endpoint: string) =>
        (await postSubscription(new HttpClient(open.url), { subscription: { endpoint, keys }, topics: ['breaking'] })).status;
      expect(await status('https://fcm.googleapis.com/fcm/send/abc')).toBe(201);
      expect(await status('https://updates.push.services.mozilla.com/wpush/v2/abc')).toBe(201);
      expect(await status('https://web.push.apple.com/QGx1')).toBe(201);
      expect(await status('https://wns2-by3p.notify.windows.com/w/?token=abc')).toBe(201);
      expect(await status('https://fcm.googleapis.com.attacker.example/x')).toBe(400);
      expect(await status('https://fcm.googleapis.com:8443/x')).toBe(400);
      expect(await status(`${service.origin}/push/x`)).toBe(400);
      // web-push reads the host with Node's legacy url.parse, which ends it at ';' or a quote: these would call 127.0.0.1.
      const disguised = ['https://127.0.0.1;.notify.windows.com/x', 'https://127.0.0.1".notify.windows.com/x', "https://127.0.0.1'.notify.windows.com/x"];
      for (const endpoint of disguised) expect(await status(endpoint), endpoint).toBe(400);
      expect(await status('https://reader:secret@fcm.googleapis.com/x')).toBe(400);
      expect(await status('https://FCM.googleapis.com/x')).toBe(400);
      expect(await open.db('push_subscriptions').whereIn('endpoint', disguised).first()).toBeUndefined();
    } finally {
      await open.db('push_subscriptions').where('endpoint', 'not like', `${service.origin}%`).delete();
      await open.close();
    }
  });

  it('answers 429 with Retry-After to a client beyond 20 subscriptions a minute, while other clients go on', async () => {
    const client = new HttpClient(server.url);
    const answers = [];
    for (let n = 0; n < 21; n += 1) answers.push(await postSubscription(client, { subscription: service.subscribe().json, topics: ['series:999'] }, '10.17.9.9'));
    expect(answers.slice(0, 20).map((answer) => answer.status)).toEqual(Array(20).fill(201));
    expect(answers[20]!.status).toBe(429);
    expect(Number(answers[20]!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(answers[20]!.body).toMatchObject({ error: 'Too many push subscriptions from here. Try again in a minute.' });
    expect((await postSubscription(client, { subscription: service.subscribe().json, topics: ['series:999'] })).status).toBe(201);
  });
});

describe('alerts', () => {
  it('an editor sends breaking news: encrypted, VAPID-signed, in each reader\'s language, to breaking subscribers only', async () => {
    const swedish = await subscribe(['breaking'], 'sv');
    const english = await subscribe(['breaking', 'series:1'], 'en');
    const seriesOnly = await subscribe(['series:1'], 'en');
    const reader = await signedInUser(server.url, server.db);
    expect((await reader.client.post('/api/admin/push', { title: 'x', body: 'y', url: '/', topic: 'breaking' })).status).toBe(403);
    expect((await admin.client.post('/api/admin/push', { title: 'Larm', body: 'Text', url: 'https://elsewhere.example/', topic: 'breaking' })).status).toBe(400);

    const sent = await admin.client.post('/api/admin/push', {
      title: 'Regeringen har avgått', body: 'Statsministern lämnar in sin avskedsansökan.', url: '/article/42', topic: 'breaking',
      en: { title: 'The government has resigned', body: 'The prime minister hands in her resignation.' },
    });
    expect(sent.status).toBe(202);
    expect(sent.body.subscribers).toBeGreaterThanOrEqual(2);

    const [sv] = await pushesTo(swedish);
    const [en] = await pushesTo(english);
    expect(sv!.message).toMatchObject({ title: 'Regeringen har avgått', body: 'Statsministern lämnar in sin avskedsansökan.', url: '/article/42?ref=push', lang: 'sv' });
    expect(en!.message).toMatchObject({ title: 'The government has resigned', url: '/article/42?ref=push', lang: 'en' });
    const config = (await new HttpClient(server.url).get('/api/config')).body;
    expect(sv!.vapidPublicKey).toBe(config.vapidPublicKey);
    expect(sv!.claims).toMatchObject({ aud: service.origin, sub: 'mailto:larm@redaktion.example' });
    expect(sv!.urgency).toBe('high');
    expect(service.received.some((push) => push.subscriptionId === seriesOnly.id)).toBe(false);
  });

  it('a newly published episode alerts its series\' followers, and an episode published before does not', async () => {
    const now = new Date().toISOString();
    const [row] = await server.db('podcast_series').insert({ title: 'Morgonpasset', description: 'Nyheter', category: 'news', createdAt: now, updatedAt: now }).returning('id');
    const seriesId = Number((row as { id: number }).id);
    const follower = await subscribe([`series:${seriesId}`], 'en');
    const swedishFollower = await subscribe([`series:${seriesId}`], 'sv');
    await insertEpisode(server, { seriesId, title: 'Sänt i går' });
    const draft = await insertEpisode(server, { seriesId, title: 'Avsnitt 12: Valet', status: 'draft', publishedAt: null });

    expect((await admin.client.request('PUT', `/api/admin/podcasts/${draft}`, { status: 'published' })).status).toBe(200);
    const [alert] = await pushesTo(follower);
    expect(alert!.message).toMatchObject({ title: 'New episode: Morgonpasset', body: 'Avsnitt 12: Valet', url: `/podcast/${draft}?ref=push`, lang: 'en' });
    expect((await pushesTo(swedishFollower))[0]!.message).toMatchObject({ title: 'Nytt avsnitt: Morgonpasset' });
    // Another round of the worker finds nothing new to announce.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(service.received.filter((push) => push.subscriptionId === follower.id)).toHaveLength(1);
  });

  it('deletes a subscription whose push service answers 410, and a reader turns alerts off with DELETE', async () => {
    const ended = await subscribe(['breaking'], 'sv');
    service.end(ended.id);
    const leaving = await subscribe(['breaking'], 'sv');
    expect((await new HttpClient(server.url).delete('/api/push/subscriptions', { endpoint: leaving.json.endpoint })).status).toBe(204);
    expect((await new HttpClient(server.url).delete('/api/push/subscriptions', { endpoint: leaving.json.endpoint })).status).toBe(404);
    const staying = await subscribe(['breaking'], 'sv');

    await admin.client.post('/api/admin/push', { title: 'Nytt larm', body: 'Text', url: '/', topic: 'breaking' });
    await pushesTo(staying);
    for (let attempt = 0; attempt < 100; attempt += 1) {
      if (!(await server.db('push_subscriptions').where({ endpoint: ended.json.endpoint }).first())) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(await server.db('push_subscriptions').where({ endpoint: ended.json.endpoint }).first()).toBeUndefined();
    expect(service.received.some((push) => push.subscriptionId === leaving.id)).toBe(false);
  });

  it("a signed-in reader's devices are in the data export and go with the account", async () => {
    const reader = await signedInUser(server.url, server.db);
    const device = await subscribe(['breaking', 'series:7'], 'sv', reader.client);
    const exported = (await reader.client.get('/api/user/export')).body;
    expect(exported.pushAlerts).toEqual([{ endpoint: device.json.endpoint, locale: 'sv', topics: expect.arrayContaining(['breaking', 'series:7']) }]);
    await reader.client.delete('/api/user', { password: reader.password });
    expect(await server.db('push_subscriptions').where({ endpoint: device.json.endpoint }).first()).toBeUndefined();
  });
});

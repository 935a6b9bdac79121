import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { stockholmDay } from '@redaktion/shared';
import { createDb, migrate, type Db } from '../src/db/connection.js';
import { bodyColumns } from '../src/services/content/article-body.js';
import { createTestDatabase, engine, startTestServer, type TestServer } from './support/test-server.js';
import {
  serverWithStripe, STRIPE_PUBLISHABLE_KEY, STRIPE_SECRET, STRIPE_WEBHOOK_SECRET, type StripeStandIn,
} from './support/stripe-server.js';
import { signedInUser } from './support/users.js';
import { insertArticle } from './support/fixtures.js';

/**
 * Subscriptions and passes started and completed from each article (contract §9 [insight]): counted from the
 * `fromArticleId` that create-subscription and create-pass carry, and never stored on the reader.
 */

const running = serverWithStripe();
let stripe: StripeStandIn;
let server: TestServer;
/** The article readers come from: an id no other row holds by chance, so a search for it finds what names the article. */
const ARTICLE = 900_001;

type Row = Record<string, unknown>;
/** The counted conversions, oldest first, as the rollup reads them. */
const conversions = () => server.db('insight_conversions').orderBy('id').select('kind', 'stage', 'articleId', 'day');
const counted = (kind: 'subscription' | 'pass', stage: 'started' | 'completed', articleId: number | null) => ({ kind, stage, articleId, day: stockholmDay() });

let events = 0;
/** A subscription event as Stripe sends it: the handler asks Stripe for the subscription's state now. */
const subscriptionEvent = (subscriptionId: string, type = 'customer.subscription.updated', id = `evt_conv_${(events += 1)}`) =>
  stripe.deliver(server.url, STRIPE_WEBHOOK_SECRET, { id, type, object: { ...stripe.subscriptions.get(subscriptionId)!, object: 'subscription' } });
/** The first invoice paid: it names the subscription through its parent, as Stripe's current API does. */
const invoicePaid = (subscriptionId: string, id = `evt_conv_${(events += 1)}`) => stripe.deliver(server.url, STRIPE_WEBHOOK_SECRET, {
  id, type: 'invoice.paid',
  object: { id: `in_${id}`, object: 'invoice', customer: stripe.subscriptions.get(subscriptionId)!.customer, parent: { subscription_details: { subscription: subscriptionId } } },
});
const intentSucceeded = (intentId: string, id = `evt_conv_${(events += 1)}`) =>
  stripe.deliver(server.url, STRIPE_WEBHOOK_SECRET, { id, type: 'payment_intent.succeeded', object: { ...stripe.paymentIntents.get(intentId)!, object: 'payment_intent' } });
const intentOf = (clientSecret: string) => /^(pi_\w+?)_secret_/.exec(clientSecret)![1]!;

/** Every row of every table, as JSON, by table. */
async function everyRow(): Promise<Map<string, Set<string>>> {
  const tables: { name: string }[] = engine === 'postgres'
    ? (await server.db.raw(`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`)).rows
    : await server.db.raw(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`);
  const rows = new Map<string, Set<string>>();
  for (const { name } of tables) rows.set(name, new Set(((await server.db(name).select()) as Row[]).map((row) => JSON.stringify(row))));
  return rows;
}

/** The tables whose rows written since `before` hold `id` in any column, whole or as a word of a text. */
async function writtenHolding(before: Map<string, Set<string>>, id: number): Promise<string[]> {
  const holds = (value: unknown) => value === id || (typeof value === 'string' && new RegExp(`\\b${id}\\b`).test(value));
  const found = new Set<string>();
  for (const [table, rows] of await everyRow()) {
    for (const row of rows) {
      if (!before.get(table)?.has(row) && Object.values(JSON.parse(row) as Row).some(holds)) found.add(table);
    }
  }
  return [...found];
}

beforeAll(async () => {
  ({ stripe, server } = running);
  await insertArticle(server, { id: ARTICLE, premium: true });
});
beforeEach(async () => { await server.db('insight_conversions').delete(); });

describe('a subscription from an article', () => {
  it('is counted as started with the article; nothing of the reader, the account or the checkout names the article', async () => {
    const reader = await signedInUser(server.url, server.db);
    const before = await everyRow();
    const started = await reader.client.post('/api/create-subscription', { plan: 'monthly', fromArticleId: ARTICLE });
    expect(started.status).toBe(200);
    expect(await conversions()).toEqual([counted('subscription', 'started', ARTICLE)]);
    // The article goes with the subscription in Stripe, for its completion to be counted from.
    expect(stripe.subscriptions.get(started.body.subscriptionId)!.metadata).toMatchObject({ fromArticleId: String(ARTICLE) });

    stripe.setSubscription(started.body.subscriptionId, { status: 'active' });
    await subscriptionEvent(started.body.subscriptionId);
    // Only the counts name the article, and they hold no one: no user, no checkout, no hash.
    expect(await writtenHolding(before, ARTICLE)).toEqual(['insight_conversions']);
    expect(Object.keys(await server.db('insight_conversions').columnInfo()).sort()).toEqual(['articleId', 'at', 'day', 'id', 'kind', 'stage']);
    expect(Object.keys(await server.db('checkouts').columnInfo())).not.toContain('fromArticleId');
  });

  it('is counted as completed once, however often and in whatever order Stripe tells us, from the subscription’s own article', async () => {
    const reader = await signedInUser(server.url, server.db);
    const started = await reader.client.post('/api/create-subscription', { plan: 'yearly', fromArticleId: ARTICLE });
    const id = started.body.subscriptionId as string;
    // Made but not paid: not completed.
    await subscriptionEvent(id, 'customer.subscription.created', 'evt_conv_created');
    expect(await conversions()).toEqual([counted('subscription', 'started', ARTICLE)]);

    stripe.setSubscription(id, { status: 'active' });
    // The payment's events come before the creation's late copy, and each of them twice.
    expect(await invoicePaid(id, 'evt_conv_paid')).toEqual({ status: 200, body: { received: true } });
    await subscriptionEvent(id, 'customer.subscription.updated', 'evt_conv_active');
    await invoicePaid(id, 'evt_conv_paid');
    await subscriptionEvent(id, 'customer.subscription.created');
    await subscriptionEvent(id, 'customer.subscription.updated', 'evt_conv_active');
    expect(await conversions()).toEqual([counted('subscription', 'started', ARTICLE), counted('subscription', 'completed', ARTICLE)]);
    expect((await reader.client.get('/api/user')).body.subscriptionStatus).toBe('active');
  });

  it('counts a trial as completed as it begins, once', async () => {
    const admin = await signedInUser(server.url, server.db, { role: 'admin' });
    await admin.client.post('/api/admin/offers', { code: 'PROVA-CONV', name: 'Två veckor gratis', kind: 'trial', value: 14, plans: ['monthly'] });
    const reader = await signedInUser(server.url, server.db);
    const started = await reader.client.post('/api/create-subscription', { plan: 'monthly', offer: 'PROVA-CONV', fromArticleId: ARTICLE });
    expect(started.body.intent).toBe('setup');
    await subscriptionEvent(started.body.subscriptionId, 'customer.subscription.created');
    expect(await conversions()).toEqual([counted('subscription', 'started', ARTICLE), counted('subscription', 'completed', ARTICLE)]);
  });

  it('is counted without an article when it names none, or one that is not published', async () => {
    const draft = await insertArticle(server, { status: 'draft' });
    const scheduled = await insertArticle(server, { publishedAt: new Date(Date.now() + 3_600_000).toISOString() });
    const ids: string[] = [];
    for (const fromArticleId of [undefined, draft, scheduled, 987_654]) {
      const reader = await signedInUser(server.url, server.db);
      const started = await reader.client.post('/api/create-subscription', { plan: 'monthly', ...(fromArticleId ? { fromArticleId } : {}) });
      expect(started.status).toBe(200);
      ids.push(started.body.subscriptionId);
    }
    for (const id of ids) {
      stripe.setSubscription(id, { status: 'active' });
      await subscriptionEvent(id);
    }
    expect(await conversions()).toEqual([
      ...ids.map(() => counted('subscription', 'started', null)), ...ids.map(() => counted('subscription', 'completed', null)),
    ]);
  });
});

describe('a pass from an article', () => {
  it('is counted as started, and as completed once when paid, with the article; nothing of the reader names it', async () => {
    const reader = await signedInUser(server.url, server.db);
    const before = await everyRow();
    const started = await reader.client.post('/api/create-pass', { pass: 'month', fromArticleId: ARTICLE });
    expect(started.status).toBe(200);
    const intent = intentOf(started.body.clientSecret);
    expect(stripe.paymentIntents.get(intent)!.metadata).toMatchObject({ fromArticleId: String(ARTICLE) });
    // Not yet paid: Stripe's word that it succeeded is checked against the intent as it is.
    await intentSucceeded(intent);
    expect(await conversions()).toEqual([counted('pass', 'started', ARTICLE)]);

    stripe.pay(intent);
    await intentSucceeded(intent, 'evt_conv_pass_2');
    await intentSucceeded(intent, 'evt_conv_pass_1');
    await intentSucceeded(intent, 'evt_conv_pass_2');
    expect(await conversions()).toEqual([counted('pass', 'started', ARTICLE), counted('pass', 'completed', ARTICLE)]);
    expect((await reader.client.get('/api/user')).body.accessUntil).not.toBeNull();
    expect(await writtenHolding(before, ARTICLE)).toEqual(['insight_conversions']);
  });

  it('is counted without an article when the id is not a published article', async () => {
    const reader = await signedInUser(server.url, server.db);
    const draft = await insertArticle(server, { status: 'draft' });
    const started = await reader.client.post('/api/create-pass', { pass: 'year', fromArticleId: draft });
    stripe.pay(intentOf(started.body.clientSecret));
    await intentSucceeded(intentOf(started.body.clientSecret));
    expect(await conversions()).toEqual([counted('pass', 'started', null), counted('pass', 'completed', null)]);
  });
});

describe('a checkout made before the conversions were counted', () => {
  it('keeps its row without the article, and its completion is not counted', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'redaktion-conversions-'));
    const database = await createTestDatabase();
    let old: TestServer | undefined;
    try {
      const db: Db = createDb({ databaseUrl: database.url, sqliteFile: path.join(dataDir, 'redaktion.sqlite') });
      await migrate(db, { before: '20261127_26_02' });
      const now = new Date().toISOString();
      const [user] = await db('users').insert({ username: 'tidig', email: 'tidig@example.se', password: 'x', stripeCustomerId: 'cus_before', createdAt: now, updatedAt: now }, ['id']);
      const [article] = await db('articles').insert({
        title: 'Förr', excerpt: 'Ingress', content: 'Text.', ...bodyColumns('Text.'), category: 'news', author: 'A', readTime: 1, status: 'published',
        publishedAt: now, featured: false, categoryFeatured: false, premium: false, createdAt: now, updatedAt: now,
      }, ['id']);
      await db('checkouts').insert({ stripeId: 'sub_before', userId: user.id, kind: 'subscription', product: 'monthly', fromArticleId: article.id, createdAt: now });
      await db.destroy();
      stripe.subscriptions.set('sub_before', {
        id: 'sub_before', object: 'subscription', customer: 'cus_before', status: 'active', metadata: { plan: 'monthly', fromArticleId: String(article.id) }, items: { object: 'list', data: [] },
      });

      old = await startTestServer({
        database: { url: database.url, dataDir },
        env: { STRIPE_SECRET_KEY: STRIPE_SECRET, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE: stripe.origin },
      });
      expect(await old.db('checkouts').where({ stripeId: 'sub_before' }).first())
        .toEqual({ stripeId: 'sub_before', userId: user.id, kind: 'subscription', product: 'monthly', offerId: null, createdAt: expect.anything(), completionCountedAt: expect.anything() });
      const delivered = await stripe.deliver(old.url, STRIPE_WEBHOOK_SECRET, { id: 'evt_conv_before', type: 'customer.subscription.updated', object: stripe.subscriptions.get('sub_before')! });
      expect(delivered.status).toBe(200);
      expect((await old.db('users').where({ id: user.id }).first()).subscriptionStatus).toBe('active');
      expect(await old.db('insight_conversions').select()).toEqual([]);
    } finally {
      await old?.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

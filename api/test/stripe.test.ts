import { beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './support/http-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { serverWithStripe, STRIPE_PUBLISHABLE_KEY, STRIPE_SECRET, STRIPE_WEBHOOK_SECRET, type StripeStandIn } from './support/stripe-server.js';
import { signedInUser } from './support/users.js';
import { insertArticle } from './support/fixtures.js';

const running = serverWithStripe({
  // Premium is then for subscribers only: what the subscription opens is plain.
  METER_FREE_ARTICLES: '0',
  // Koa then believes X-Forwarded-Host: the provider-facing return address must not.
  TRUST_PROXY: '1',
});
let stripe: StripeStandIn;
let server: TestServer;
beforeAll(async () => {
  ({ stripe, server } = running);
});

/** Delivers an event the way Stripe does: JSON body, Stripe-Signature made with the webhook secret. */
const deliver = (event: { id: string; type: string; object: Record<string, unknown> }, secret = STRIPE_WEBHOOK_SECRET) => stripe.deliver(server.url, secret, event);
const event = (id: string, type: string, object: Record<string, unknown>) => ({ id, type, object });

describe('payments configuration', () => {
  it('tells the browser payments are on, with the publishable key', async () => {
    const config = await new HttpClient(server.url).get('/api/config');
    expect(config.body.payments).toEqual({ enabled: true, publishableKey: STRIPE_PUBLISHABLE_KEY, passPrices: { month: 149, year: 1490 } });
  });

  it('answers 503 when Stripe is not configured', async () => {
    const plain = await startTestServer();
    try {
      const user = await signedInUser(plain.url, plain.db);
      const response = await user.client.post('/api/create-subscription', { plan: 'monthly' });
      expect(response.status).toBe(503);
      expect(response.body).toEqual({ error: 'Stripe is not configured', code: 'not_configured' });
    } finally {
      await plain.close();
    }
  });
});

describe('subscribing', () => {
  it('creates the customer once, the plan prices once, and answers the client secret', async () => {
    const user = await signedInUser(server.url, server.db);
    const first = await user.client.post('/api/create-subscription', { plan: 'monthly' });
    expect(first.status).toBe(200);
    expect(first.body.clientSecret).toMatch(/^pi_\w+_secret_/);
    const row = await server.db('users').where({ id: user.id }).first();
    expect(row.stripeCustomerId).toMatch(/^cus_/);
    expect(row).toMatchObject({ subscriptionStatus: 'incomplete', subscriptionPlan: 'monthly', stripeSubscriptionId: first.body.subscriptionId });

    const again = await user.client.post('/api/create-subscription', { plan: 'yearly' });
    expect(again.status).toBe(200);
    const customerCreations = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/customers');
    expect(customerCreations).toHaveLength(1);
    const priceCreations = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/prices').map((r) => new URLSearchParams(r.body));
    expect(priceCreations.map((p) => [p.get('unit_amount'), p.get('currency'), p.get('recurring[interval]')])).toEqual([
      ['19900', 'sek', 'month'], ['199000', 'sek', 'year'],
    ]);
    const subscriptionCall = new URLSearchParams(stripe.requests.find((r) => r.path === '/v1/subscriptions' && r.method === 'POST')!.body);
    expect(subscriptionCall.get('payment_behavior')).toBe('default_incomplete');

    await signedInUser(server.url, server.db).then((other) => other.client.post('/api/create-subscription', { plan: 'monthly' }));
    expect(stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/prices')).toHaveLength(2);
  });

  it('refuses an unknown plan (400) and a signed-out visitor (401)', async () => {
    const user = await signedInUser(server.url, server.db);
    const unknown = await user.client.post('/api/create-subscription', { plan: 'weekly' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe("Plan must be 'monthly' or 'yearly'");
    expect((await new HttpClient(server.url).post('/api/create-subscription', { plan: 'monthly' })).status).toBe(401);
  });

  it('subscribes to the price STRIPE_PRICE_MONTHLY names, without looking for or creating one', async () => {
    const made = await fetch(`${stripe.origin}/v1/prices`, {
      method: 'POST', headers: { Authorization: `Bearer ${STRIPE_SECRET}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ currency: 'sek', unit_amount: '14900', 'recurring[interval]': 'month' }),
    });
    const price = ((await made.json()) as { id: string }).id;
    const configured = await startTestServer({
      env: { STRIPE_SECRET_KEY: STRIPE_SECRET, STRIPE_PUBLISHABLE_KEY: STRIPE_PUBLISHABLE_KEY, STRIPE_API_BASE: stripe.origin, STRIPE_PRICE_MONTHLY: ` ${price} ` },
    });
    try {
      const before = stripe.requests.length;
      const user = await signedInUser(configured.url, configured.db);
      expect((await user.client.post('/api/create-subscription', { plan: 'monthly' })).status).toBe(200);
      const calls = stripe.requests.slice(before);
      expect(calls.filter((r) => r.path.startsWith('/v1/prices'))).toEqual([]);
      const subscriptionCall = new URLSearchParams(calls.find((r) => r.path === '/v1/subscriptions' && r.method === 'POST')!.body);
      expect(subscriptionCall.get('items[0][price]')).toBe(price);
    } finally {
      await configured.close();
    }
  });
});

describe('the webhook', () => {
  it('refuses a bad signature with 400 and changes nothing', async () => {
    const response = await deliver(event('evt_forged', 'customer.subscription.updated', { id: 'sub_x', object: 'subscription' }), 'whsec_wrong');
    expect(response.status).toBe(400);
    const unsigned = await fetch(`${server.url}/api/stripe/webhook`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(unsigned.status).toBe(400);
  });

  it('keeps the status in step with Stripe, once per event, and premium content follows', async () => {
    const user = await signedInUser(server.url, server.db);
    const { subscriptionId } = (await user.client.post('/api/create-subscription', { plan: 'yearly' })).body;
    const premium = await insertArticle(server, { premium: true, content: 'Bara för prenumeranter.' });
    expect((await user.client.get(`/api/articles/${premium}`)).body.locked).toBe(true);

    stripe.setSubscription(subscriptionId, { status: 'active' });
    const paid = await deliver(event('evt_paid_1', 'invoice.paid', {
      id: 'in_1', object: 'invoice', parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
    }));
    expect(paid).toEqual({ status: 200, body: { received: true } });
    let row = await server.db('users').where({ id: user.id }).first();
    expect(row).toMatchObject({ subscriptionStatus: 'active', subscriptionPlan: 'yearly' });
    expect((await user.client.get(`/api/articles/${premium}`)).body.content).toBe('Bara för prenumeranter.');

    const lookupsBefore = stripe.requests.filter((r) => r.path === `/v1/subscriptions/${subscriptionId}`).length;
    const duplicate = await deliver(event('evt_paid_1', 'invoice.paid', { id: 'in_1', object: 'invoice', parent: { subscription_details: { subscription: subscriptionId } } }));
    expect(duplicate.body).toEqual({ received: true, duplicate: true });
    expect(stripe.requests.filter((r) => r.path === `/v1/subscriptions/${subscriptionId}`)).toHaveLength(lookupsBefore);

    // Out of order: a late "created" event must not undo the payment; the current state is asked of Stripe.
    await deliver(event('evt_created_late', 'customer.subscription.created', { id: subscriptionId, object: 'subscription', status: 'incomplete' }));
    row = await server.db('users').where({ id: user.id }).first();
    expect(row.subscriptionStatus).toBe('active');

    stripe.setSubscription(subscriptionId, { status: 'past_due' });
    await deliver(event('evt_failed', 'invoice.payment_failed', { id: 'in_2', object: 'invoice', parent: { subscription_details: { subscription: subscriptionId } } }));
    expect((await server.db('users').where({ id: user.id }).first()).subscriptionStatus).toBe('past_due');
    expect((await user.client.get(`/api/articles/${premium}`)).body.locked).toBe(true);

    stripe.setSubscription(subscriptionId, { status: 'canceled' });
    await deliver(event('evt_deleted', 'customer.subscription.deleted', { id: subscriptionId, object: 'subscription', status: 'canceled' }));
    expect((await server.db('users').where({ id: user.id }).first()).subscriptionStatus).toBe('canceled');
  });

  it('acknowledges and ignores a signed event about a customer no user has, or a subscription Stripe does not know', async () => {
    const before = stripe.requests.length;
    const stranger = await deliver(event('evt_stranger', 'customer.subscription.updated',
      { id: 'sub_elsewhere', object: 'subscription', customer: 'cus_no_user_here', status: 'active' }));
    expect(stranger).toEqual({ status: 200, body: { received: true } });
    expect(stripe.requests.length).toBe(before);
    const vanished = await deliver(event('evt_vanished', 'invoice.paid',
      { id: 'in_9', object: 'invoice', parent: { subscription_details: { subscription: 'sub_never_was' } } }));
    expect(vanished).toEqual({ status: 200, body: { received: true } });
    expect(await server.db('users').where({ subscriptionStatus: 'active', stripeCustomerId: 'cus_no_user_here' }).first()).toBeUndefined();
  });

  it('acknowledges events it does not handle', async () => {
    expect((await deliver(event('evt_other', 'customer.created', { id: 'cus_1', object: 'customer' }))).body).toEqual({ received: true });
  });
});

describe('after paying', () => {
  it('tells the payer whether the payment went through, and nobody else', async () => {
    const user = await signedInUser(server.url, server.db);
    const { subscriptionId } = (await user.client.post('/api/create-subscription', { plan: 'monthly' })).body;
    const intent = String(stripe.subscriptions.get(subscriptionId)!.payment_intent);
    stripe.setPaymentIntent(intent, { status: 'succeeded' });
    const status = await user.client.get(`/api/subscription/status?payment_intent=${intent}`);
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ paymentStatus: 'succeeded', subscriptionPlan: 'monthly' });

    const stranger = await signedInUser(server.url, server.db);
    expect((await stranger.client.get(`/api/subscription/status?payment_intent=${intent}`)).status).toBe(404);
    expect((await user.client.get('/api/subscription/status?payment_intent=pi_unknown')).status).toBe(404);
    expect((await user.client.get('/api/subscription/status?payment_intent=not-an-id')).status).toBe(400);
  });

  it("opens Stripe's billing portal for a customer, and refuses a reader who never subscribed", async () => {
    const user = await signedInUser(server.url, server.db);
    await user.client.post('/api/create-subscription', { plan: 'monthly' });
    // The return address is the server's own (no PUBLIC_ORIGIN here), whatever host the request claimed.
    const portal = await user.client.request('POST', '/api/billing-portal', {}, { 'X-Forwarded-Host': 'evil.example' });
    expect(portal.status).toBe(200);
    expect(portal.body.url).toMatch(/^https:\/\/billing\.stripe\.com\//);
    const call = new URLSearchParams(stripe.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1)!.body);
    expect(call.get('return_url')).toBe('http://127.0.0.1:3000/dashboard');
    const never = await signedInUser(server.url, server.db);
    expect((await never.client.post('/api/billing-portal')).status).toBe(400);
  });
});

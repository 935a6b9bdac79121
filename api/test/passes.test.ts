import { beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './support/http-client.js';
import type { TestServer } from './support/test-server.js';
import { serverWithStripe, STRIPE_WEBHOOK_SECRET, type StripeStandIn } from './support/stripe-server.js';
import { signedInUser } from './support/users.js';
import { insertArticle } from './support/fixtures.js';
import { mailsIn, waitForFolderMail } from './support/mail-folder.js';

const DAY = 24 * 60 * 60 * 1000;
const running = serverWithStripe({
  PASS_PRICE_MONTH_SEK: '129',
  // Premium is then for entitled readers only: what a pass opens is plain.
  METER_FREE_ARTICLES: '0',
});
let stripe: StripeStandIn;
let server: TestServer;
beforeAll(async () => {
  ({ stripe, server } = running);
});

let events = 0;
const succeeded = (intentId: string, id = `evt_pi_${(events += 1)}`) =>
  stripe.deliver(server.url, STRIPE_WEBHOOK_SECRET, { id, type: 'payment_intent.succeeded', object: { ...stripe.paymentIntents.get(intentId)!, object: 'payment_intent' } });
const accessUntil = async (client: HttpClient) => (await client.get('/api/user')).body.accessUntil as string | null;

/** Buys a pass through the API and has Stripe take the payment at `paidAt`. */
async function buy(reader: Awaited<ReturnType<typeof signedInUser>>, pass: 'month' | 'year', paidAt = new Date()) {
  const started = await reader.client.post('/api/create-pass', { pass });
  expect(started.status).toBe(200);
  const intentId = /^(pi_\w+?)_secret_/.exec(started.body.clientSecret)![1]!;
  stripe.pay(intentId, paidAt);
  return intentId;
}

describe('buying a pass', () => {
  it('answers the client secret of a SEK PaymentIntent for Swish and card at the configured price', async () => {
    const reader = await signedInUser(server.url, server.db);
    const article = await insertArticle(server, { premium: true });
    const month = await reader.client.post('/api/create-pass', { pass: 'month', fromArticleId: article });
    expect(month.status).toBe(200);
    expect(month.body).toEqual({ clientSecret: expect.stringMatching(/^pi_\w+_secret_/) });
    const intent = [...stripe.paymentIntents.values()].at(-1)!;
    expect(intent).toMatchObject({ amount: 12900, currency: 'sek', payment_method_types: ['swish', 'card'], metadata: { pass: 'month', fromArticleId: String(article) } });
    expect(await server.db('checkouts').where({ stripeId: intent.id }).first()).toMatchObject({ kind: 'pass', product: 'month' });

    expect((await reader.client.post('/api/create-pass', { pass: 'year' })).status).toBe(200);
    expect([...stripe.paymentIntents.values()].at(-1)).toMatchObject({ amount: 149000, payment_method_types: ['swish', 'card'] });
    // One customer for both.
    expect(new Set([...stripe.paymentIntents.values()].slice(-2).map((i) => i.customer)).size).toBe(1);
  });

  it('refuses a signed-out visitor (401) and an unknown pass (400); the prices are in the config', async () => {
    expect((await new HttpClient(server.url).post('/api/create-pass', { pass: 'month' })).status).toBe(401);
    const reader = await signedInUser(server.url, server.db);
    const week = await reader.client.post('/api/create-pass', { pass: 'week' });
    expect(week.status).toBe(400);
    expect(week.body.error).toBe("Pass must be 'month' or 'year'");
    expect((await new HttpClient(server.url).get('/api/config')).body.payments.passPrices).toEqual({ month: 129, year: 1490 });
  });
});

describe('the pass webhook', () => {
  it('gives access for 30 days from the payment, once however often Stripe tells us, and sends the receipt', async () => {
    const reader = await signedInUser(server.url, server.db);
    const premium = await insertArticle(server, { premium: true, content: 'Bara för betalande.' });
    expect((await reader.client.get(`/api/articles/${premium}`)).body.locked).toBe(true);

    const paidAt = new Date(Date.now() - 60_000);
    const intent = await buy(reader, 'month', paidAt);
    expect(await succeeded(intent, 'evt_month_1')).toEqual({ status: 200, body: { received: true } });
    const until = await accessUntil(reader.client);
    expect(Date.parse(until!)).toBe(Math.floor(paidAt.getTime() / 1000) * 1000 + 30 * DAY);
    expect((await reader.client.get(`/api/articles/${premium}`)).body.content).toBe('Bara för betalande.');

    // The same event again, and another event naming the same intent: nothing changes twice.
    expect((await succeeded(intent, 'evt_month_1')).body).toEqual({ received: true, duplicate: true });
    await succeeded(intent);
    expect(await accessUntil(reader.client)).toBe(until);

    const receipt = await waitForFolderMail(server.config.mailDir, reader.email);
    expect(receipt.subject).toBe('Ditt kvitto från Redaktion');
    expect(receipt.text).toContain('129,00 kr inkl. 6 % moms (7,30 kr)');
    expect(receipt.text).toContain(intent);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await mailsIn(server.config.mailDir)).filter((mail) => mail.to.includes(reader.email))).toHaveLength(1);
  });

  it('extends from the later of the payment and the current end, whatever order the events come in', async () => {
    const reader = await signedInUser(server.url, server.db);
    const first = await buy(reader, 'month', new Date(Date.now() - 2 * DAY));
    const second = await buy(reader, 'year', new Date(Date.now() - DAY));
    // The later payment's event comes first.
    await succeeded(second);
    const afterSecond = Date.parse((await accessUntil(reader.client))!);
    expect(afterSecond).toBeGreaterThan(Date.now() + 363 * DAY);
    await succeeded(first);
    const paid = (offset: number) => Math.floor((Date.now() - offset) / 1000) * 1000;
    const expected = Math.max(paid(2 * DAY) + 30 * DAY, paid(DAY)) + 365 * DAY;
    expect(Math.abs(Date.parse((await accessUntil(reader.client))!) - expected)).toBeLessThan(2000);
  });

  it('ends the access a refunded pass gave, and a late success of it gives none', async () => {
    const reader = await signedInUser(server.url, server.db);
    const intent = await buy(reader, 'month');
    await succeeded(intent);
    expect(await accessUntil(reader.client)).not.toBeNull();
    const charge = stripe.refund(intent);
    await stripe.deliver(server.url, STRIPE_WEBHOOK_SECRET, { id: 'evt_refund_1', type: 'charge.refunded', object: { ...charge, customer: stripe.paymentIntents.get(intent)!.customer } });
    expect(await accessUntil(reader.client)).toBeNull();
    const premium = await insertArticle(server, { premium: true });
    expect((await reader.client.get(`/api/articles/${premium}`)).body.locked).toBe(true);
    await succeeded(intent);
    expect(await accessUntil(reader.client)).toBeNull();

    // A refund that arrives before the success: the pass is recorded refunded and gives nothing.
    const other = await signedInUser(server.url, server.db);
    const early = await buy(other, 'month');
    const refunded = stripe.refund(early);
    await stripe.deliver(server.url, STRIPE_WEBHOOK_SECRET, { id: 'evt_refund_2', type: 'charge.refunded', object: { ...refunded, customer: stripe.paymentIntents.get(early)!.customer } });
    await succeeded(early);
    expect(await accessUntil(other.client)).toBeNull();
  });

  it('ignores a subscription invoice’s intent and an intent of a customer no user has', async () => {
    const reader = await signedInUser(server.url, server.db);
    const { subscriptionId } = (await reader.client.post('/api/create-subscription', { plan: 'monthly' })).body;
    const invoiceIntent = String(stripe.subscriptions.get(subscriptionId)!.payment_intent);
    stripe.pay(invoiceIntent);
    await succeeded(invoiceIntent);
    expect(await accessUntil(reader.client)).toBeNull();
    expect(await server.db('passes').where({ paymentIntentId: invoiceIntent }).first()).toBeUndefined();
    const stranger = await stripe.deliver(server.url, STRIPE_WEBHOOK_SECRET, { id: 'evt_stranger_pi', type: 'payment_intent.succeeded', object: { id: 'pi_elsewhere', object: 'payment_intent', customer: 'cus_nobody' } });
    expect(stranger).toEqual({ status: 200, body: { received: true } });
  });
});

describe('the end of a pass', () => {
  it('reminds the reader three days before, once per end, and again after a renewal moves it', async () => {
    const reader = await signedInUser(server.url, server.db);
    await succeeded(await buy(reader, 'month', new Date(Date.now() - 28 * DAY)));
    const mine = async () => (await mailsIn(server.config.mailDir)).filter((mail) => mail.to.includes(reader.email) && mail.subject.includes('snart slut'));
    await waitForFolderMail(server.config.mailDir, reader.email); // the receipt

    expect(await server.services.passes.remindEndingPasses()).toBeGreaterThanOrEqual(1);
    expect(await server.services.passes.remindEndingPasses()).toBe(0);
    await expect.poll(async () => (await mine()).length, { timeout: 10_000 }).toBe(1);
    expect((await mine())[0]!.subject).toBe('Ditt pass hos Redaktion tar snart slut');

    // A renewal now moves the end 30 days on: nothing is due until then.
    await succeeded(await buy(reader, 'month'));
    await server.services.passes.remindEndingPasses();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await mine()).toHaveLength(1);

    // A subscriber needs no reminder; a reader whose pass has ended gets none either.
    const subscriber = await signedInUser(server.url, server.db);
    await succeeded(await buy(subscriber, 'month', new Date(Date.now() - 28 * DAY)));
    await server.db('users').where({ id: subscriber.id }).update({ subscriptionStatus: 'active' });
    const ended = await signedInUser(server.url, server.db);
    await succeeded(await buy(ended, 'month', new Date(Date.now() - 31 * DAY)));
    await server.services.passes.remindEndingPasses();
    expect(await server.db('pass_reminders').whereIn('userId', [subscriber.id, ended.id])).toEqual([]);
  });

  it('closes the private podcast feed when the pass ends', async () => {
    const reader = await signedInUser(server.url, server.db);
    await succeeded(await buy(reader, 'month'));
    const feeds = await reader.client.get('/api/podcast-feeds');
    expect(feeds.status).toBe(200);
    await server.db('users').where({ id: reader.id }).update({ accessUntil: new Date(Date.now() - 1000).toISOString() });
    expect((await reader.client.get('/api/podcast-feeds')).status).toBe(403);
  });

  it('lists the passes in the account export, and deleting the account deletes them', async () => {
    const reader = await signedInUser(server.url, server.db);
    await succeeded(await buy(reader, 'year'));
    const exported = await reader.client.get('/api/user/export');
    expect(exported.body.passes).toEqual([{ pass: 'year', amountSek: 1490, paidAt: expect.any(String), refundedAt: null }]);
    expect((await reader.client.delete('/api/user', { password: reader.password })).status).toBe(204);
    for (const table of ['passes', 'checkouts', 'pass_reminders']) expect(await server.db(table).where({ userId: reader.id })).toEqual([]);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './support/http-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { serverWithStripe, STRIPE_SECRET, STRIPE_WEBHOOK_SECRET, type StripeStandIn } from './support/stripe-server.js';
import { signedInUser } from './support/users.js';
import { insertArticle } from './support/fixtures.js';
import { waitForFolderMail } from './support/mail-folder.js';

let admin: Awaited<ReturnType<typeof signedInUser>>;
const running = serverWithStripe();
let stripe: StripeStandIn;
let server: TestServer;
beforeAll(async () => {
  ({ stripe, server } = running);
  admin = await signedInUser(server.url, server.db, { role: 'admin' });
});

const form = (body: URLSearchParams | undefined) => Object.fromEntries(body ?? []);
const lastCall = (method: string, path: string) => new URLSearchParams(stripe.requests.filter((r) => r.method === method && r.path === path).at(-1)?.body);
const subscriptionOf = (id: string) => server.db('users').where({ id }).first();
let codes = 0;
const code = (prefix: string) => `${prefix}${(codes += 1)}`;

describe('creating offers', () => {
  it('makes the coupon and the promotion code in Stripe, and lists the offer with its redemptions', async () => {
    const created = await admin.client.post('/api/admin/offers', {
      code: 'host-50', name: 'Höstkampanj', kind: 'percent', value: 50, duration: 'repeating', durationInMonths: 3, plans: ['monthly'], maxRedemptions: 100,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      code: 'HOST-50', name: 'Höstkampanj', kind: 'percent', value: 50, duration: 'repeating', durationInMonths: 3, plans: ['monthly'],
      active: true, maxRedemptions: 100, redemptions: 0, stripeCouponId: expect.stringMatching(/^co_/), stripePromotionCodeId: expect.stringMatching(/^promo_/),
    });
    expect(form(lastCall('POST', '/v1/coupons'))).toMatchObject({ percent_off: '50', duration: 'repeating', duration_in_months: '3', name: 'Höstkampanj' });
    expect(form(lastCall('POST', '/v1/promotion_codes'))).toMatchObject({
      code: 'HOST-50', 'promotion[type]': 'coupon', 'promotion[coupon]': created.body.stripeCouponId, max_redemptions: '100',
    });

    const list = await admin.client.get('/api/admin/offers');
    expect(list.body.find((offer: { id: number }) => offer.id === created.body.id)).toMatchObject({ code: 'HOST-50', redemptions: 0 });
  });

  it('takes whole SEK off as öre, and keeps a trial to our own rows', async () => {
    const amount = await admin.client.post('/api/admin/offers', { code: code('kr'), name: '50 kr', kind: 'amount', value: 50, duration: 'once', plans: ['monthly', 'yearly'] });
    expect(amount.status).toBe(201);
    expect(form(lastCall('POST', '/v1/coupons'))).toMatchObject({ amount_off: '5000', currency: 'sek', duration: 'once' });

    const before = stripe.requests.length;
    const trial = await admin.client.post('/api/admin/offers', { code: code('prova'), name: 'Två veckor gratis', kind: 'trial', value: 14, plans: ['monthly'] });
    expect(trial.status).toBe(201);
    expect(trial.body).toMatchObject({ kind: 'trial', value: 14, duration: 'once', stripeCouponId: null, stripePromotionCodeId: null });
    expect(stripe.requests.length).toBe(before);
  });

  it('refuses a taken code in any case (409), bad values (400) and readers (403)', async () => {
    const taken = await admin.client.post('/api/admin/offers', { code: 'Host-50', name: 'Igen', kind: 'percent', value: 10, duration: 'once', plans: ['monthly'] });
    expect(taken.status).toBe(409);
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'percent', value: 120, duration: 'once' }, 'A percentage is 1 to 100'],
      [{ kind: 'percent', value: 10, duration: 'repeating' }, 'Say for how many months'],
      [{ kind: 'trial', value: 14, duration: 'forever' }, "A trial's duration is its days: choose 'once'"],
      [{ kind: 'amount', value: 10.5, duration: 'once' }, 'Value must be a whole number'],
      [{ kind: 'percent', value: 10, duration: 'once', plans: [] }, 'Choose at least one plan'],
      [{ kind: 'percent', value: 10, duration: 'once', expiresAt: '2020-01-01T00:00:00Z' }, 'Expiry must lie ahead'],
      [{ kind: 'percent', value: 10, duration: 'once', code: 'a b' }, 'Code must be 3 to 40 letters, digits, "-" or "_"'],
    ];
    for (const [fields, message] of cases) {
      const response = await admin.client.post('/api/admin/offers', { code: code('bad'), name: 'Fel', plans: ['monthly'], ...fields });
      expect(response.status, message).toBe(400);
      expect((response.body.issues as { message: string }[]).map((issue) => issue.message)).toContain(message);
    }
    const reader = await signedInUser(server.url, server.db);
    expect((await reader.client.post('/api/admin/offers', { code: code('x'), name: 'X', kind: 'trial', value: 7, plans: ['monthly'] })).status).toBe(403);
    expect((await reader.client.get('/api/admin/offers')).status).toBe(403);
  });
});

describe('the public offer', () => {
  it('answers what the reader gets, for a code in any case', async () => {
    const found = await new HttpClient(server.url).get('/api/offers/host-50');
    expect(found.status).toBe(200);
    expect(found.body).toEqual({ code: 'HOST-50', name: 'Höstkampanj', kind: 'percent', value: 50, duration: 'repeating', durationInMonths: 3, plans: ['monthly'] });
  });

  it('answers 404 for an unknown, archived, expired or used-up code', async () => {
    const visitor = new HttpClient(server.url);
    expect((await visitor.get('/api/offers/NO-SUCH-CODE')).status).toBe(404);
    expect((await visitor.get('/api/offers/a%20b')).status).toBe(404);

    const archived = await admin.client.post('/api/admin/offers', { code: code('arkiv'), name: 'Arkiv', kind: 'percent', value: 20, duration: 'once', plans: ['monthly'] });
    expect((await visitor.get(`/api/offers/${archived.body.code}`)).status).toBe(200);
    const put = await admin.client.request('PUT', `/api/admin/offers/${archived.body.id}`, { active: false });
    expect(put.status).toBe(200);
    expect(put.body.active).toBe(false);
    expect(stripe.promotionCodes.get(archived.body.stripePromotionCodeId)!.active).toBe(false);
    expect((await visitor.get(`/api/offers/${archived.body.code}`)).status).toBe(404);
    expect((await admin.client.request('PUT', `/api/admin/offers/${archived.body.id}`, { active: true })).status).toBe(400);
    expect((await admin.client.request('PUT', '/api/admin/offers/999999', { active: false })).status).toBe(404);

    const soon = await admin.client.post('/api/admin/offers', {
      code: code('snart'), name: 'Snart slut', kind: 'trial', value: 7, plans: ['monthly'], expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    await server.db('offers').where({ id: soon.body.id }).update({ expiresAt: new Date(Date.now() - 1000).toISOString() });
    expect((await visitor.get(`/api/offers/${soon.body.code}`)).status).toBe(404);

    const once = await admin.client.post('/api/admin/offers', { code: code('en'), name: 'En gång', kind: 'trial', value: 7, plans: ['monthly'], maxRedemptions: 1 });
    const reader = await signedInUser(server.url, server.db);
    const started = await reader.client.post('/api/create-subscription', { plan: 'monthly', offer: once.body.code });
    expect(started.status).toBe(200);
    expect((await visitor.get(`/api/offers/${once.body.code}`)).status).toBe(404);
    const late = await signedInUser(server.url, server.db);
    expect((await late.client.post('/api/create-subscription', { plan: 'monthly', offer: once.body.code })).status).toBe(404);
  });

  it('throttles look-ups per client', async () => {
    const server2 = await startTestServer({ env: { STRIPE_SECRET_KEY: STRIPE_SECRET, STRIPE_PUBLISHABLE_KEY: 'pk', STRIPE_API_BASE: stripe.origin } });
    try {
      const visitor = new HttpClient(server2.url);
      const statuses: number[] = [];
      for (let i = 0; i < 31; i += 1) statuses.push((await visitor.get(`/api/offers/GUESS${i}`)).status);
      expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
      const refused = await visitor.get('/api/offers/GUESS99');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await server2.close();
    }
  });
});

describe('subscribing with an offer', () => {
  it('puts the promotion code, card and Klarna and the article on the subscription, records the offer, and counts the redemption once', async () => {
    const reader = await signedInUser(server.url, server.db);
    const article = await insertArticle(server, { premium: true });
    const started = await reader.client.post('/api/create-subscription', { plan: 'monthly', offer: 'host-50', fromArticleId: article });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ clientSecret: expect.stringMatching(/^pi_\w+_secret_/), intent: 'payment' });
    const call = form(lastCall('POST', '/v1/subscriptions'));
    const offer = (await admin.client.get('/api/admin/offers')).body.find((o: { code: string }) => o.code === 'HOST-50');
    expect(call).toMatchObject({
      'discounts[0][promotion_code]': offer.stripePromotionCodeId, 'payment_settings[payment_method_types][0]': 'card',
      'payment_settings[payment_method_types][1]': 'klarna', 'metadata[offer]': 'HOST-50', 'metadata[fromArticleId]': String(article),
    });
    expect(call.trial_period_days).toBeUndefined();
    expect(await server.db('checkouts').where({ stripeId: started.body.subscriptionId }).first())
      .toMatchObject({ kind: 'subscription', product: 'monthly', offerId: offer.id });

    // Not yet paid: no redemption. Paid: one, however often and in whatever order Stripe tells us.
    const subscriptionEvent = (id: string) => ({ id, type: 'customer.subscription.updated', object: { id: started.body.subscriptionId, object: 'subscription', customer: stripe.subscriptions.get(started.body.subscriptionId)!.customer } });
    await stripe.deliver(server.url, STRIPE_WEBHOOK_SECRET, subscriptionEvent('evt_offer_1'));
    expect((await admin.client.get('/api/admin/offers')).body.find((o: { code: string }) => o.code === 'HOST-50').redemptions).toBe(0);
    stripe.setSubscription(started.body.subscriptionId, { status: 'active' });
    await stripe.deliver(server.url, STRIPE_WEBHOOK_SECRET, subscriptionEvent('evt_offer_2'));
    await stripe.deliver(server.url, STRIPE_WEBHOOK_SECRET, subscriptionEvent('evt_offer_2'));
    await stripe.deliver(server.url, STRIPE_WEBHOOK_SECRET, subscriptionEvent('evt_offer_3'));
    expect((await admin.client.get('/api/admin/offers')).body.find((o: { code: string }) => o.code === 'HOST-50').redemptions).toBe(1);
    expect((await subscriptionOf(String(reader.id))).subscriptionStatus).toBe('active');
  });

  it('refuses a plan the offer does not cover (400) and an offer that does not exist (404)', async () => {
    const reader = await signedInUser(server.url, server.db);
    const yearly = await reader.client.post('/api/create-subscription', { plan: 'yearly', offer: 'HOST-50' });
    expect(yearly.status).toBe(400);
    expect(yearly.body.error).toBe('The offer HOST-50 does not cover the yearly plan');
    expect((await reader.client.post('/api/create-subscription', { plan: 'monthly', offer: 'NOPE-123' })).status).toBe(404);
  });

  it('gives a trial as trial days and a setup intent, once per account', async () => {
    const trial = await admin.client.post('/api/admin/offers', { code: code('gratis'), name: '14 dagar gratis', kind: 'trial', value: 14, plans: ['monthly', 'yearly'] });
    const reader = await signedInUser(server.url, server.db);
    const started = await reader.client.post('/api/create-subscription', { plan: 'yearly', offer: trial.body.code.toLowerCase() });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ clientSecret: expect.stringMatching(/^seti_\w+_secret_/), intent: 'setup' });
    const call = form(lastCall('POST', '/v1/subscriptions'));
    expect(call).toMatchObject({ trial_period_days: '14', 'trial_settings[end_behavior][missing_payment_method]': 'cancel', 'payment_settings[payment_method_types][1]': 'klarna' });
    expect(call['discounts[0][promotion_code]']).toBeUndefined();
    // Trialing is entitled at once, and counts as a redemption.
    expect(await subscriptionOf(String(reader.id))).toMatchObject({ subscriptionStatus: 'trialing', subscriptionPlan: 'yearly' });
    expect((await reader.client.get('/api/user')).body.subscriptionStatus).toBe('trialing');
    expect((await admin.client.get('/api/admin/offers')).body.find((o: { id: number }) => o.id === trial.body.id).redemptions).toBe(1);

    // Stripe's return address names the setup intent: the payer may ask how it went.
    const setupIntent = /^(seti_\w+?)_secret_/.exec(started.body.clientSecret)![1]!;
    const status = await reader.client.get(`/api/subscription/status?setup_intent=${setupIntent}`);
    expect(status.body).toMatchObject({ paymentStatus: 'requires_payment_method', subscriptionStatus: 'trialing' });
    expect((await (await signedInUser(server.url, server.db)).client.get(`/api/subscription/status?setup_intent=${setupIntent}`)).status).toBe(404);

    const again = await reader.client.post('/api/create-subscription', { plan: 'monthly', offer: trial.body.code });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('A trial is given once per account, and this account has had one');
  });

  it("e-mails the trial's reminder before the first charge", async () => {
    const trial = await admin.client.post('/api/admin/offers', { code: code('prova'), name: 'Prova', kind: 'trial', value: 7, plans: ['monthly'] });
    const reader = await signedInUser(server.url, server.db);
    const { subscriptionId } = (await reader.client.post('/api/create-subscription', { plan: 'monthly', offer: trial.body.code })).body;
    const subscription = stripe.subscriptions.get(subscriptionId)!;
    await stripe.deliver(server.url, STRIPE_WEBHOOK_SECRET, {
      id: 'evt_trial_end', type: 'customer.subscription.trial_will_end',
      object: { id: subscriptionId, object: 'subscription', customer: subscription.customer, status: 'trialing', trial_end: subscription.trial_end },
    });
    const mail = await waitForFolderMail(server.config.mailDir, reader.email);
    expect(mail.subject).toBe('Din gratisperiod hos Redaktion tar snart slut');
    expect(mail.text).toContain('/dashboard');
  });
});

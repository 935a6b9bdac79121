import Stripe from 'stripe';
import { parseStripeForm, startStandIn } from './http-stand-in.js';

type Obj = Record<string, unknown>;

const signer = new Stripe('sk_test_unused');
const listOf = (value: unknown): unknown[] => (value && typeof value === 'object' ? Object.values(value) : []);

/**
 * Stripe's REST API as far as Redaktion uses it: customers, prices (with lookup keys), subscriptions
 * (default_incomplete with the invoice's confirmation secret; a trial's setup intent; discounts), coupons and promotion
 * codes, payment intents (created for a pass, read with their latest charge), setup intents and billing-portal sessions.
 * Shapes follow the types the stripe package ships. `deliver` sends a webhook event signed as Stripe signs it.
 */
export async function startStripeStandIn(secretKey: string) {
  let counter = 0;
  const next = (prefix: string) => `${prefix}_test${(counter += 1).toString().padStart(6, '0')}`;
  const customers = new Map<string, Obj>();
  const prices = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const paymentIntents = new Map<string, Obj>();
  const setupIntents = new Map<string, Obj>();
  const charges = new Map<string, Obj>();
  const coupons = new Map<string, Obj>();
  const promotionCodes = new Map<string, Obj>();
  const list = (data: Obj[], url: string) => ({ object: 'list', data, has_more: false, url });
  const notFound = (kind: string, id: string) => ({ status: 404, json: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'` } } });

  const standIn = await startStandIn((request) => {
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return { status: 401, json: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } } };
    }
    const form = parseStripeForm(request.body);
    const [, , resource, id, sub] = request.path.split('/');
    if (request.method === 'POST' && resource === 'customers' && !id) {
      const customer = { id: next('cus'), object: 'customer', email: form.email, name: form.name, metadata: form.metadata ?? {} };
      customers.set(customer.id, customer);
      return { json: customer };
    }
    if (request.method === 'GET' && resource === 'prices') {
      const keys = [...request.query.entries()].filter(([k]) => k.startsWith('lookup_keys')).map(([, v]) => v);
      return { json: list([...prices.values()].filter((price) => keys.includes(String(price.lookup_key))), '/v1/prices') };
    }
    if (request.method === 'POST' && resource === 'prices') {
      const price = {
        id: next('price'), object: 'price', active: true, currency: form.currency, unit_amount: Number(form.unit_amount),
        recurring: { interval: (form.recurring as Obj).interval }, lookup_key: form.lookup_key, product: next('prod'),
      };
      prices.set(price.id, price);
      return { json: price };
    }
    if (request.method === 'POST' && resource === 'subscriptions' && !id) {
      const price = prices.get(String(((form.items as Obj)['0'] as Obj).price));
      if (!price) return { status: 400, json: { error: { type: 'invalid_request_error', message: 'No such price' } } };
      const discounts = listOf(form.discounts) as Obj[];
      const promotion = discounts[0] ? promotionCodes.get(String(discounts[0].promotion_code)) : undefined;
      if (discounts[0] && (!promotion || !promotion.active)) {
        return { status: 400, json: { error: { type: 'invalid_request_error', message: `No such promotion code: '${String(discounts[0].promotion_code)}'` } } };
      }
      const trialDays = form.trial_period_days ? Number(form.trial_period_days) : 0;
      // A trial's first invoice is nothing: Stripe then hands a setup intent to save the method for the first charge.
      const intent = trialDays ? null : { id: next('pi'), object: 'payment_intent', status: 'requires_payment_method', customer: form.customer, amount: price.unit_amount, currency: 'sek' };
      if (intent) paymentIntents.set(intent.id, intent);
      const setup = trialDays ? { id: next('seti'), object: 'setup_intent', status: 'requires_payment_method', customer: form.customer } : null;
      if (setup) setupIntents.set(setup.id, { ...setup, client_secret: `${setup.id}_secret_stand_in` });
      const now = Math.floor(Date.now() / 1000);
      const subscription = {
        id: next('sub'), object: 'subscription', customer: form.customer, status: trialDays ? 'trialing' : 'incomplete', metadata: form.metadata ?? {},
        items: list([{ id: next('si'), object: 'subscription_item', price }], '/v1/subscription_items'),
        latest_invoice: next('in'), payment_intent: intent?.id ?? null, pending_setup_intent: setup?.id ?? null,
        payment_settings: form.payment_settings ?? null,
        discounts: promotion ? [{ object: 'discount', coupon: coupons.get(String((promotion.promotion as Obj).coupon)), promotion_code: promotion.id }] : [],
        trial_start: trialDays ? now : null, trial_end: trialDays ? now + trialDays * 86_400 : null, trial_settings: form.trial_settings ?? null,
      };
      subscriptions.set(subscription.id, subscription);
      if (promotion) promotionCodes.set(String(promotion.id), { ...promotion, times_redeemed: Number(promotion.times_redeemed) + 1 });
      const expand = JSON.stringify(form.expand ?? {});
      return {
        json: {
          ...subscription,
          latest_invoice: expand.includes('latest_invoice.confirmation_secret')
            ? { id: subscription.latest_invoice, object: 'invoice', confirmation_secret: intent ? { client_secret: `${intent.id}_secret_stand_in`, type: 'payment_intent' } : null }
            : subscription.latest_invoice,
          pending_setup_intent: setup && expand.includes('pending_setup_intent') ? setupIntents.get(setup.id) : subscription.pending_setup_intent,
        },
      };
    }
    if (request.method === 'POST' && resource === 'coupons' && !id) {
      const coupon = {
        id: next('co'), object: 'coupon', name: form.name, percent_off: form.percent_off ? Number(form.percent_off) : null,
        amount_off: form.amount_off ? Number(form.amount_off) : null, currency: form.currency ?? null, duration: form.duration,
        duration_in_months: form.duration_in_months ? Number(form.duration_in_months) : null, metadata: form.metadata ?? {}, valid: true,
      };
      coupons.set(coupon.id, coupon);
      return { json: coupon };
    }
    if (request.method === 'POST' && resource === 'promotion_codes') {
      if (id) {
        if (!promotionCodes.has(id)) return notFound('promotion_code', id);
        promotionCodes.set(id, { ...promotionCodes.get(id)!, ...(form.active !== undefined ? { active: form.active === 'true' } : {}) });
        return { json: promotionCodes.get(id) };
      }
      const coupon = String((form.promotion as Obj | undefined)?.coupon);
      if (!coupons.has(coupon)) return notFound('coupon', coupon);
      const taken = [...promotionCodes.values()].some((code) => code.active && String(code.code).toUpperCase() === String(form.code).toUpperCase());
      if (taken) return { status: 400, json: { error: { type: 'invalid_request_error', message: 'An active promotion code with `code` already exists.' } } };
      const promotion = {
        id: next('promo'), object: 'promotion_code', active: true, code: form.code, promotion: { type: 'coupon', coupon },
        expires_at: form.expires_at ? Number(form.expires_at) : null, max_redemptions: form.max_redemptions ? Number(form.max_redemptions) : null, times_redeemed: 0,
      };
      promotionCodes.set(promotion.id, promotion);
      return { json: promotion };
    }
    if (request.method === 'POST' && resource === 'payment_intents' && !id) {
      const methods = listOf(form.allowed_payment_method_types ?? form.payment_method_types).map(String);
      const intent = {
        id: next('pi'), object: 'payment_intent', status: 'requires_payment_method', customer: form.customer ?? null, amount: Number(form.amount),
        currency: form.currency, payment_method_types: methods.length ? methods : ['card'], description: form.description ?? null,
        metadata: form.metadata ?? {}, created: Math.floor(Date.now() / 1000), latest_charge: null,
      };
      paymentIntents.set(intent.id, intent);
      return { json: { ...intent, client_secret: `${intent.id}_secret_stand_in` } };
    }
    if (request.method === 'GET' && resource === 'setup_intents' && id) {
      return setupIntents.has(id) ? { json: setupIntents.get(id) } : notFound('setup_intent', id);
    }
    if (request.method === 'GET' && resource === 'subscriptions' && id) {
      return subscriptions.has(id) ? { json: subscriptions.get(id) } : notFound('subscription', id);
    }
    if (request.method === 'GET' && resource === 'payment_intents' && id) {
      const intent = paymentIntents.get(id);
      if (!intent) return notFound('payment_intent', id);
      const expandCharge = [...request.query.values()].includes('latest_charge') && typeof intent.latest_charge === 'string';
      return { json: expandCharge ? { ...intent, latest_charge: charges.get(String(intent.latest_charge)) } : intent };
    }
    if (request.method === 'POST' && resource === 'billing_portal' && id === 'sessions') {
      return { json: { id: next('bps'), object: 'billing_portal.session', customer: form.customer, return_url: form.return_url, url: `https://billing.stripe.com/p/session/${next('test')}` } };
    }
    void sub;
    return undefined;
  });

  return {
    ...standIn,
    subscriptions,
    paymentIntents,
    /** What Stripe does when the customer pays or the subscription changes. */
    setSubscription(id: string, changes: Obj) {
      subscriptions.set(id, { ...subscriptions.get(id)!, ...changes });
    },
    setPaymentIntent(id: string, changes: Obj) {
      paymentIntents.set(id, { ...paymentIntents.get(id)!, ...changes });
    },
    coupons,
    promotionCodes,
    /** What Stripe does when the reader pays an intent (Swish or card): it succeeds with a charge made at `paidAt`. */
    pay(intentId: string, paidAt = new Date()) {
      const charge = { id: next('ch'), object: 'charge', payment_intent: intentId, created: Math.floor(paidAt.getTime() / 1000), refunded: false, amount_refunded: 0 };
      charges.set(charge.id, charge);
      paymentIntents.set(intentId, { ...paymentIntents.get(intentId)!, status: 'succeeded', latest_charge: charge.id });
      return charge;
    },
    /** A full refund of the intent's charge; answers the charge as `charge.refunded` carries it. */
    refund(intentId: string) {
      const chargeId = String(paymentIntents.get(intentId)!.latest_charge);
      const charge = { ...charges.get(chargeId)!, refunded: true, amount_refunded: paymentIntents.get(intentId)!.amount };
      charges.set(chargeId, charge);
      return charge;
    },
    /** Delivers a webhook event as Stripe does: a JSON body with the Stripe-Signature made with the endpoint's secret. */
    async deliver(serverUrl: string, secret: string, event: { id: string; type: string; object: Obj }) {
      const payload = JSON.stringify({
        id: event.id, object: 'event', type: event.type, api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000),
        data: { object: event.object }, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null },
      });
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
      const response = await fetch(`${serverUrl}/api/stripe/webhook`, {
        method: 'POST', headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': signature }, body: payload,
      });
      return { status: response.status, body: (await response.json()) as Obj };
    },
  };
}

import { parseStripeForm, startStandIn } from './http-stand-in.js';

type Obj = Record<string, unknown>;

/**
 * Stripe's REST API as far as Redaktion uses it: customers, prices (with lookup keys), subscriptions
 * (default_incomplete with the invoice's confirmation secret), payment intents and billing-portal sessions.
 * Shapes follow the types the stripe package ships.
 */
export async function startStripeStandIn(secretKey: string) {
  let counter = 0;
  const next = (prefix: string) => `${prefix}_test${(counter += 1).toString().padStart(6, '0')}`;
  const customers = new Map<string, Obj>();
  const prices = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const paymentIntents = new Map<string, Obj>();
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
      const intent = { id: next('pi'), object: 'payment_intent', status: 'requires_payment_method', customer: form.customer, amount: price.unit_amount, currency: 'sek' };
      paymentIntents.set(intent.id, intent);
      const subscription = {
        id: next('sub'), object: 'subscription', customer: form.customer, status: 'incomplete', metadata: form.metadata ?? {},
        items: list([{ id: next('si'), object: 'subscription_item', price }], '/v1/subscription_items'),
        latest_invoice: next('in'), payment_intent: intent.id,
      };
      subscriptions.set(subscription.id, subscription);
      const expanded = JSON.stringify(form.expand ?? {}).includes('latest_invoice.confirmation_secret');
      return {
        json: {
          ...subscription,
          latest_invoice: expanded
            ? { id: subscription.latest_invoice, object: 'invoice', confirmation_secret: { client_secret: `${intent.id}_secret_stand_in`, type: 'payment_intent' } }
            : subscription.latest_invoice,
        },
      };
    }
    if (request.method === 'GET' && resource === 'subscriptions' && id) {
      return subscriptions.has(id) ? { json: subscriptions.get(id) } : notFound('subscription', id);
    }
    if (request.method === 'GET' && resource === 'payment_intents' && id) {
      return paymentIntents.has(id) ? { json: paymentIntents.get(id) } : notFound('payment_intent', id);
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
  };
}

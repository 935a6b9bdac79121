import type Stripe from 'stripe';
import { PRICES_SEK, type SubscriptionPlan } from '@redaktion/shared';
import type { Config } from '../config.js';
import type { Db } from '../db/connection.js';
import { nowIso } from '../db/values.js';
import { badRequest, notConfigured, notFound } from '../errors.js';
import type { UserRow } from '../services/accounts/users.js';
import { callProvider, providerError } from './provider.js';

const LOOKUP_KEYS: Record<SubscriptionPlan, string> = { monthly: 'redaktion_premium_monthly', yearly: 'redaktion_premium_yearly' };
const INTERVALS: Record<SubscriptionPlan, 'month' | 'year'> = { monthly: 'month', yearly: 'year' };

/** Stripe through its official SDK; STRIPE_API_BASE points it at another origin (tests use a local stand-in). */
export function createStripeBilling(db: Db, config: Config) {
  // The SDK loads with the first payment call: the server starts without it, and never loads it unconfigured.
  let sdk: Promise<typeof Stripe> | null = null;
  let client: Stripe | null = null;
  const stripe = async (): Promise<{ api: Stripe; Sdk: typeof Stripe }> => {
    if (!config.stripe.secretKey) throw notConfigured('Stripe');
    const Sdk = await (sdk ??= import('stripe').then((module) => module.default));
    if (!client) {
      const base = config.stripe.apiBase ? new URL(config.stripe.apiBase) : null;
      client = new Sdk(config.stripe.secretKey, {
        maxNetworkRetries: 1,
        timeout: 20_000,
        ...(base ? { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol.replace(':', '') as 'http' | 'https' } : {}),
      });
    }
    return { api: client, Sdk };
  };

  /** Runs a Stripe call; its failures become 502 with Stripe's message. */
  const call = async <T>(work: (api: Stripe, Sdk: typeof Stripe) => Promise<T>): Promise<T> => {
    const { api, Sdk } = await stripe();
    return callProvider('Stripe', (error) => (error instanceof Sdk.errors.StripeError ? error.message : null), () => work(api, Sdk));
  };

  const prices = new Map<SubscriptionPlan, string>();
  /**
   * The plan's price: from configuration, else the price with our lookup key, created once
   * (199 SEK a month, 1,990 SEK a year) and found again by every process after that.
   */
  async function priceFor(plan: SubscriptionPlan): Promise<string> {
    const configured = config.stripe.prices[plan];
    if (configured) return configured;
    const known = prices.get(plan);
    if (known) return known;
    const id = await call(async (api) => {
      const found = await api.prices.list({ lookup_keys: [LOOKUP_KEYS[plan]], active: true, limit: 1 });
      if (found.data[0]) return found.data[0].id;
      const created = await api.prices.create({
        currency: 'sek',
        unit_amount: PRICES_SEK[plan] * 100,
        recurring: { interval: INTERVALS[plan] },
        lookup_key: LOOKUP_KEYS[plan],
        product_data: { name: plan === 'monthly' ? 'Redaktion Premium (månad)' : 'Redaktion Premium (år)' },
      });
      return created.id;
    });
    prices.set(plan, id);
    return id;
  }

  const planOf = (subscription: Stripe.Subscription): SubscriptionPlan | null => {
    const meta = subscription.metadata?.plan;
    if (meta === 'monthly' || meta === 'yearly') return meta;
    const interval = subscription.items?.data[0]?.price?.recurring?.interval;
    return interval === 'year' ? 'yearly' : interval === 'month' ? 'monthly' : null;
  };

  /** Writes a subscription's current state onto its user (found by customer id). */
  async function applySubscription(subscription: Stripe.Subscription): Promise<void> {
    const customer = typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
    await db('users').where({ stripeCustomerId: customer }).update({
      stripeSubscriptionId: subscription.id,
      subscriptionStatus: subscription.status,
      subscriptionPlan: planOf(subscription),
      updatedAt: nowIso(),
    });
  }

  const subscriptionIdOf = (object: Record<string, unknown>): string | null => {
    if (object.object === 'subscription') return String(object.id);
    const parent = (object as { parent?: { subscription_details?: { subscription?: string | { id: string } } } }).parent;
    const fromParent = parent?.subscription_details?.subscription;
    const legacy = (object as { subscription?: string | { id: string } }).subscription;
    const value = fromParent ?? legacy;
    return value ? (typeof value === 'string' ? value : value.id) : null;
  };

  return {
    async createSubscription(user: UserRow, plan: SubscriptionPlan): Promise<{ clientSecret: string; subscriptionId: string }> {
      let customerId = user.stripeCustomerId;
      if (!customerId) {
        const customer = await call((api) => api.customers.create({
          email: user.email,
          name: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username,
          metadata: { userId: String(user.id) },
        }));
        customerId = customer.id;
        await db('users').where({ id: user.id }).update({ stripeCustomerId: customerId, updatedAt: nowIso() });
      }
      const price = await priceFor(plan);
      const subscription = await call((api) => api.subscriptions.create({
        customer: customerId!,
        items: [{ price }],
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        metadata: { userId: String(user.id), plan },
        expand: ['latest_invoice.confirmation_secret'],
      }));
      const invoice = subscription.latest_invoice as Stripe.Invoice | null;
      const clientSecret = invoice?.confirmation_secret?.client_secret;
      if (!clientSecret) throw providerError('Stripe', 'the subscription came back without a payment to confirm');
      await applySubscription(subscription);
      return { clientSecret, subscriptionId: subscription.id };
    },

    /** Whether the payment of the return address went through, asked of Stripe; only the payer may ask. */
    async paymentStatus(user: UserRow, paymentIntentId: string) {
      const intent = await call((api) => api.paymentIntents.retrieve(paymentIntentId)).catch((error: unknown) => {
        if ((error as Error).message.includes('No such payment_intent')) throw notFound('Payment not found');
        throw error;
      });
      const customer = typeof intent.customer === 'string' ? intent.customer : intent.customer?.id;
      if (!customer || customer !== user.stripeCustomerId) throw notFound('Payment not found');
      const fresh = (await db('users').where({ id: user.id }).first('subscriptionStatus', 'subscriptionPlan')) as { subscriptionStatus: string | null; subscriptionPlan: string | null };
      return { paymentStatus: intent.status, subscriptionStatus: fresh.subscriptionStatus, subscriptionPlan: fresh.subscriptionPlan };
    },

    async billingPortal(user: UserRow, returnUrl: string): Promise<{ url: string }> {
      if (!user.stripeCustomerId) throw badRequest('There is no subscription to manage yet');
      const session = await call((api) => api.billingPortal.sessions.create({ customer: user.stripeCustomerId!, return_url: returnUrl }));
      return { url: session.url };
    },

    /**
     * A verified webhook event. Stripe delivers events late, out of order and more than once, so each one
     * only names a subscription whose current state is then fetched from Stripe; a delivery already seen is skipped.
     */
    async handleWebhook(rawBody: string | Buffer, signature: string): Promise<{ received: true; duplicate?: true }> {
      if (!config.stripe.webhookSecret) throw notConfigured('Stripe webhooks');
      let event: Stripe.Event;
      try {
        event = (await stripe()).api.webhooks.constructEvent(rawBody, signature, config.stripe.webhookSecret);
      } catch {
        throw badRequest('Invalid Stripe signature');
      }
      const handled = ['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted', 'invoice.paid', 'invoice.payment_failed'];
      if (!handled.includes(event.type)) return { received: true };
      if (await db('stripe_events').where({ id: event.id }).first('id')) return { received: true, duplicate: true };
      // Two processes may take the same delivery at once: both then write the same current state.
      await db('stripe_events').insert({ id: event.id, type: event.type, receivedAt: nowIso() }).onConflict('id').ignore();
      const object = event.data.object as unknown as Record<string, unknown>;
      // An event about a customer no user has (another app on the same Stripe account, a deleted user) is ignored with
      // a 2xx: an error would only make Stripe retry it for three days.
      const customer = object.customer as string | { id: string } | null | undefined;
      const customerId = typeof customer === 'string' ? customer : customer?.id;
      if (customerId && !(await db('users').where({ stripeCustomerId: customerId }).first('id'))) return { received: true };
      const subscriptionId = subscriptionIdOf(object);
      if (subscriptionId) {
        const current = await call((api, Sdk) => api.subscriptions.retrieve(subscriptionId)
          .catch((error: unknown) => (error instanceof Sdk.errors.StripeError && error.code === 'resource_missing' ? null : Promise.reject(error))));
        if (current) await applySubscription(current);
      }
      return { received: true };
    },
  };
}

export type StripeBilling = ReturnType<typeof createStripeBilling>;

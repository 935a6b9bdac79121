import type Stripe from 'stripe';
import { PASS_DAYS, PRICES_SEK, type AdminOffer, type ParsedOfferInput, type PassKind, type SubscriptionPlan } from '@redaktion/shared';
import type { Config } from '../config.js';
import type { Db } from '../db/connection.js';
import { nowIso } from '../db/values.js';
import { badRequest, notConfigured, notFound } from '../errors.js';
import type { UserRow } from '../services/accounts/users.js';
import type { Conversions } from '../services/insight/conversions.js';
import { redeemsOffer, type Offers, type UsableOffer } from '../services/revenue/offers.js';
import type { Passes } from '../services/revenue/passes.js';
import { callProvider, providerError } from './provider.js';

const LOOKUP_KEYS: Record<SubscriptionPlan, string> = { monthly: 'redaktion_premium_monthly', yearly: 'redaktion_premium_yearly' };
const INTERVALS: Record<SubscriptionPlan, 'month' | 'year'> = { monthly: 'month', yearly: 'year' };
/** The subscription's payment form offers these (contract §9 [revenue]): both can recur. */
const SUBSCRIPTION_METHODS: Stripe.SubscriptionCreateParams.PaymentSettings.PaymentMethodType[] = ['card', 'klarna'];
/** A pass is paid once: Swish (which cannot recur) or card. */
const PASS_METHODS: Stripe.PaymentIntentCreateParams.AllowedPaymentMethodType[] = ['swish', 'card'];
const PASS_NAMES: Record<PassKind, string> = { month: 'Redaktion Premium: månadspass', year: 'Redaktion Premium: årspass' };
const idOf = (value: string | { id: string } | null | undefined): string | null => (value ? (typeof value === 'string' ? value : value.id) : null);
/** The article a checkout came from, as its Stripe object carries it (put there by create-subscription and create-pass). */
const articleOf = (metadata: Stripe.Metadata | null | undefined): number | null => {
  const id = Number(metadata?.fromArticleId);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** Stripe through its official SDK; STRIPE_API_BASE points it at another origin (tests use a local stand-in). */
export function createStripeBilling(db: Db, config: Config, offers: Offers, passes: Passes, conversions: Conversions) {
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

  /**
   * Writes a subscription's current state onto its user (found by customer id); once it gives access (active or
   * trialing), counts the offer it was made with and its checkout's completion, from the article it carries.
   */
  async function applySubscription(subscription: Stripe.Subscription): Promise<void> {
    const customer = idOf(subscription.customer)!;
    await db('users').where({ stripeCustomerId: customer }).update({
      stripeSubscriptionId: subscription.id,
      subscriptionStatus: subscription.status,
      subscriptionPlan: planOf(subscription),
      updatedAt: nowIso(),
    });
    if (!redeemsOffer(subscription.status)) return;
    const offerId = Number(subscription.metadata?.offerId);
    if (Number.isInteger(offerId) && offerId > 0) {
      const user = (await db('users').where({ stripeCustomerId: customer }).first('id')) as { id: number } | undefined;
      await offers.redeem(subscription.id, offerId, user?.id ?? null);
    }
    if (await offers.firstCompletion(subscription.id)) await conversions.completed('subscription', articleOf(subscription.metadata));
  }

  /** The reader's Stripe customer, made with the first payment. */
  async function customerOf(user: UserRow): Promise<string> {
    if (user.stripeCustomerId) return user.stripeCustomerId;
    const customer = await call((api) => api.customers.create({
      email: user.email,
      name: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username,
      metadata: { userId: String(user.id) },
    }));
    await db('users').where({ id: user.id }).update({ stripeCustomerId: customer.id, updatedAt: nowIso() });
    return customer.id;
  }

  /**
   * A pass's PaymentIntent as Stripe has it now, recorded (contract §9 [revenue]): succeeded gives access, a full
   * refund of its charge ends it. Intents of subscriptions' invoices carry no pass and are left alone.
   */
  async function syncPass(paymentIntentId: string): Promise<void> {
    const intent = await call((api, Sdk) => api.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge'] })
      .catch((error: unknown) => (error instanceof Sdk.errors.StripeError && error.code === 'resource_missing' ? null : Promise.reject(error))));
    const pass = intent?.metadata?.pass;
    if (!intent || intent.status !== 'succeeded' || (pass !== 'month' && pass !== 'year')) return;
    const customer = idOf(intent.customer);
    const user = customer ? ((await db('users').where({ stripeCustomerId: customer }).first('id')) as { id: number } | undefined) : undefined;
    if (!user) return;
    const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
    await passes.record({
      paymentIntentId: intent.id, userId: user.id, pass, amountSek: Math.round(intent.amount / 100),
      // The charge's time is the payment's; the intent's is when the reader opened the form.
      paidAt: new Date((charge?.created ?? intent.created) * 1000).toISOString(),
      refunded: charge?.refunded === true,
    });
    // Paid, whatever came after: the checkout completed.
    if (await offers.firstCompletion(intent.id)) await conversions.completed('pass', articleOf(intent.metadata));
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
    /**
     * Starts a subscription, with an offer's discount (its promotion code) or trial days when one is named. A trial's
     * first invoice is nothing, so its client secret is the setup intent that saves the method for the first charge.
     */
    async createSubscription(user: UserRow, request: { plan: SubscriptionPlan; offer?: string; fromArticleId?: number }) {
      const { plan } = request;
      const offer: UsableOffer | null = request.offer ? await offers.forPlan(request.offer, plan) : null;
      const trialDays = offer?.kind === 'trial' ? Number(offer.value) : null;
      if (trialDays) await offers.takeTrial(user.id, offer!.id);
      try {
        const customer = await customerOf(user);
        const price = await priceFor(plan);
        const subscription = await call((api) => api.subscriptions.create({
          customer,
          items: [{ price }],
          payment_behavior: 'default_incomplete',
          payment_settings: { save_default_payment_method: 'on_subscription', payment_method_types: SUBSCRIPTION_METHODS },
          metadata: {
            userId: String(user.id), plan,
            ...(offer ? { offerId: String(offer.id), offer: offer.code } : {}),
            ...(request.fromArticleId ? { fromArticleId: String(request.fromArticleId) } : {}),
          },
          ...(offer?.stripePromotionCodeId ? { discounts: [{ promotion_code: offer.stripePromotionCodeId }] } : {}),
          // Without a saved method when the trial ends, the subscription ends rather than falling due unpaid.
          ...(trialDays ? { trial_period_days: trialDays, trial_settings: { end_behavior: { missing_payment_method: 'cancel' as const } } } : {}),
          expand: ['latest_invoice.confirmation_secret', 'pending_setup_intent'],
        }));
        const invoice = subscription.latest_invoice as Stripe.Invoice | null;
        const setup = subscription.pending_setup_intent as Stripe.SetupIntent | null;
        const paymentSecret = invoice?.confirmation_secret?.client_secret;
        const clientSecret = paymentSecret ?? setup?.client_secret;
        if (!clientSecret) throw providerError('Stripe', 'the subscription came back without a payment to confirm');
        // Recorded and counted as started before its state is applied: a trial completes at once.
        await offers.recordCheckout({ stripeId: subscription.id, userId: user.id, kind: 'subscription', product: plan, offerId: offer?.id ?? null });
        await conversions.started('subscription', request.fromArticleId ?? null);
        await applySubscription(subscription);
        return { clientSecret, subscriptionId: subscription.id, intent: paymentSecret ? 'payment' as const : 'setup' as const };
      } catch (error) {
        // The trial was not given after all: the reader may take it again.
        if (trialDays) await offers.releaseTrial(user.id);
        throw error;
      }
    },

    /** A pass (contract §9 [revenue]): a SEK PaymentIntent for Swish or card at the configured price, no renewal. */
    async createPass(user: UserRow, request: { pass: PassKind; fromArticleId?: number }): Promise<{ clientSecret: string }> {
      const customer = await customerOf(user);
      const amountSek = config.stripe.passPrices[request.pass];
      const intent = await call((api) => api.paymentIntents.create({
        amount: amountSek * 100,
        currency: 'sek',
        customer,
        // The API version of this SDK names the list `allowed_payment_method_types`; the intent answers it as `payment_method_types`.
        allowed_payment_method_types: PASS_METHODS,
        description: `${PASS_NAMES[request.pass]} (${PASS_DAYS[request.pass]} dagar)`,
        metadata: { userId: String(user.id), pass: request.pass, ...(request.fromArticleId ? { fromArticleId: String(request.fromArticleId) } : {}) },
      }));
      if (!intent.client_secret) throw providerError('Stripe', 'the payment came back without a client secret');
      await offers.recordCheckout({ stripeId: intent.id, userId: user.id, kind: 'pass', product: request.pass, offerId: null });
      await conversions.started('pass', request.fromArticleId ?? null);
      return { clientSecret: intent.client_secret };
    },

    /** An offer: for a discount, Stripe's coupon and the promotion code readers type; for a trial, only our row. */
    async createOffer(input: ParsedOfferInput, createdBy: number): Promise<AdminOffer> {
      await offers.assertCodeFree(input.code);
      let ids = { stripeCouponId: null as string | null, stripePromotionCodeId: null as string | null };
      if (input.kind !== 'trial') {
        ids = await call(async (api) => {
          const coupon = await api.coupons.create({
            name: input.name,
            ...(input.kind === 'percent' ? { percent_off: input.value } : { amount_off: input.value * 100, currency: 'sek' }),
            duration: input.duration,
            ...(input.duration === 'repeating' ? { duration_in_months: input.durationInMonths! } : {}),
            metadata: { offer: input.code },
          });
          const code = await api.promotionCodes.create({
            promotion: { type: 'coupon', coupon: coupon.id },
            code: input.code,
            ...(input.expiresAt ? { expires_at: Math.floor(Date.parse(input.expiresAt) / 1000) } : {}),
            ...(input.maxRedemptions ? { max_redemptions: input.maxRedemptions } : {}),
          });
          return { stripeCouponId: coupon.id, stripePromotionCodeId: code.id };
        });
      }
      return offers.insert(input, ids, createdBy);
    },

    /** Archives an offer here and switches its promotion code off in Stripe (a subscription that has it keeps it). */
    async archiveOffer(id: number): Promise<AdminOffer> {
      const { offer, stripePromotionCodeId } = await offers.archive(id);
      if (stripePromotionCodeId) await call((api) => api.promotionCodes.update(stripePromotionCodeId, { active: false }));
      return offer;
    },

    /** Whether the payment (or a trial's saved method) of the return address went through, asked of Stripe; only the payer may ask. */
    async paymentStatus(user: UserRow, ids: { payment_intent?: string; setup_intent?: string }) {
      const intent = await call<Stripe.PaymentIntent | Stripe.SetupIntent>((api) => (ids.payment_intent ? api.paymentIntents.retrieve(ids.payment_intent) : api.setupIntents.retrieve(ids.setup_intent!)))
        .catch((error: unknown) => {
          if (/No such (payment|setup)_intent/.test((error as Error).message)) throw notFound('Payment not found');
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
      const handled = [
        'customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted', 'customer.subscription.trial_will_end',
        'invoice.paid', 'invoice.payment_failed', 'payment_intent.succeeded', 'charge.refunded',
      ];
      if (!handled.includes(event.type)) return { received: true };
      if (await db('stripe_events').where({ id: event.id }).first('id')) return { received: true, duplicate: true };
      // Two processes may take the same delivery at once: both then write the same current state.
      await db('stripe_events').insert({ id: event.id, type: event.type, receivedAt: nowIso() }).onConflict('id').ignore();
      const object = event.data.object as unknown as Record<string, unknown>;
      // An event about a customer no user has (another app on the same Stripe account, a deleted user) is ignored with
      // a 2xx: an error would only make Stripe retry it for three days.
      const customerId = idOf(object.customer as string | { id: string } | null | undefined);
      const user = customerId ? ((await db('users').where({ stripeCustomerId: customerId }).first('id')) as { id: number } | undefined) : undefined;
      if (customerId && !user) return { received: true };
      // A pass: its PaymentIntent, asked of Stripe as it is now (a refund may already have come).
      if (event.type === 'payment_intent.succeeded' || event.type === 'charge.refunded') {
        const intentId = event.type === 'payment_intent.succeeded' ? String(object.id) : idOf(object.payment_intent as string | { id: string } | null);
        if (intentId) await syncPass(intentId);
        return { received: true };
      }
      if (event.type === 'customer.subscription.trial_will_end' && user && typeof object.trial_end === 'number') {
        await passes.queueTrialReminder(user.id, new Date(object.trial_end * 1000).toISOString());
      }
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

import {
  billingPortalSchema, ERROR_CODES, offerCodeParams, passRequestSchema, passStartedSchema, paymentStatusQuery, paymentStatusSchema, publicOfferSchema,
  subscriptionRequestSchema, subscriptionStartedSchema, webhookReceivedSchema,
} from '@redaktion/shared';
import type { Config } from '../config.js';
import { endpoint } from '../http/endpoint.js';
import type { StripeBilling } from '../integrations/stripe.js';
import { providerAnswers } from '../integrations/provider.js';
import { HttpError } from '../errors.js';
import type { Services } from '../services/index.js';

const STRIPE = providerAnswers('Stripe');
/** Offer look-ups per client a minute: a reader opens a campaign link a few times, a script guessing codes hundreds. */
const OFFER_LOOKUPS_PER_MINUTE = 30;

/** The premium subscription with Stripe (reader-area.md §4, contract.md §7). */
export const subscriptionEndpoints = (billing: StripeBilling, { offers, rateLimit }: Services, config: Config) => [
  endpoint({
    method: 'post', path: '/api/create-subscription', tag: 'Subscription', access: 'user',
    summary: "Starts a monthly (199 SEK) or yearly (1,990 SEK) subscription, with an offer's discount or trial, and answers the Payment Element's client secret (card or Klarna)",
    body: subscriptionRequestSchema, response: subscriptionStartedSchema,
    answers: {
      ...STRIPE, 400: { description: 'The offer does not cover the plan, or the account has had its trial' },
      404: { description: 'No such offer, or it is archived, expired or used up' },
    },
    handle: (ctx, { body }) => billing.createSubscription(ctx.state.user!, body),
  }),
  endpoint({
    method: 'get', path: '/api/offers/:code', tag: 'Subscription', access: 'public', throttled: true,
    summary: `An offer by its code (any case): what it gives and for which plans; ${OFFER_LOOKUPS_PER_MINUTE} look-ups a minute per client`,
    params: offerCodeParams, response: publicOfferSchema,
    answers: { 404: { description: 'No such offer, or it is archived, expired or used up' } },
    handle: async (ctx, { params }) => {
      const wait = await rateLimit.hit(`offers:${ctx.ip}`, OFFER_LOOKUPS_PER_MINUTE, 60_000);
      if (wait > 0) throw new HttpError(429, 'Too many offer look-ups from here. Try again in a minute.', ERROR_CODES.tooManyAttempts, undefined, { 'Retry-After': String(wait) });
      return offers.publicOffer(params.code);
    },
  }),
  endpoint({
    method: 'post', path: '/api/create-pass', tag: 'Subscription', access: 'user',
    summary: "Buys a month (30 days) or year (365 days) pass by Swish or card, no renewal: answers the Payment Element's client secret",
    body: passRequestSchema, response: passStartedSchema, answers: STRIPE,
    handle: (ctx, { body }) => billing.createPass(ctx.state.user!, body),
  }),
  endpoint({
    method: 'get', path: '/api/subscription/status', tag: 'Subscription', access: 'user',
    summary: 'Whether the payment of /subscription/success went through (asked of Stripe)',
    query: paymentStatusQuery,
    response: paymentStatusSchema, answers: { ...STRIPE, 404: { description: 'No payment of this reader has that id' } },
    handle: (ctx, { query }) => billing.paymentStatus(ctx.state.user!, query),
  }),
  endpoint({
    method: 'post', path: '/api/billing-portal', tag: 'Subscription', access: 'user',
    summary: "Opens Stripe's customer portal (change card or plan, cancel, receipts)", response: billingPortalSchema,
    answers: { ...STRIPE, 400: { description: 'There is no subscription to manage yet' } },
    handle: (ctx) => billing.billingPortal(ctx.state.user!, `${config.linkOrigin}/dashboard`),
  }),
  endpoint({
    method: 'post', path: '/api/stripe/webhook', tag: 'Subscription', access: 'public',
    summary: 'Stripe events (signature checked on the raw body); keeps subscription status and plan, passes and offers in step',
    response: webhookReceivedSchema,
    answers: { 400: { description: 'The Stripe-Signature does not match the body' }, 503: { description: 'Stripe webhooks are not configured (code not_configured)' } },
    handle: (ctx) => billing.handleWebhook((ctx.request as { rawBody?: string }).rawBody ?? '', ctx.get('Stripe-Signature')),
  }),
];

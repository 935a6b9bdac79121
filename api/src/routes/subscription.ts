import {
  billingPortalSchema, paymentStatusQuery, paymentStatusSchema, subscriptionRequestSchema, subscriptionStartedSchema, webhookReceivedSchema,
} from '@redaktion/shared';
import type { Config } from '../config.js';
import { endpoint } from '../http/endpoint.js';
import type { StripeBilling } from '../integrations/stripe.js';
import { providerAnswers } from '../integrations/provider.js';

const STRIPE = providerAnswers('Stripe');

/** The premium subscription with Stripe (reader-area.md §4, contract.md §7). */
export const subscriptionEndpoints = (billing: StripeBilling, config: Config) => [
  endpoint({
    method: 'post', path: '/api/create-subscription', tag: 'Subscription', access: 'user',
    summary: "Starts a monthly (199 SEK) or yearly (1,990 SEK) subscription and answers the Payment Element's client secret",
    body: subscriptionRequestSchema, response: subscriptionStartedSchema, answers: STRIPE,
    handle: (ctx, { body }) => billing.createSubscription(ctx.state.user!, body.plan),
  }),
  endpoint({
    method: 'get', path: '/api/subscription/status', tag: 'Subscription', access: 'user',
    summary: 'Whether the payment of /subscription/success went through (asked of Stripe)',
    query: paymentStatusQuery,
    response: paymentStatusSchema, answers: { ...STRIPE, 404: { description: 'No payment of this reader has that id' } },
    handle: (ctx, { query }) => billing.paymentStatus(ctx.state.user!, query.payment_intent),
  }),
  endpoint({
    method: 'post', path: '/api/billing-portal', tag: 'Subscription', access: 'user',
    summary: "Opens Stripe's customer portal (change card or plan, cancel, receipts)", response: billingPortalSchema,
    answers: { ...STRIPE, 400: { description: 'There is no subscription to manage yet' } },
    handle: (ctx) => billing.billingPortal(ctx.state.user!, `${config.linkOrigin}/dashboard`),
  }),
  endpoint({
    method: 'post', path: '/api/stripe/webhook', tag: 'Subscription', access: 'public',
    summary: 'Stripe events (signature checked on the raw body); keeps subscription status and plan in step',
    response: webhookReceivedSchema,
    answers: { 400: { description: 'The Stripe-Signature does not match the body' }, 503: { description: 'Stripe webhooks are not configured (code not_configured)' } },
    handle: (ctx) => billing.handleWebhook((ctx.request as { rawBody?: string }).rawBody ?? '', ctx.get('Stripe-Signature')),
  }),
];

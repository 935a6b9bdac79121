import { adminOfferSchema, idParam, offerInputSchema, offerUpdateSchema } from '@redaktion/shared';
import { z } from 'zod';
import { endpoint } from '../../http/endpoint.js';
import type { StripeBilling } from '../../integrations/stripe.js';
import { providerAnswers } from '../../integrations/provider.js';
import type { Offers } from '../../services/revenue/offers.js';

const STRIPE = providerAnswers('Stripe');

/** Campaign offers and trials (contract §9 [revenue] "Offers"): made in Stripe through the SDK, listed with their redemptions. */
export const offerAdminEndpoints = (offers: Offers, billing: StripeBilling) => [
  endpoint({
    method: 'get', path: '/api/admin/offers', tag: 'Admin: offers', access: 'admin',
    summary: 'Every offer, newest first, with how many subscriptions took it', response: z.array(adminOfferSchema),
    handle: () => offers.list(),
  }),
  endpoint({
    method: 'post', path: '/api/admin/offers', tag: 'Admin: offers', access: 'admin', status: 201, keepsCache: true,
    summary: "Creates an offer: Stripe's coupon and promotion code for a discount, the days for a trial",
    body: offerInputSchema, response: adminOfferSchema, answers: { ...STRIPE, 409: { description: 'An offer with the code (in any case) exists' } },
    handle: (ctx, { body }) => billing.createOffer(body, ctx.state.user!.id),
  }),
  endpoint({
    method: 'put', path: '/api/admin/offers/:id', tag: 'Admin: offers', access: 'admin', keepsCache: true,
    summary: 'Archives an offer (`{active: false}`): its code stops working here and in Stripe; subscriptions that have it keep it',
    params: z.object({ id: idParam }), body: offerUpdateSchema, response: adminOfferSchema, answers: STRIPE,
    handle: (_ctx, { params }) => billing.archiveOffer(params.id),
  }),
];

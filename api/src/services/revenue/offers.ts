import {
  ENTITLED_SUBSCRIPTION_STATUSES, type AdminOffer, type OfferDuration, type OfferKind, type ParsedOfferInput, type PublicOffer, type SubscriptionPlan,
} from '@redaktion/shared';
import type { Db } from '../../db/connection.js';
import type { Flag, Timestamp } from '../../db/rows.js';
import { fromJson, insertedId, nowIso, toBool, toCount, toIso, toJson } from '../../db/values.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { fieldError } from '../admin/editorial.js';

interface OfferRow {
  id: number; code: string; name: string; kind: OfferKind; value: number; duration: OfferDuration; durationInMonths: number | null;
  plans: string; expiresAt: Timestamp | null; maxRedemptions: number | null; active: Flag;
  stripeCouponId: string | null; stripePromotionCodeId: string | null; createdBy: number | null; createdAt: Timestamp; updatedAt: Timestamp;
}

/** What an offer needs in Stripe: nothing for a trial (the days go on the subscription), else a coupon and its code. */
export interface OfferStripeIds { stripeCouponId: string | null; stripePromotionCodeId: string | null }

/** An offer a reader may take now, as the subscription call applies it. */
export type UsableOffer = Pick<OfferRow, 'id' | 'code' | 'kind' | 'value' | 'stripePromotionCodeId'>;

const toPublic = (row: OfferRow): PublicOffer => ({
  code: row.code, name: row.name, kind: row.kind, value: Number(row.value), duration: row.duration,
  durationInMonths: row.durationInMonths === null ? null : Number(row.durationInMonths), plans: fromJson<SubscriptionPlan[]>(row.plans, []),
});

/** What a subscription row says about the account: its status counts as a redemption when it gives access. */
export const redeemsOffer = (status: string) => (ENTITLED_SUBSCRIPTION_STATUSES as readonly string[]).includes(status);

/**
 * Offers and trials (contract §9 [revenue] "Offers"): the newsroom's campaign codes, what a reader may take, the
 * trials given, the redemptions counted, and the offer each checkout was made with. Stripe's side (the coupon and
 * promotion code) is made by the Stripe integration, which hands its ids to `insert`.
 */
export function createOffers(db: Db) {
  const offers = () => db<OfferRow>('offers');
  const redemptionCounts = () => db('offer_redemptions').select('offerId').count('* as count').groupBy('offerId');

  const toAdmin = (row: OfferRow, redemptions: number): AdminOffer => ({
    ...toPublic(row), id: Number(row.id), active: toBool(row.active), expiresAt: toIso(row.expiresAt),
    maxRedemptions: row.maxRedemptions === null ? null : Number(row.maxRedemptions), redemptions,
    stripeCouponId: row.stripeCouponId, stripePromotionCodeId: row.stripePromotionCodeId, createdAt: toIso(row.createdAt)!,
  });

  const redemptionsOf = async (offerId: number) => toCount(await db('offer_redemptions').where({ offerId }).count('* as count').first());

  /** The offer a reader may take: unknown, archived, expired and used-up codes are all "no such offer" alike. */
  async function usable(code: string): Promise<OfferRow> {
    const row = (await offers().where({ code: code.toUpperCase() }).first()) as OfferRow | undefined;
    const expired = row?.expiresAt ? Date.parse(toIso(row.expiresAt)!) <= Date.now() : false;
    if (!row || !toBool(row.active) || expired || (row.maxRedemptions !== null && await redemptionsOf(row.id) >= Number(row.maxRedemptions))) {
      throw notFound('No such offer, or it has ended');
    }
    return row;
  }

  return {
    async list(): Promise<AdminOffer[]> {
      const rows = (await offers().orderBy('createdAt', 'desc').orderBy('id', 'desc')) as OfferRow[];
      const counts = new Map(((await redemptionCounts()) as { offerId: number; count: unknown }[]).map((row) => [Number(row.offerId), toCount(row)]));
      return rows.map((row) => toAdmin(row, counts.get(Number(row.id)) ?? 0));
    },

    /** Refuses a code already taken, in any case, before anything is made in Stripe. */
    async assertCodeFree(code: string): Promise<void> {
      if (await offers().where({ code }).first('id')) throw conflict(`An offer with the code ${code} already exists`);
    },

    async insert(input: ParsedOfferInput, stripe: OfferStripeIds, createdBy: number): Promise<AdminOffer> {
      const now = nowIso();
      const id = insertedId(await offers().insert({
        code: input.code, name: input.name, kind: input.kind, value: input.value, duration: input.duration, durationInMonths: input.durationInMonths,
        plans: toJson(input.plans), expiresAt: input.expiresAt ? new Date(input.expiresAt).toISOString() : null, maxRedemptions: input.maxRedemptions,
        active: true, ...stripe, createdBy, createdAt: now, updatedAt: now,
      }, ['id']).catch(async (error: unknown) => {
        // Two admins creating the same code at once: the unique key decides.
        if (await offers().where({ code: input.code }).first('id')) throw conflict(`An offer with the code ${input.code} already exists`);
        throw error;
      }));
      return toAdmin((await offers().where({ id }).first()) as OfferRow, 0);
    },

    /** Archives an offer; answers it as it was, so that its promotion code can be switched off in Stripe too. */
    async archive(id: number): Promise<{ offer: AdminOffer; stripePromotionCodeId: string | null }> {
      const row = (await offers().where({ id }).first()) as OfferRow | undefined;
      if (!row) throw notFound('Offer not found');
      await offers().where({ id }).update({ active: false, updatedAt: nowIso() });
      return { offer: toAdmin({ ...row, active: false }, await redemptionsOf(id)), stripePromotionCodeId: row.stripePromotionCodeId };
    },

    publicOffer: async (code: string): Promise<PublicOffer> => toPublic(await usable(code)),

    /** The offer for a subscription to `plan`: 404 as for the public read, 400 for a plan it does not cover. */
    async forPlan(code: string, plan: SubscriptionPlan): Promise<UsableOffer> {
      const row = await usable(code);
      if (!fromJson<SubscriptionPlan[]>(row.plans, []).includes(plan)) throw fieldError('offer', `The offer ${row.code} does not cover the ${plan} plan`);
      return row;
    },

    /** A trial is given once per account (contract §9): taken before the subscription is made, given back if that fails. */
    async takeTrial(userId: number, offerId: number): Promise<void> {
      const taken = await db('offer_trials').insert({ userId, offerId, createdAt: nowIso() }).onConflict('userId').ignore().returning('userId');
      if (!taken.length) throw badRequest('A trial is given once per account, and this account has had one');
    },
    releaseTrial: (userId: number) => db('offer_trials').where({ userId }).delete(),

    /**
     * Counts a subscription that became active or trialing with an offer, once however often Stripe tells us. An offer
     * this database does not have (another installation on the same Stripe account) is not ours to count.
     */
    async redeem(subscriptionId: string, offerId: number, userId: number | null): Promise<void> {
      if (!(await offers().where({ id: offerId }).first('id'))) return;
      await db('offer_redemptions').insert({ subscriptionId, offerId, userId, createdAt: nowIso() }).onConflict('subscriptionId').ignore();
    },

    /**
     * Records what a subscription or pass started with: the offer. Never the article the reader came from, which the
     * newsroom's figures count apart from the account (services/insight/conversions.ts).
     */
    async recordCheckout(checkout: { stripeId: string; userId: number; kind: 'subscription' | 'pass'; product: string; offerId: number | null }) {
      await db('checkouts').insert({ ...checkout, createdAt: nowIso() }).onConflict('stripeId').ignore();
    },

    /**
     * Whether this is the first time the checkout completed: true once, however often and in whatever order Stripe
     * tells us, as the one update that finds it uncounted says so. A checkout this database never recorded is false.
     */
    async firstCompletion(stripeId: string): Promise<boolean> {
      return (await db('checkouts').where({ stripeId }).whereNull('completionCountedAt').update({ completionCountedAt: nowIso() })) === 1;
    },

    /** The code of the offer each of these users' latest checkout used (the admin's list of readers). */
    async offersUsedBy(userIds: number[]): Promise<Map<number, string>> {
      if (!userIds.length) return new Map();
      const rows = (await db('checkouts as c').join('offers as o', 'o.id', 'c.offerId').whereIn('c.userId', userIds)
        .orderBy('c.createdAt', 'asc').select('c.userId', 'o.code')) as { userId: number; code: string }[];
      return new Map(rows.map((row) => [Number(row.userId), row.code]));
    },
  };
}

export type Offers = ReturnType<typeof createOffers>;

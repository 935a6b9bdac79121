import { z } from 'zod';
import { MAX_ID, PASSES, SUBSCRIPTION_PLANS } from '../constants.js';
import { isoDate, requiredText } from './fields.js';
import { userSchema } from './entities.js';

/** Offers, trials and passes (contract §9 [revenue] "Offers" and "Payment methods"). */

export const OFFER_KINDS = ['percent', 'amount', 'trial'] as const;
export const OFFER_DURATIONS = ['once', 'repeating', 'forever'] as const;
/** The longest trial Stripe takes (`trial_period_days`). */
export const TRIAL_DAYS_MAX = 730;

const codeMessage = 'Code must be 3 to 40 letters, digits, "-" or "_"';
/** Codes are case-insensitive: kept and compared in capitals (what the reader types is shown as a campaign code). */
export const offerCode = z.string({ error: codeMessage }).trim().regex(/^[A-Za-z0-9_-]{3,40}$/, { error: codeMessage })
  .transform((code) => code.toUpperCase());

const optionalId = z.number().int().positive().max(MAX_ID);

export const offerInputSchema = z.object({
  code: offerCode,
  name: requiredText('Name is required', 120),
  kind: z.enum(OFFER_KINDS, { error: "Kind must be 'percent', 'amount' or 'trial'" }),
  value: z.number({ error: 'Value must be a whole number' }).int({ error: 'Value must be a whole number' }).positive({ error: 'Value must be at least 1' })
    .describe('percent 1–100, whole SEK off, or the days of a trial'),
  duration: z.enum(OFFER_DURATIONS, { error: "Duration must be 'once', 'repeating' or 'forever'" }).default('once')
    .describe("how long a discount lasts; a trial is 'once'"),
  durationInMonths: z.number({ error: 'Months must be a whole number' }).int({ error: 'Months must be a whole number' }).min(1, { error: 'Months must be 1 to 36' })
    .max(36, { error: 'Months must be 1 to 36' }).nullish().transform((months) => months ?? null),
  plans: z.array(z.enum(SUBSCRIPTION_PLANS, { error: "Plans must be 'monthly' or 'yearly'" }), { error: 'Choose at least one plan' })
    .min(1, { error: 'Choose at least one plan' }).transform((plans) => [...new Set(plans)]),
  expiresAt: z.iso.datetime({ offset: true, error: 'Expiry must be a date and time' }).nullish().transform((at) => at ?? null),
  maxRedemptions: z.number({ error: 'Redemptions must be a whole number' }).int({ error: 'Redemptions must be a whole number' })
    .positive({ error: 'Redemptions must be at least 1' }).nullish().transform((max) => max ?? null),
}).superRefine((offer, context) => {
  const issue = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
  if (offer.kind === 'percent' && offer.value > 100) issue('value', 'A percentage is 1 to 100');
  if (offer.kind === 'trial' && offer.value > TRIAL_DAYS_MAX) issue('value', `A trial is 1 to ${TRIAL_DAYS_MAX} days`);
  if (offer.kind === 'trial' && offer.duration !== 'once') issue('duration', "A trial's duration is its days: choose 'once'");
  if (offer.duration === 'repeating' && offer.durationInMonths === null) issue('durationInMonths', 'Say for how many months');
  if (offer.duration !== 'repeating' && offer.durationInMonths !== null) issue('durationInMonths', "Months belong to a 'repeating' duration");
  if (offer.expiresAt !== null && Date.parse(offer.expiresAt) <= Date.now()) issue('expiresAt', 'Expiry must lie ahead');
}).meta({ id: 'OfferInput' });

export const offerUpdateSchema = z.object({
  active: z.literal(false, { error: 'An offer can only be archived: send {"active": false}' }),
}).meta({ id: 'OfferUpdate' });

/** What a reader sees of an offer (`GET /api/offers/{code}`). */
export const publicOfferSchema = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.enum(OFFER_KINDS),
  value: z.number().int(),
  duration: z.enum(OFFER_DURATIONS),
  durationInMonths: z.number().int().nullable(),
  plans: z.array(z.enum(SUBSCRIPTION_PLANS)),
}).meta({ id: 'Offer' });

export const adminOfferSchema = publicOfferSchema.extend({
  id: z.number().int(),
  active: z.boolean(),
  expiresAt: isoDate.nullable(),
  maxRedemptions: z.number().int().nullable(),
  redemptions: z.number().int().describe('subscriptions with this offer that became active or trialing'),
  stripeCouponId: z.string().nullable(),
  stripePromotionCodeId: z.string().nullable(),
  createdAt: isoDate,
}).meta({ id: 'AdminOffer' });

/** Any text: a code that cannot exist is as unknown as one that does not (404), never a validation error to learn from. */
export const offerCodeParams = z.object({ code: z.string().trim().max(100) }).meta({ id: 'OfferCodeParams' });

export const passRequestSchema = z.object({
  pass: z.enum(PASSES, { error: "Pass must be 'month' or 'year'" }),
  fromArticleId: optionalId.optional().describe('the article the reader came from, for the newsroom’s figures'),
}).meta({ id: 'PassRequest' });

export const passStartedSchema = z.object({ clientSecret: z.string() }).meta({ id: 'PassStarted' });

/** A pass bought, as the account export lists it. */
export const passRecordSchema = z.object({
  pass: z.enum(PASSES), amountSek: z.number().int(), paidAt: isoDate, refundedAt: isoDate.nullable(),
}).meta({ id: 'PassRecord' });

/** A reader in the admin's list: the plan or pass (with its end) is on the user; the offer their latest checkout used. */
export const adminUserSchema = userSchema.extend({ offer: z.string().nullable() }).meta({ id: 'AdminUser' });

export type OfferKind = (typeof OFFER_KINDS)[number];
export type OfferDuration = (typeof OFFER_DURATIONS)[number];
export type OfferInput = z.input<typeof offerInputSchema>;
export type ParsedOfferInput = z.output<typeof offerInputSchema>;
export type PublicOffer = z.infer<typeof publicOfferSchema>;
export type AdminOffer = z.infer<typeof adminOfferSchema>;
export type PassStarted = z.infer<typeof passStartedSchema>;
export type PassRecord = z.infer<typeof passRecordSchema>;
export type AdminUser = z.infer<typeof adminUserSchema>;

import { z } from 'zod';
import { LIMITS, LOCALES, SUBSCRIPTION_PLANS } from '../constants.js';
import { emailField, httpUrl, optionalText, requiredText } from './fields.js';
import { userSchema } from './entities.js';
import { giftLinkSchema } from './paywall.js';
import { offerCode, passRecordSchema, passRequestSchema } from './offers.js';
import { librarySchema } from './library.js';

/** Payloads of the account calls (reader-area.md §5 and §7, contract.md §7 "Accounts"). */

const passwordMessage = `Password must be at least ${LIMITS.passwordMin} characters long`;
export const passwordField = z.string({ error: passwordMessage }).min(LIMITS.passwordMin, { error: passwordMessage }).max(200, { error: 'Password is too long' });

const usernameMessage = `Username must be ${LIMITS.usernameMin} to ${LIMITS.usernameMax} letters, digits, '.', '_' or '-'`;

export const registerSchema = z.object({
  username: z.string({ error: usernameMessage }).trim()
    .regex(new RegExp(`^[A-Za-z0-9._-]{${LIMITS.usernameMin},${LIMITS.usernameMax}}$`), { error: usernameMessage }),
  email: emailField('Please enter a valid email address'),
  password: passwordField,
}).meta({ id: 'RegisterRequest' });

export const loginSchema = z.object({
  username: requiredText('Please fill in all fields', 200).describe('Username or e-mail'),
  password: z.string({ error: 'Please fill in all fields' }).min(1, { error: 'Please fill in all fields' }),
}).meta({ id: 'LoginRequest' });

const codeMessage = 'The code is the 6 digits from the e-mail';
/** The 6 digits of an e-mailed sign-in code (spaces a reader typed between them are dropped). */
export const loginCodeField = z.preprocess((value) => (typeof value === 'string' ? value.replace(/\s/g, '') : value),
  z.string({ error: codeMessage }).regex(/^\d{6}$/, { error: codeMessage }));

/** Sign-in by e-mailed code (contract §9 [revenue]). */
export const loginCodeRequestSchema = z.object({
  email: emailField('Please enter a valid email address'),
  locale: z.enum(LOCALES).optional().describe('The language of the e-mail when the address has no account, else the account\'s (default sv)'),
  returnTo: z.string().max(500).regex(/^\/(?![/\\])/, { error: 'returnTo must be a path on this site' }).optional()
    .describe('The page the e-mailed link leads back to after signing in'),
}).meta({ id: 'LoginCodeRequest' });

export const loginCodeVerifySchema = z.object({
  email: emailField('Please enter a valid email address'),
  code: loginCodeField,
  locale: z.enum(LOCALES).optional().describe('The language of an account made now (default sv)'),
}).meta({ id: 'LoginCodeVerify' });

/**
 * A password-protected act is confirmed by the password, or by a fresh e-mailed code for an account without one:
 * never both (the `password` key is the schema's own name for it).
 */
const oneConfirmation = <K extends string>(key: K, missing?: string) => (value: Partial<Record<K | 'code', unknown>>, ctx: z.RefinementCtx) => {
  const given = [value[key], value.code].filter((field) => field !== undefined).length;
  if (given > 1) ctx.addIssue({ code: 'custom', path: [key], message: 'Give either the password or the e-mailed code, not both' });
  else if (missing && given === 0) ctx.addIssue({ code: 'custom', path: [key], message: missing });
};

/** Every field may be sent alone; a blank optional field clears it. */
export const profileUpdateSchema = z.object({
  firstName: optionalText(100),
  lastName: optionalText(100),
  email: emailField('Please enter a valid email address').optional(),
  bio: optionalText(2000),
  location: optionalText(200),
  website: z.union([z.literal(''), httpUrl('Website must be an http(s) URL')]).optional(),
  locale: z.enum(LOCALES).optional(),
  currentPassword: z.string().max(200).optional().describe('Required when the e-mail address changes (or `code`)'),
  code: loginCodeField.optional().describe('Instead of `currentPassword`, for an account without a password: a fresh e-mailed code'),
}).superRefine(oneConfirmation('currentPassword')).meta({ id: 'ProfileUpdate' });

export const passwordChangeSchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, { error: 'Current password is required' }).optional(),
  code: loginCodeField.optional().describe('Instead of `currentPassword`, for an account without a password: a fresh e-mailed code (it sets the first password)'),
  newPassword: passwordField,
}).superRefine(oneConfirmation('currentPassword', 'Current password is required')).meta({ id: 'PasswordChange' });

export const accountDeletionSchema = z.object({
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).optional(),
  code: loginCodeField.optional().describe('Instead of `password`, for an account without a password: a fresh e-mailed code'),
}).superRefine(oneConfirmation('password', 'Password is required')).meta({ id: 'AccountDeletion' });

export const resetRequestSchema = z.object({
  email: emailField('Please enter a valid email address'),
}).meta({ id: 'PasswordResetRequest' });

export const resetSchema = z.object({
  token: requiredText('Reset token is required', 200),
  newPassword: passwordField,
}).meta({ id: 'PasswordReset' });

/** The link itself only ever travels by e-mail (contract.md §3). */
export const resetRequestAnswerSchema = z.object({
  message: z.string(),
}).strict().meta({ id: 'PasswordResetRequestAnswer' });

/** Everything stored about the signed-in user (GET /api/user/export, the GDPR download). */
export const accountExportSchema = z.object({
  exportedAt: z.string(),
  account: userSchema,
  submittedContent: z.array(z.object({
    contentType: z.string(), contentId: z.number(), status: z.string(), comments: z.string().nullable(),
    submittedAt: z.string().nullable(), reviewedAt: z.string().nullable(),
  })),
  newsletter: z.object({
    email: z.string(), status: z.string(), locale: z.string(), signedUpAt: z.string().nullable(),
    confirmedAt: z.string().nullable(), unsubscribedAt: z.string().nullable(),
  }).nullable(),
  pushAlerts: z.array(z.object({ endpoint: z.string(), locale: z.string(), topics: z.array(z.string()) })),
  passes: z.array(passRecordSchema),
  giftLinks: z.array(giftLinkSchema),
  meterReads: z.array(z.object({ articleId: z.number(), month: z.string().describe('YYYY-MM, Stockholm time'), readAt: z.string() })),
  library: librarySchema.describe('The library across devices, all it holds whatever is published now'),
}).meta({ id: 'AccountExport' });

export type AccountExport = z.infer<typeof accountExportSchema>;
export type RegisterInput = z.infer<typeof registerSchema>;
export type LoginInput = z.infer<typeof loginSchema>;
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;
export type AccountDeletionInput = z.infer<typeof accountDeletionSchema>;
export type LoginCodeRequest = z.infer<typeof loginCodeRequestSchema>;
export type LoginCodeVerify = z.infer<typeof loginCodeVerifySchema>;


export const subscriptionRequestSchema = z.object({
  plan: z.enum(SUBSCRIPTION_PLANS, { error: "Plan must be 'monthly' or 'yearly'" }),
  offer: offerCode.optional().describe('an offer code (any case): its discount or trial is applied'),
  fromArticleId: passRequestSchema.shape.fromArticleId,
}).meta({ id: 'SubscriptionRequest' });

/** Stripe's return address names the payment's intent, or for a trial the setup intent that saved the method. */
export const paymentStatusQuery = z.object({
  payment_intent: z.string().regex(/^pi_[A-Za-z0-9_]+$/, { error: 'payment_intent must be a payment intent id' }).optional(),
  setup_intent: z.string().regex(/^seti_[A-Za-z0-9_]+$/, { error: 'setup_intent must be a setup intent id' }).optional(),
}).refine((query) => Boolean(query.payment_intent ?? query.setup_intent), { error: 'payment_intent is required' }).meta({ id: 'PaymentStatusQuery' });

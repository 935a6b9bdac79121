import { z } from 'zod';
import { LIMITS, LOCALES, SUBSCRIPTION_PLANS } from '../constants.js';
import { emailField, httpUrl, optionalText, requiredText } from './fields.js';
import { userSchema } from './entities.js';

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

/** Every field may be sent alone; a blank optional field clears it. */
export const profileUpdateSchema = z.object({
  firstName: optionalText(100),
  lastName: optionalText(100),
  email: emailField('Please enter a valid email address').optional(),
  bio: optionalText(2000),
  location: optionalText(200),
  website: z.union([z.literal(''), httpUrl('Website must be an http(s) URL')]).optional(),
  locale: z.enum(LOCALES).optional(),
  currentPassword: z.string().max(200).optional().describe('Required when the e-mail address changes'),
}).meta({ id: 'ProfileUpdate' });

export const passwordChangeSchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, { error: 'Current password is required' }),
  newPassword: passwordField,
}).meta({ id: 'PasswordChange' });

export const accountDeletionSchema = z.object({
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }),
}).meta({ id: 'AccountDeletion' });

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
}).meta({ id: 'AccountExport' });

export type AccountExport = z.infer<typeof accountExportSchema>;
export type RegisterInput = z.infer<typeof registerSchema>;
export type LoginInput = z.infer<typeof loginSchema>;
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;


export const subscriptionRequestSchema = z.object({
  plan: z.enum(SUBSCRIPTION_PLANS, { error: "Plan must be 'monthly' or 'yearly'" }),
}).meta({ id: 'SubscriptionRequest' });

export const paymentStatusQuery = z.object({
  payment_intent: z.string({ error: 'payment_intent is required' }).regex(/^pi_[A-Za-z0-9_]+$/, { error: 'payment_intent must be a payment intent id' }),
}).meta({ id: 'PaymentStatusQuery' });

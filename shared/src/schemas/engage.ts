import { z } from 'zod';
import { LOCALES } from '../constants.js';
import { emailField, httpUrl, idParam, isoDate, requiredText } from './fields.js';

/** Payloads of the newsletter and the push alerts (contract.md §8 [engage]). */

export const newsletterSignupSchema = z.object({
  email: emailField('Please enter a valid email address'),
  locale: z.enum(LOCALES, { error: "locale must be 'sv' or 'en'" }).optional(),
}).meta({ id: 'NewsletterSignup' });

/** The same for every address, so that the form tells nobody who reads Redaktion. */
export const newsletterAcceptedSchema = z.object({ message: z.string() }).meta({ id: 'NewsletterAccepted' });

/** What the sign-up blocks may say: the real number of confirmed subscribers. */
export const newsletterReachSchema = z.object({ confirmed: z.number().int() }).meta({ id: 'NewsletterReach' });

export const NEWSLETTER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

/**
 * A signed-in reader's own subscription: the one its account proved by confirming an e-mailed link (`email` is that
 * address); `pending` while a link the account asked for is unanswered; else `none` with the account's address.
 */
export const mySubscriptionSchema = z.object({
  status: z.enum([...NEWSLETTER_STATUSES, 'none']),
  email: z.string(),
}).meta({ id: 'MyNewsletterSubscription' });
export const mySubscriptionChangeSchema = z.object({
  subscribed: z.boolean({ error: 'subscribed must be true or false' }),
}).meta({ id: 'MyNewsletterSubscriptionChange' });

export const newsletterCountsSchema = z.object({
  pending: z.number().int(), confirmed: z.number().int(), unsubscribed: z.number().int(),
}).meta({ id: 'NewsletterCounts' });

const articleIdsMessage = 'Pick 1 to 20 articles';
export const newsletterDigestSchema = z.object({
  subject: requiredText('Subject is required', 200),
  /** The subject English subscribers get; without it they get `subject`. */
  subjectEn: requiredText('The English subject must not be empty', 200).optional(),
  articleIds: z.array(idParam, { error: articleIdsMessage }).min(1, { error: articleIdsMessage }).max(20, { error: articleIdsMessage }),
}).meta({ id: 'NewsletterDigest' });

const renderedMail = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export const newsletterPreviewSchema = z.object({ sv: renderedMail, en: renderedMail }).meta({ id: 'NewsletterPreview' });

export const newsletterSendSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  subjectEn: z.string().nullable(),
  articleIds: z.array(z.number().int()),
  status: z.enum(['queued', 'sending', 'done']),
  total: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  createdAt: isoDate,
  finishedAt: isoDate.nullable(),
}).meta({ id: 'NewsletterSend' });

const TOPIC_MESSAGE = "A topic is 'breaking', 'series:{id}' or 'live:{articleId}'";
/** `breaking`, `series:{id}` for a series' new episodes, or `live:{articleId}` for a live article's breaking entries. */
export const pushTopicField = z.string({ error: TOPIC_MESSAGE })
  .regex(/^(breaking|series:[1-9]\d{0,9}|live:[1-9]\d{0,9})$/, { error: TOPIC_MESSAGE });

/** A browser's PushSubscription as `toJSON()` gives it. */
export const pushSubscriptionSchema = z.object({
  subscription: z.object({
    endpoint: httpUrl('subscription.endpoint must be an https URL').refine((value) => value.startsWith('https://'), {
      error: 'subscription.endpoint must be an https URL',
    }).pipe(z.string().max(1000, { error: 'subscription.endpoint is too long' })),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({
      p256dh: z.string({ error: 'subscription.keys.p256dh is required' }).regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, { error: 'subscription.keys.p256dh must be a P-256 public key (base64url)' }),
      auth: z.string({ error: 'subscription.keys.auth is required' }).regex(/^[A-Za-z0-9_-]{16,30}={0,2}$/, { error: 'subscription.keys.auth must be a 16-byte secret (base64url)' }),
    }, { error: 'subscription.keys is required' }),
  }, { error: 'subscription is required' }),
  topics: z.array(pushTopicField, { error: 'topics must be a list' }).min(1, { error: 'Name at least one topic' }).max(50, { error: 'At most 50 topics' }),
  locale: z.enum(LOCALES, { error: "locale must be 'sv' or 'en'" }).optional(),
}).meta({ id: 'PushSubscriptionRequest' });

export const pushUnsubscribeSchema = z.object({
  endpoint: requiredText('endpoint is required', 1000),
}).meta({ id: 'PushUnsubscribe' });

const alertText = { title: requiredText('Title is required', 120), body: requiredText('Text is required', 300) };
/** An alert in the editor's words; `en` gives English readers their own. */
export const pushAlertSchema = z.object({
  ...alertText,
  // A pattern rather than a check in code, so that the OpenAPI document states it too.
  url: requiredText('Link is required', 500).regex(/^\/(?!\/)/, { error: 'Link must be a path on this site, such as /article/12' }),
  topic: pushTopicField,
  en: z.object(alertText).optional(),
}).meta({ id: 'PushAlert' });

/** What the service worker receives, already in the recipient's language. */
export interface PushMessage { title: string; body: string; url: string; lang: 'sv' | 'en'; tag: string }

export type NewsletterReach = z.infer<typeof newsletterReachSchema>;
export type NewsletterCounts = z.infer<typeof newsletterCountsSchema>;
export type NewsletterDigest = z.infer<typeof newsletterDigestSchema>;
export type NewsletterPreview = z.infer<typeof newsletterPreviewSchema>;
export type NewsletterSend = z.infer<typeof newsletterSendSchema>;
export type MySubscription = z.infer<typeof mySubscriptionSchema>;
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;
export type PushAlert = z.infer<typeof pushAlertSchema>;

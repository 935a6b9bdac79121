import {
  ERROR_CODES, mySubscriptionChangeSchema, mySubscriptionSchema, newsletterAcceptedSchema, newsletterReachSchema, newsletterSignupSchema,
  pushSubscribedSchema, pushSubscriptionSchema, pushUnsubscribeSchema, type Locale,
} from '@redaktion/shared';
import { z } from 'zod';
import type { Config } from '../config.js';
import type { AppContext } from '../http/context.js';
import { endpoint } from '../http/endpoint.js';
import { HttpError, notAuthenticated, notConfigured, notFound } from '../errors.js';
import { mailMode } from '../services/messaging/mailer.js';
import type { Services } from '../services/index.js';
import { mailTemplates } from '../services/messaging/newsletter.js';
import type { LinkPage } from '../services/messaging/newsletter-templates.js';

/** Sign-ups per client per minute; the 21st answers 429. */
const SIGNUPS_PER_MINUTE = 20;
/** Push subscriptions per client per minute: a browser stores one per change of topics, a script hundreds. */
const PUSH_SUBSCRIPTIONS_PER_MINUTE = 20;
/**
 * Changes to the newsletter setting per account and per client (a few accounts behind one address) a minute: a reader
 * turns it on and off a few times, a script more; the mail such a change asks for goes once a day at most anyway.
 */
const SETTING_CHANGES_PER_ACCOUNT = 10;
const SETTING_CHANGES_PER_CLIENT = 20;
const ACCEPTED = 'Thank you. Check your inbox: the newsletter starts once you confirm your address.';

const tokenQuery = z.object({ token: z.string().optional() });
const unknownToken = { 404: { description: 'A page saying the link is unknown or no longer valid', produces: 'text/html' } };
/** A sign-up needs its confirmation mail: with e-mail off (production without SMTP_URL) it is refused, as for every address. */
export const requireMail = (config: Config): void => {
  if (mailMode(config) === 'off') throw notConfigured('E-mail');
};
/** Counts a client's call (or, given `who`, an account's) under `what` and answers 429 with Retry-After beyond `perMinute`. */
async function throttle(rateLimit: Services['rateLimit'], ctx: AppContext, what: string, perMinute: number, message: string, who: string = ctx.ip): Promise<void> {
  const wait = await rateLimit.hit(`${what}:${who}`, perMinute, 60_000);
  if (wait > 0) throw new HttpError(429, message, ERROR_CODES.tooManyAttempts, undefined, { 'Retry-After': String(wait) });
}
const readerLocale = (ctx: AppContext, asked?: Locale): Locale => asked ?? ctx.state.user?.locale ?? (ctx.acceptsLanguages('sv', 'en') === 'en' ? 'en' : 'sv');

/** The pages the e-mailed links open: HTML in the subscriber's language, for that subscriber alone and never kept. */
async function answerPage(ctx: AppContext, config: Config, locale: Locale | null, page: LinkPage, formAction?: string, account?: string | null): Promise<undefined> {
  ctx.status = locale ? 200 : 404;
  ctx.type = 'html';
  ctx.set('Cache-Control', 'private, no-store');
  ctx.body = (await mailTemplates()).linkPage(locale ?? readerLocale(ctx), locale ? page : 'unknown', config.linkOrigin, formAction, account);
  return undefined;
}

/** The newsletter's public calls and the reader's push subscriptions (contract.md §8 [engage]). */
export const engageEndpoints = ({ newsletter, push, rateLimit }: Services, config: Config) => [
  endpoint({
    method: 'post', path: '/api/newsletter', tag: 'Newsletter', access: 'public', status: 202,
    summary: 'Signs an address up and e-mails a confirmation link (double opt-in); the answer is the same for every address; 20 a minute per client',
    body: newsletterSignupSchema, response: newsletterAcceptedSchema, throttled: true, answers: { 503: { description: 'E-mail is not configured' } },
    handle: async (ctx, { body }) => {
      requireMail(config);
      await throttle(rateLimit, ctx, 'newsletter', SIGNUPS_PER_MINUTE, 'Too many sign-ups from here. Try again in a minute.');
      await newsletter.requestSignUp(body.email, readerLocale(ctx, body.locale));
      return { message: ACCEPTED };
    },
  }),
  endpoint({
    method: 'get', path: '/api/newsletter', tag: 'Newsletter', access: 'public', cached: true,
    summary: 'How many readers have confirmed their subscription (what the sign-up blocks may say)',
    response: newsletterReachSchema,
    handle: async () => ({ confirmed: (await newsletter.counts()).confirmed }),
  }),
  endpoint({
    method: 'get', path: '/api/newsletter/confirm', tag: 'Newsletter', access: 'public', produces: 'text/html',
    summary: 'The e-mailed confirmation link (for a week): a page whose button confirms (a mail scanner opening it confirms nobody), naming the account it would let manage the subscription',
    query: tokenQuery, answers: unknownToken,
    handle: async (ctx, { query }) => {
      const page = query.token ? await newsletter.confirmationPage(query.token) : null;
      return answerPage(ctx, config, page?.locale ?? null, 'confirm', `/api/newsletter/confirm?token=${encodeURIComponent(query.token ?? '')}`, page?.account);
    },
  }),
  endpoint({
    method: 'post', path: '/api/newsletter/confirm', tag: 'Newsletter', access: 'public', produces: 'text/html',
    summary: "The confirmation page's button: confirms the subscription (and links it to the account that asked for the link)",
    query: tokenQuery, answers: unknownToken,
    handle: async (ctx, { query }) => answerPage(ctx, config, query.token ? await newsletter.confirm(query.token) : null, 'confirmed'),
  }),
  endpoint({
    method: 'get', path: '/api/newsletter/unsubscribe', tag: 'Newsletter', access: 'public', produces: 'text/html',
    summary: 'The unsubscribe link of every newsletter: a page whose button unsubscribes (a link checker opening it changes nothing)',
    query: tokenQuery, answers: unknownToken,
    handle: async (ctx, { query }) => answerPage(ctx, config, query.token ? await newsletter.localeOfToken(query.token) : null, 'leave',
      `/api/newsletter/unsubscribe?token=${encodeURIComponent(query.token ?? '')}`),
  }),
  endpoint({
    method: 'post', path: '/api/newsletter/unsubscribe', tag: 'Newsletter', access: 'public', produces: 'text/html',
    summary: 'Unsubscribes: the RFC 8058 one-click POST of mail clients (List-Unsubscribe=One-Click) and the button of the page',
    query: tokenQuery, answers: unknownToken,
    handle: async (ctx, { query }) => answerPage(ctx, config, query.token ? await newsletter.unsubscribe(query.token) : null, 'left'),
  }),
  endpoint({
    method: 'get', path: '/api/user/newsletter', tag: 'Newsletter', access: 'user',
    summary: "The signed-in reader's newsletter subscription: the one the account proved its own through an e-mailed link",
    response: mySubscriptionSchema,
    handle: (ctx) => newsletter.mine(ctx.state.user!),
  }),
  endpoint({
    method: 'put', path: '/api/user/newsletter', tag: 'Newsletter', access: 'user',
    summary: "Subscribes the account's address (an e-mailed link confirms it and ties it to the account) or unsubscribes the signed-in reader; 10 a minute per account, 20 per client",
    body: mySubscriptionChangeSchema, response: mySubscriptionSchema, throttled: true, answers: { 503: { description: 'E-mail is not configured (subscribing only)' } },
    handle: async (ctx, { body }) => {
      const user = ctx.state.user;
      if (!user) throw notAuthenticated();
      if (body.subscribed) requireMail(config);
      const message = 'Too many changes to the newsletter setting. Try again in a minute.';
      await throttle(rateLimit, ctx, 'newsletter-setting-account', SETTING_CHANGES_PER_ACCOUNT, message, String(user.id));
      await throttle(rateLimit, ctx, 'newsletter-setting', SETTING_CHANGES_PER_CLIENT, message);
      return newsletter.setMine(user, user.locale, body.subscribed);
    },
  }),
  endpoint({
    method: 'post', path: '/api/push/subscriptions', tag: 'Push alerts', access: 'public', status: 201,
    summary: "Stores a browser's push subscription with its topics ('breaking', 'series:{id}'); 400 for a push service off the allow-list; 20 a minute per client",
    body: pushSubscriptionSchema, response: pushSubscribedSchema, throttled: true,
    handle: async (ctx, { body }) => {
      await throttle(rateLimit, ctx, 'push', PUSH_SUBSCRIPTIONS_PER_MINUTE, 'Too many push subscriptions from here. Try again in a minute.');
      if (!push.allowed(body.subscription.endpoint)) {
        throw new HttpError(400, 'This push service is not one we send to', ERROR_CODES.validation, [{ path: 'subscription.endpoint', message: 'This push service is not one we send to' }]);
      }
      await push.subscribe(body, readerLocale(ctx, body.locale), ctx.state.user?.id ?? null);
      return { topics: [...new Set(body.topics)] };
    },
  }),
  endpoint({
    method: 'delete', path: '/api/push/subscriptions', tag: 'Push alerts', access: 'public', status: 204,
    summary: 'Removes a push subscription (alerts off on that device)', body: pushUnsubscribeSchema,
    answers: { 404: { description: 'No subscription has that endpoint' } },
    handle: async (ctx, { body }) => {
      if (!(await push.unsubscribe(body.endpoint))) throw notFound('No such push subscription');
      ctx.status = 204;
      return undefined;
    },
  }),
];

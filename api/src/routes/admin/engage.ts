import { alertQueuedSchema, newsletterCountsSchema, newsletterDigestSchema, newsletterPreviewSchema, newsletterSendSchema, pushAlertSchema } from '@redaktion/shared';
import { z } from 'zod';
import { endpoint } from '../../http/endpoint.js';
import type { Config } from '../../config.js';
import type { Services } from '../../services/index.js';
import { requireMail } from '../engage.js';

/** The newsroom's side of the newsletter and the alerts: counts, digests, their history, breaking news. */
export const engageAdminEndpoints = ({ newsletter, push }: Services, config: Config) => [
  endpoint({
    method: 'get', path: '/api/admin/newsletter', tag: 'Admin: newsletter', access: 'admin',
    summary: 'How many subscribers are pending, confirmed and unsubscribed', response: newsletterCountsSchema,
    handle: () => newsletter.counts(),
  }),
  endpoint({
    method: 'post', path: '/api/admin/newsletter/preview', tag: 'Admin: newsletter', access: 'admin',
    summary: 'Renders a digest as its recipients would see it, in Swedish and in English (HTML and text)',
    body: newsletterDigestSchema, response: newsletterPreviewSchema,
    handle: (_ctx, { body }) => newsletter.preview(body),
  }),
  endpoint({
    method: 'post', path: '/api/admin/newsletter/send', tag: 'Admin: newsletter', access: 'admin', status: 202,
    summary: 'Queues a digest of published articles to every confirmed subscriber; it is sent in the background in batches',
    body: newsletterDigestSchema, response: newsletterSendSchema, answers: { 503: { description: 'E-mail is not configured' } },
    handle: (ctx, { body }) => {
      requireMail(config);
      return newsletter.queueDigest(body, ctx.state.user!.id);
    },
  }),
  endpoint({
    method: 'get', path: '/api/admin/newsletter/sends', tag: 'Admin: newsletter', access: 'admin',
    summary: 'The last 50 digests, newest first, with how many were delivered and failed', response: z.array(newsletterSendSchema),
    handle: () => newsletter.sends(),
  }),
  endpoint({
    method: 'post', path: '/api/admin/push', tag: 'Admin: push alerts', access: 'admin', status: 202,
    summary: "Sends an alert to a topic's subscribers in the background (the English text, when given, to English readers)",
    body: pushAlertSchema, response: alertQueuedSchema,
    handle: async (_ctx, { body }) => ({ subscribers: await push.queueAlert(body) }),
  }),
];

import { LIMITS, publicConfigSchema } from '@redaktion/shared';
import { z } from 'zod';
import { integrations, type Config } from '../config.js';
import { endpoint } from '../http/endpoint.js';
import { placeholderSvg } from '../services/media/placeholder.js';
import type { Push } from '../services/messaging/push.js';

const size = z.coerce.number({ error: `Sizes are 1 to ${LIMITS.placeholderMax}` }).int({ error: `Sizes are 1 to ${LIMITS.placeholderMax}` })
  .min(1, { error: `Sizes are 1 to ${LIMITS.placeholderMax}` }).max(LIMITS.placeholderMax, { error: `Sizes are 1 to ${LIMITS.placeholderMax}` });

export const metaEndpoints = (config: Config, push: Push) => [
  endpoint({
    method: 'get', path: '/api/config', tag: 'Meta', access: 'public', cached: true,
    summary: 'What the browser may know: whether payments are on (with the publishable key), which integrations are configured, the VAPID key, the responsible publisher, the accessibility contact and whether visits are counted only with consent',
    response: publicConfigSchema,
    handle: async () => {
      const on = integrations(config);
      return {
        payments: { enabled: on.payments, publishableKey: on.payments ? config.stripe.publishableKey : null, passPrices: config.stripe.passPrices },
        integrations: { ai: on.ai, aiAudio: on.aiAudio, pexels: on.pexels, youtube: on.youtube, email: on.email },
        vapidPublicKey: await push.publicKey(),
        meter: { freeArticles: config.meter.freeArticles },
        gifts: { perMonth: config.gifts.perMonth },
        site: config.site,
        insight: { askConsent: config.insight.askConsent },
      };
    },
  }),
  endpoint({
    method: 'get', path: '/api/placeholder/:w/:h', tag: 'Meta', access: 'public',
    summary: 'A neutral SVG placeholder image of the given size', produces: 'image/svg+xml',
    params: z.object({ w: size, h: size }),
    handle: (ctx, { params: { w, h } }) => {
      ctx.type = 'image/svg+xml';
      ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
      ctx.body = placeholderSvg(w, h);
      return undefined;
    },
  }),
];

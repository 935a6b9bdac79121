import { ERROR_CODES, giftCreatedSchema, giftLinkSchema, idParam } from '@redaktion/shared';
import { z } from 'zod';
import type { Config } from '../config.js';
import { toBool } from '../db/values.js';
import { badRequest, HttpError, notFound } from '../errors.js';
import { endpoint } from '../http/endpoint.js';
import { readsPremium } from '../services/content/audience.js';
import type { Services } from '../services/index.js';

const params = z.object({ id: idParam });

/** Gift links (contract §9 [revenue]): an entitled reader opens one premium article to anyone for 14 days. */
export const giftEndpoints = ({ articles, gifts }: Services, config: Config) => [
  endpoint({
    method: 'post', path: '/api/articles/:id/gifts', tag: 'Gifts', access: 'user', status: 201,
    summary: `Makes a gift link to a premium article (entitled readers; ${config.gifts.perMonth} a month)`,
    params, response: giftCreatedSchema,
    answers: {
      400: { description: 'The article is free to read: its own address is the gift' },
      403: { description: 'Gift links are for subscribers (code subscription_required)' },
      429: { description: 'Every gift link of this month is made (code gift_allowance_used)' },
    },
    handle: async ({ state }, { params: { id } }) => {
      if (!readsPremium(state.audience)) throw new HttpError(403, 'Gift links are for subscribers', ERROR_CODES.subscriptionRequired);
      const article = await articles.byId(id, false);
      if (!article) throw notFound('Article not found');
      if (!toBool(article.premium)) throw badRequest('This article is free to read: share its own address');
      const made = await gifts.create(state.user!.id, id);
      return { id: made.id, url: `${config.linkOrigin}/article/${id}?gift=${made.token}`, expiresAt: made.expiresAt, remainingThisMonth: made.remainingThisMonth };
    },
  }),
  endpoint({
    method: 'get', path: '/api/gifts', tag: 'Gifts', access: 'user',
    summary: "The reader's gift links, newest first, with their opens", response: z.array(giftLinkSchema),
    handle: ({ state }) => gifts.list(state.user!.id),
  }),
  endpoint({
    method: 'delete', path: '/api/gifts/:id', tag: 'Gifts', access: 'user', status: 204,
    summary: 'Revokes one of the reader\'s gift links: it opens nothing from now on', params,
    handle: async ({ state }, { params: { id } }) => {
      await gifts.revoke(state.user!.id, id);
    },
  }),
];

import { insightEventSchema } from '@redaktion/shared';
import type { Context } from 'koa';
import { z } from 'zod';
import type { Config } from '../config.js';
import { endpoint } from '../http/endpoint.js';
import { linkOriginOf } from '../http/link-origin.js';
import type { Beacon, Insight } from '../services/insight/collect.js';

export const COLLECT_PATH = '/api/collect';

/** The beacon of the newsroom's figures: sendBeacon posts its JSON as text/plain, and no session is read for it. */
export const isCollect = (ctx: Context): boolean => ctx.method === 'POST' && ctx.path === COLLECT_PATH;

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin.toLowerCase();
  } catch {
    return null;
  }
};

/**
 * Whether the site's own page sent the beacon. A browser sends Origin with every POST, and Sec-Fetch-Site with it
 * where it knows it: a request is counted when it names the site as its Origin (else as its Referer's origin), and
 * when its Sec-Fetch-Site, if any, is same-origin. One from another site is refused before this (same-origin.ts, 403);
 * one naming no origin at all (a script, curl) is answered alike but not counted.
 */
const fromTheSite = (ctx: Context, site: string): boolean => {
  const fetchSite = ctx.get('Sec-Fetch-Site');
  if (fetchSite && fetchSite !== 'same-origin') return false;
  const claimed = ctx.get('Origin') || ctx.get('Referer');
  return claimed !== '' && originOf(claimed) === site;
};

export const beaconOf = (ctx: Context, config: Config): Beacon => {
  const site = linkOriginOf(config.publicOrigin, ctx).toLowerCase();
  return {
    address: ctx.ip,
    userAgent: ctx.get('User-Agent'),
    fromTheSite: fromTheSite(ctx, site),
    siteHost: new URL(site).hostname,
    optedOut: ctx.get('Sec-GPC').trim() === '1' || ctx.get('DNT').trim() === '1',
  };
};

/** Cookieless first-party figures (contract §9 [insight]): the collection call. */
export const insightEndpoints = (insight: Insight, config: Config) => [
  endpoint({
    method: 'post', path: COLLECT_PATH, tag: 'Insight', access: 'public', body: insightEventSchema,
    status: 202, response: z.object({}).meta({ id: 'Collected' }),
    summary: 'A page view, reading, listening or a subscription begun, from the reader app (`navigator.sendBeacon`; the JSON '
      + 'body may come as text/plain). Answered at once with 202 and no cookie; the event is written a moment later. Not '
      + 'counted: requests with Sec-GPC: 1 or DNT: 1, known bots, requests that do not come from the site\'s own page, and '
      + 'pages that hold a token. Only the path (without query or fragment, but for `ref`) and the referrer\'s host are kept',
    handle: (ctx, { body }) => {
      insight.collect(body, beaconOf(ctx, config));
      return {};
    },
  }),
];

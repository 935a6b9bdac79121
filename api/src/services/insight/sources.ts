import type { InsightSource } from '@redaktion/shared';

/**
 * Where a page view came from (contract §9 [insight]: search, social, newsletter, push, other sites, direct), decided
 * as the view is taken, from the `ref` label that digest and alert links carry and the referrer's host. A view reached
 * from another page of the site is `internal`: it is no one's way in, so the groups leave it out.
 */
export type ViewSource = InsightSource | 'internal';

/** The `ref` labels of our own links: the newsletter's digest and the push alerts. */
const REF_SOURCES: Record<string, InsightSource> = { newsletter: 'newsletter', digest: 'newsletter', push: 'push' };

// Hosts by the registrable name's start, so that google.se, www.google.com and news.google.co.uk all match.
const SEARCH = /(^|\.)(google|bing|duckduckgo|ecosia|yahoo|yandex|startpage|qwant|kagi|baidu|search\.brave|eniro)\.[a-z.]+$/;
const SOCIAL = /(^|\.)(facebook|fb|instagram|threads|twitter|x|linkedin|lnkd|reddit|tiktok|youtube|pinterest|snapchat|bsky|mastodon|flipboard|telegram|whatsapp|messenger)\.[a-z.]+$/;
// A few apps and shorteners name themselves without a registrable name we can match above.
const SOCIAL_HOSTS = new Set(['t.co', 'lm.facebook.com', 'l.facebook.com', 'out.reddit.com', 'bsky.app', 'ln.sk']);

/** The group of one host (lowercase, as collect.ts keeps it). */
export function hostSource(host: string): InsightSource {
  if (SOCIAL_HOSTS.has(host) || SOCIAL.test(host)) return 'social';
  if (SEARCH.test(host)) return 'search';
  return 'other';
}

/**
 * The source of a view: its `ref` first (a digest link opened in a webmail still says newsletter), then the referrer's
 * host: none is direct, the site's own is internal.
 */
export function viewSource(ref: string | null, host: string | null, siteHost: string): ViewSource {
  const fromRef = ref ? REF_SOURCES[ref.toLowerCase()] : undefined;
  if (fromRef) return fromRef;
  if (!host) return 'direct';
  if (host === siteHost) return 'internal';
  return hostSource(host);
}

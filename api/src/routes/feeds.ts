import { createHash } from 'node:crypto';
import { ERROR_CODES, idParam, podcastFeedSchema, sharedFeedSchema } from '@redaktion/shared';
import { z } from 'zod';
import type { Config } from '../config.js';
import type { AppContext } from '../http/context.js';
import { endpoint } from '../http/endpoint.js';
import { linkOriginOf } from '../http/link-origin.js';
import { audienceOf, hearsEpisode, readsPremium, type Audience } from '../services/content/audience.js';
import { HttpError, notFound } from '../errors.js';
import { sendStored } from '../http/send-stored.js';
import { byteAnswers } from '../http/send-file.js';
import { toBool } from '../db/values.js';
import { audioExtension, episodeAudioKey } from '../services/media/episode-audio.js';
import type { ArticleFeedFormat } from '../services/feeds/article-feeds.js';
import { privateFeedPath } from '../services/feeds/podcast-feed.js';
import { READ_ALOUD_FEED_PATH } from '../services/feeds/read-aloud-feed.js';
import { chaptersDocument, chaptersOf, CHAPTERS_TYPE } from '../services/feeds/chapters.js';
import { WEBVTT_TYPE } from '../services/voice/transcript-paths.js';
import { SITEMAPS } from '../services/feeds/sitemaps.js';
import type { Services } from '../services/index.js';
import type { UserRow } from '../db/rows.js';

const seriesParams = z.object({ id: idParam });
const token = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, { error: 'Unknown feed' });
/** `{episode id}.{extension}`: the extension is part of the address because podcast apps pick their player by it. */
const audioFile = z.string().regex(/^\d{1,9}\.[a-z0-9]{1,5}$/, { error: 'Unknown audio file' });
const categoryQuery = z.object({ category: z.string().trim().toLowerCase().min(1).max(100).optional() });

const TYPES = {
  rss: 'application/rss+xml; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
  json: 'application/feed+json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  text: 'text/plain; charset=utf-8',
};

const subscriptionRequired = () => new HttpError(403, 'A premium subscription is required for private podcast feeds', ERROR_CODES.subscriptionRequired);
const SUBSCRIPTION_REQUIRED = { 403: { description: 'The subscription has ended, or there is none (code subscription_required)' } };
const unknownFeed = () => notFound('Feed not found');

/**
 * Everything outside clients read from the publication: podcast feeds (public and each subscriber's private
 * ones) with their audio, the article feeds, the sitemaps and robots.txt. Public ones are marked `cached`,
 * so they come from the same response cache as the API, are cleared with it and answer 304 to their ETag.
 */
export const feedEndpoints = (services: Services, config: Config) => {
  const { podcastFeeds, articleFeeds, readAloudFeed, sitemaps, feedTokens, podcasts, series, transcripts } = services;
  const originOf = (ctx: AppContext) => linkOriginOf(config.publicOrigin, ctx);

  const typed = (ctx: AppContext, type: string, body: string) => {
    ctx.type = type;
    return body;
  };

  /** The subscriber a token stands for, only while it is the live token of an active, entitled account. */
  async function subscriberOf(value: string): Promise<{ tokenId: number; user: UserRow }> {
    const found = await feedTokens.resolve(value);
    if (!found || !toBool(found.user.active)) throw unknownFeed();
    if (!readsPremium(audienceOf(found.user))) throw subscriptionRequired();
    return found;
  }

  /**
   * An answer an app polls, with its ETag so that an unchanged one is a 304: by default a personal one, never in a
   * shared cache (`cacheControl` says otherwise for one that is everyone's).
   */
  function sendVersioned(ctx: AppContext, type: string, body: string, cacheControl = 'private, no-cache'): void {
    const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
    ctx.set('Cache-Control', cacheControl);
    ctx.set('ETag', etag);
    if (ctx.get('If-None-Match') === etag) {
      ctx.status = 304;
      return;
    }
    ctx.status = 200;
    ctx.type = type;
    ctx.body = body;
  }

  /** Streams an episode's audio with Range; a premium episode only when the caller is a subscriber's feed (`listener`). */
  async function sendAudio(ctx: AppContext, file: string, listener: UserRow | null): Promise<void> {
    const [idText = '', extension] = file.split('.');
    const row = await podcasts.byId(Number(idText), false);
    // A premium episode is as unknown to a public URL as a missing one: nothing tells it exists.
    if (!row?.audioFile || audioExtension(row.audioFile) !== extension || !hearsEpisode(audienceOf(listener), row)) {
      throw notFound('Audio not found');
    }
    const sent = await sendStored(ctx, services.storage, episodeAudioKey(row.audioFile), { public: false, maxAgeSeconds: listener ? 0 : 3600 });
    if (!sent) throw notFound('Audio not found');
    if (listener) ctx.set('Cache-Control', 'private, no-cache');
  }

  /**
   * An episode's published transcript, to whom may hear the episode (`audience`): a premium one as unknown as a missing
   * one to anyone else, and never kept in a shared cache.
   */
  async function sendTranscript(ctx: AppContext, id: number, audience: Audience): Promise<void> {
    const row = await podcasts.byId(id, false);
    const vtt = row && hearsEpisode(audience, row) ? await transcripts.publishedVtt(id) : null;
    if (!vtt) throw notFound('No transcript for this episode');
    sendVersioned(ctx, `${WEBVTT_TYPE}; charset=utf-8`, vtt, toBool(row!.premium) ? 'private, no-cache' : 'public, no-cache');
  }

  const feedList = async (ctx: AppContext, value: string) =>
    (await series.list({ limit: 100 })).map((row) => ({
      seriesId: row.id,
      title: row.title,
      url: `${originOf(ctx)}${privateFeedPath(value, row.id)}`,
    }));

  const subscriber = (ctx: AppContext): UserRow => {
    if (!readsPremium(ctx.state.audience)) throw subscriptionRequired();
    return ctx.state.user!;
  };

  const articleFeed = (format: ArticleFeedFormat, path: string, type: string, summary: string) => endpoint({
    method: 'get', path, tag: 'Feeds', access: 'public', cached: true, summary, query: categoryQuery, produces: type.replace(/;.*/, ''),
    answers: { 404: { description: 'No category has that slug' } },
    handle: async (ctx, { query }) => {
      const body = await articleFeeds.render(format, originOf(ctx), query.category);
      if (body === null) throw notFound('Category not found');
      return typed(ctx, type, body);
    },
  });

  return [
    endpoint({
      method: 'get', path: '/feeds/podcast-series/:id.xml', tag: 'Feeds', access: 'public', cached: true,
      summary: "A series' public podcast feed (RSS 2.0, Apple Podcasts and Podcasting 2.0 tags): its published free episodes",
      params: seriesParams, produces: 'application/rss+xml',
      handle: async (ctx, { params: { id } }) => {
        const body = await podcastFeeds.render(id, originOf(ctx), null);
        if (body === null) throw notFound('Series not found');
        return typed(ctx, TYPES.rss, body);
      },
    }),
    endpoint({
      method: 'get', path: '/feeds/chapters/:id.json', tag: 'Feeds', access: 'public', cached: true,
      summary: "A published episode's chapters in the Podcasting 2.0 JSON chapters format; 404 when it has none. Like its title, they are the same for every reader, premium or not",
      params: seriesParams, produces: CHAPTERS_TYPE,
      handle: async (ctx, { params: { id } }) => {
        const row = await podcasts.byId(id, false);
        if (!row || !chaptersOf(row).length) throw notFound('No chapters for this episode');
        const show = row.seriesId ? await series.byId(row.seriesId) : undefined;
        return typed(ctx, `${CHAPTERS_TYPE}; charset=utf-8`, JSON.stringify(chaptersDocument(row, show?.title ?? null, originOf(ctx))));
      },
    }),
    endpoint({
      method: 'get', path: '/feeds/transcripts/:id.vtt', tag: 'Feeds', access: 'public',
      summary: "A published episode's transcript as WebVTT (linked with <podcast:transcript>); a premium episode's, like its audio, only for "
        + 'signed-in entitled readers (404 to anyone else; podcast apps use the private feed\'s address)',
      params: seriesParams, produces: WEBVTT_TYPE, answers: { 304: { description: 'Not modified: If-None-Match names the current ETag' } },
      handle: async (ctx, { params: { id } }) => { await sendTranscript(ctx, id, ctx.state.audience); },
    }),
    endpoint({
      method: 'get', path: '/feeds/audio/:file', tag: 'Feeds', access: 'public',
      summary: "A free episode's audio for podcast apps: no cookie, HEAD and Range; premium episodes answer 404",
      params: z.object({ file: audioFile }), produces: 'audio/*', answers: byteAnswers,
      handle: async (ctx, { params: { file } }) => { await sendAudio(ctx, file, null); },
    }),
    endpoint({
      method: 'get', path: READ_ALOUD_FEED_PATH, tag: 'Feeds', access: 'public', cached: true,
      summary: 'The read-aloud feed (RSS 2.0 with Apple Podcasts and Podcasting 2.0 tags): the published free articles whose audio an editor published',
      produces: 'application/rss+xml',
      handle: async (ctx) => typed(ctx, TYPES.rss, await readAloudFeed.render(originOf(ctx))),
    }),
    endpoint({
      method: 'get', path: '/feeds/read-aloud/:file', tag: 'Feeds', access: 'public',
      summary: "A free article's read-aloud for podcast apps (`{article id}.mp3`): no cookie, HEAD and Range; premium articles answer 404",
      params: z.object({ file: z.string().regex(/^\d{1,9}\.mp3$/, { error: 'Unknown audio file' }) }), produces: 'audio/mpeg', answers: byteAnswers,
      handle: async (ctx, { params: { file } }) => {
        const row = await services.articles.byId(Number.parseInt(file, 10), false);
        // A premium article's audio is as unknown to a public URL as a missing one.
        if (!row?.audioFile || toBool(row.premium)) throw notFound('Audio not found');
        if (!(await sendStored(ctx, services.storage, episodeAudioKey(row.audioFile), { public: false, maxAgeSeconds: 3600 }))) throw notFound('Audio not found');
      },
    }),
    endpoint({
      method: 'get', path: '/feeds/private/:token/podcast-series/:id.xml', tag: 'Feeds', access: 'public',
      summary: "A subscriber's private feed: premium episodes too, marked itunes:block and podcast:block; 404 for a rotated token, 403 once the subscription has ended",
      params: seriesParams.extend({ token }), produces: 'application/rss+xml',
      answers: { ...SUBSCRIPTION_REQUIRED, 304: { description: 'Not modified: If-None-Match names the current ETag' } },
      handle: async (ctx, { params }) => {
        await subscriberOf(params.token);
        const body = await podcastFeeds.render(params.id, originOf(ctx), params.token);
        if (body === null) throw notFound('Series not found');
        sendVersioned(ctx, TYPES.rss, body);
      },
    }),
    endpoint({
      method: 'get', path: '/feeds/private/:token/audio/:file', tag: 'Feeds', access: 'public',
      summary: "An episode's audio through a subscriber's private feed: HEAD and Range, never after the token is rotated or the subscription ends",
      params: z.object({ token, file: audioFile }), produces: 'audio/*', answers: { ...byteAnswers, ...SUBSCRIPTION_REQUIRED },
      handle: async (ctx, { params }) => {
        const { tokenId, user } = await subscriberOf(params.token);
        await sendAudio(ctx, params.file, user);
        // Every GET of audio counts (apps fetch in ranges); HEAD only asks the size.
        if (ctx.method === 'GET') await feedTokens.recordDownload(tokenId, ctx.ip);
      },
    }),
    endpoint({
      method: 'get', path: '/feeds/private/:token/transcripts/:id.vtt', tag: 'Feeds', access: 'public',
      summary: "An episode's transcript through a subscriber's private feed (premium episodes too): never after the token is rotated or the subscription ends",
      params: seriesParams.extend({ token }), produces: WEBVTT_TYPE,
      answers: { ...SUBSCRIPTION_REQUIRED, 304: { description: 'Not modified: If-None-Match names the current ETag' } },
      handle: async (ctx, { params }) => {
        const { user } = await subscriberOf(params.token);
        await sendTranscript(ctx, params.id, audienceOf(user));
      },
    }),
    endpoint({
      method: 'get', path: '/api/podcast-feeds', tag: 'Feeds', access: 'user',
      summary: "The signed-in subscriber's private feed of every active series (403 without a subscription)",
      response: z.array(podcastFeedSchema), answers: SUBSCRIPTION_REQUIRED,
      handle: async (ctx) => feedList(ctx, await feedTokens.current(subscriber(ctx).id)),
    }),
    endpoint({
      method: 'post', path: '/api/podcast-feeds/rotate', tag: 'Feeds', access: 'user',
      summary: 'Replaces the subscriber\'s feed token: the old feed and audio URLs stop at once; answers the new feeds',
      response: z.array(podcastFeedSchema), answers: SUBSCRIPTION_REQUIRED,
      handle: async (ctx) => feedList(ctx, await feedTokens.rotate(subscriber(ctx).id)),
    }),
    endpoint({
      method: 'get', path: '/api/admin/podcast-feeds/shared', tag: 'Admin: users', access: 'admin',
      summary: `Private feeds whose audio was fetched from at least PODCAST_SHARED_FEED_NETWORKS (${config.podcast.sharedFeedNetworks}) networks on one day of the last 7`,
      response: z.array(sharedFeedSchema),
      handle: () => feedTokens.shared(config.podcast.sharedFeedNetworks, 7),
    }),
    articleFeed('rss', '/rss.xml', TYPES.rss, 'The newest 50 published articles as RSS 2.0 (`?category=` narrows); premium articles with their excerpt only'),
    articleFeed('atom', '/atom.xml', TYPES.atom, 'The newest 50 published articles as Atom 1.0 (`?category=` narrows); premium articles with their excerpt only'),
    articleFeed('json', '/feed.json', TYPES.json, 'The newest 50 published articles as JSON Feed 1.1 (`?category=` narrows); premium articles with their excerpt only'),
    endpoint({
      method: 'get', path: '/sitemap.xml', tag: 'Feeds', access: 'public', cached: true,
      summary: 'The sitemap index: articles, podcasts, Google News, people and pages', produces: 'application/xml',
      handle: async (ctx) => typed(ctx, TYPES.xml, await sitemaps.index(originOf(ctx))),
    }),
    ...SITEMAPS.map((name) => endpoint({
      method: 'get', path: `/sitemap-${name}.xml`, tag: 'Feeds', access: 'public', cached: true,
      summary: name === 'news' ? 'Google News sitemap: articles of the last 48 hours, at most 1,000' : `The ${name} sitemap`,
      produces: 'application/xml',
      handle: async (ctx) => typed(ctx, TYPES.xml, await sitemaps.page(name, originOf(ctx))),
    })),
    endpoint({
      method: 'get', path: '/robots.txt', tag: 'Feeds', access: 'public', cached: true,
      summary: 'Crawlers: the sitemap, and no admin, dashboard, API or private feeds', produces: 'text/plain',
      handle: (ctx) => typed(ctx, TYPES.text, [
        'User-agent: *',
        'Disallow: /admin',
        'Disallow: /dashboard',
        'Disallow: /api/',
        'Disallow: /feeds/private/',
        '',
        `Sitemap: ${originOf(ctx)}/sitemap.xml`,
        '',
      ].join('\n')),
    }),
  ];
};

import { articleListQuery, articleReadQuery, articleSchema, authorSchema, BACKGROUND_REFRESH_HEADER, ERROR_CODES, idParam, listQuery, type Article } from '@redaktion/shared';
import { embedsIn } from '@redaktion/shared/content';
import { z } from 'zod';
import { endpoint } from '../http/endpoint.js';
import { readsPremium, seesDrafts, type Audience } from '../services/content/audience.js';
import type { AppContext, AppState } from '../http/context.js';
import { toBool } from '../db/values.js';
import { HttpError, notAuthenticated, notFound } from '../errors.js';
import { sendStored } from '../http/send-stored.js';
import { byteAnswers } from '../http/send-file.js';
import { episodeAudioKey } from '../services/media/episode-audio.js';
import { toArticle, toAuthor, toCorrection, withEmbedCards } from '../serializers/content.js';
import type { ArticleRow } from '../db/rows.js';
import type { Services } from '../services/index.js';

const params = z.object({ id: idParam });
const previewParams = z.object({ token: z.string().max(100) });

export const articleEndpoints = ({ articles, embeds, journalists, corrections, previews, meter, gifts, storage }: Services) => {
  /** A signed-in reader who is not entitled, while metering is on: premium articles open to them by the meter. */
  const metered = (state: Pick<AppState, 'user' | 'audience'>) => meter.enabled && Boolean(state.user) && state.audience === 'reader';
  /**
   * A premium article for a reader who is not entitled: opened by a gift link's token, else by the meter (a background
   * refresh spends no read), else locked; the answer says which (contract §9 [revenue]).
   */
  const premiumFor = async (ctx: AppContext, row: ArticleRow, token: string | undefined): Promise<Article> => {
    const gift = token === undefined ? undefined : await gifts.open(row.id, token, { address: ctx.ip, userAgent: ctx.get('User-Agent') });
    // A gift or the meter opens the text, not the read-aloud: its audio is for entitled readers (GET /api/articles/{id}/audio).
    if (gift === 'open') return { ...await fullArticle(row, 'subscriber'), gift, audioUrl: null };
    const verdict = metered(ctx.state) ? await meter.open(ctx.state.user!.id, row.id, ctx.get(BACKGROUND_REFRESH_HEADER) !== '1') : null;
    return {
      ...await fullArticle(row, verdict?.open ? 'subscriber' : ctx.state.audience),
      audioUrl: null,
      ...(verdict ? { meter: verdict.meter } : {}),
      ...(gift ? { gift } : {}),
    };
  };
  /** One article as a reader reads it: its corrections, and cards on its embeds. */
  const fullArticle = async (row: ArticleRow, audience: Audience): Promise<Article> => {
    const article = { ...toArticle(row, audience, true), corrections: (await corrections.forArticle(row.id)).map(toCorrection) };
    return article.body ? withEmbedCards(article, await embeds.lookup(embedsIn(article.body)), audience) : article;
  };
  return [
    endpoint({
      method: 'get', path: '/api/articles', tag: 'Articles', access: 'public', cached: true,
      summary: 'Published articles, newest first (or by relevance with q); lists carry no content',
      query: articleListQuery, response: z.array(articleSchema),
      handle: async ({ state: { audience } }, { query }) =>
        (await articles.list(query, readsPremium(audience))).map((row) => toArticle(row, audience, false)),
    }),
    endpoint({
      method: 'get', path: '/api/articles/featured', tag: 'Articles', access: 'public', cached: true,
      summary: "Today's lead (the featured article) first, then the newest",
      query: listQuery, response: z.array(articleSchema),
      handle: async ({ state: { audience } }, { query }) =>
        (await articles.featured(query)).map((row) => toArticle(row, audience, false)),
    }),
    endpoint({
      method: 'get', path: '/api/articles/:id', tag: 'Articles', access: 'public', cached: true,
      summary: 'One article; a premium article\'s content for entitled readers and admins, for a signed-in reader while the '
        + 'meter allows (a read is spent unless the call carries X-Background-Refresh: 1), and for anyone with a working gift token '
        + '(others get locked: true); metered and gift answers are private',
      params, query: articleReadQuery, response: articleSchema,
      personalWhen: (state, query) => query.gift !== undefined || metered(state),
      handle: async (ctx, { params: { id }, query }) => {
        const { audience } = ctx.state;
        const row = await articles.byId(id, seesDrafts(audience));
        if (!row) throw notFound('Article not found');
        return toBool(row.premium) && !readsPremium(audience) ? premiumFor(ctx, row, query.gift) : fullArticle(row, audience);
      },
    }),
    endpoint({
      method: 'get', path: '/api/articles/:id/audio', tag: 'Articles', access: 'public',
      summary: "The article's published read-aloud (synthetic speech, MP3) with HTTP Range; a premium article's only for "
        + 'subscribers and admins (not opened by the meter or a gift link)',
      params, produces: 'audio/mpeg',
      answers: {
        ...byteAnswers,
        401: { description: 'A premium article, and no one is signed in' },
        403: { description: 'A premium article, and the reader has no subscription (code subscription_required)' },
      },
      handle: async (ctx, { params: { id } }) => {
        const { audience } = ctx.state;
        const row = await articles.byId(id, seesDrafts(audience));
        if (!row?.audioFile) throw notFound('Audio not found');
        if (toBool(row.premium) && !readsPremium(audience)) {
          if (!ctx.state.user) throw notAuthenticated();
          throw new HttpError(403, 'A premium subscription is required for this article\'s audio', ERROR_CODES.subscriptionRequired);
        }
        // Premium audio only reaches signed-in readers, whose answers are private, no-store (app.ts): no shared cache keeps it.
        if (!(await sendStored(ctx, storage, episodeAudioKey(row.audioFile), { public: false, maxAgeSeconds: 3600 }))) throw notFound('Audio not found');
        return undefined;
      },
    }),
    endpoint({
      method: 'get', path: '/api/articles/:id/related', tag: 'Articles', access: 'public', cached: true,
      summary: 'Up to 3 newer published articles of the same category',
      params, response: z.array(articleSchema),
      handle: async ({ state: { audience } }, { params: { id } }) => {
        const row = await articles.byId(id, seesDrafts(audience));
        if (!row) throw notFound('Article not found');
        return (await articles.related(id, row.category)).map((related) => toArticle(related, audience, false));
      },
    }),
    endpoint({
      method: 'get', path: '/api/articles/:id/author', tag: 'Articles', access: 'public', cached: true,
      summary: "The journalist behind an article's byline, when the newsroom has one of that name (else 404)", params, response: authorSchema,
      handle: async ({ state: { audience } }, { params: { id } }) => {
        const article = await articles.byId(id, seesDrafts(audience));
        const row = article ? await journalists.byName(article.author) : undefined;
        if (!row) throw notFound('No journalist of that name');
        return toAuthor(row);
      },
    }),
    endpoint({
      method: 'get', path: '/api/previews/:token', tag: 'Articles', access: 'public', personal: true, params: previewParams, response: articleSchema,
      summary: 'The article a preview link shows: its current state, drafts included, as an entitled reader would see it once published; 404 when the link is forged, revoked or expired',
      handle: async (_ctx, { params: { token } }) => {
        const id = await previews.articleOf(token);
        const row = id === null ? undefined : await articles.byId(id, true);
        if (!row) throw notFound('This preview link does not work (it may have expired or been revoked)');
        return fullArticle(row, 'subscriber');
      },
    }),
  ];
};

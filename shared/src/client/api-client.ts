import type {
  Advertisement, Article, Author, Category, CustomVideo, Episode, PersonProfile, PodcastSeries, PublicConfig, User,
} from '../schemas/entities.js';
import type {
  AccountDeletionInput, LoginCodeRequest, LoginCodeVerify, LoginInput, PasswordChangeInput, ProfileUpdateInput, RegisterInput,
} from '../schemas/account.js';
import type {
  BillingPortal, ChannelVideo, ChannelVideos, Message, PaymentStatus, SubscriptionStarted,
} from '../schemas/answers.js';
import type { MySubscription, NewsletterReach } from '../schemas/engage.js';
import type { PodcastFeed } from '../schemas/feeds.js';
import type { ApiErrorBody } from '../errors.js';
import type { AccessToken, CreatedAccessToken } from '../schemas/tokens.js';
import type { LiveEntries } from '../schemas/live.js';
import type { GiftCreated, GiftLink } from '../schemas/paywall.js';
import type { PassStarted, PublicOffer } from '../schemas/offers.js';
import type { Library, LibrarySync } from '../schemas/library.js';
import { BACKGROUND_REFRESH_HEADER, type PassKind } from '../constants.js';

/**
 * The typed API client the PWA (and later the desktop app) uses. Reads are named by their path, which is
 * also their cache key: `apiPaths.articles({ category: 'news' })` is both what to fetch and where it is kept.
 * Every answer's type is inferred from the schema the API produces it through; only types come from the schemas
 * here, so the reader bundle carries no validation code.
 */

export type { ChannelVideo };

/** A path whose answer has type T. */
export type ApiPath<T> = string & { readonly __answer?: T };

const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** A path segment from a caller's value: encoded, so that '../admin' stays one segment and never climbs. */
const segment = (value: number | string) => encodeURIComponent(String(value));

export const apiPaths = {
  user: '/api/user' as ApiPath<User>,
  tokens: '/api/tokens' as ApiPath<AccessToken[]>,
  config: '/api/config' as ApiPath<PublicConfig>,
  categories: '/api/categories' as ApiPath<Category[]>,
  articles: (q: { category?: string; limit?: number; offset?: number; q?: string; author?: string } = {}) => `/api/articles${query(q)}` as ApiPath<Article[]>,
  featuredArticles: (limit?: number) => `/api/articles/featured${query({ limit })}` as ApiPath<Article[]>,
  /** One article; with a gift link's token, as the gift opens it (contract §9 [revenue]). */
  article: (id: number | string, gift?: string | null) => `/api/articles/${segment(id)}${query({ gift: gift ?? undefined })}` as ApiPath<Article>,
  gifts: '/api/gifts' as ApiPath<GiftLink[]>,
  /** What a preview link shows (contract §9): the article as it is now, drafts included. */
  articlePreview: (token: string) => `/api/previews/${segment(token)}` as ApiPath<Article>,
  /** A live article's entries (contract §9 [live]): newest first, `before` for older ones, `after` for what changed since. */
  liveEntries: (id: number | string, q: { after?: string; before?: string; limit?: number } = {}) =>
    `/api/articles/${segment(id)}/live${query(q)}` as ApiPath<LiveEntries>,
  /**
   * The live article's event stream (text/event-stream; EventSource), not a JSON read. `after`: the cursor of the
   * entries the page holds, so that what changed since they were read comes first (a reconnect sends Last-Event-ID).
   */
  liveStream: (id: number | string, after?: string) => `/api/articles/${segment(id)}/live/stream${query({ after })}`,
  relatedArticles: (id: number | string) => `/api/articles/${segment(id)}/related` as ApiPath<Article[]>,
  articleAuthor: (id: number | string) => `/api/articles/${segment(id)}/author` as ApiPath<Author>,
  journalist: (id: number | string) => `/api/journalists/${segment(id)}` as ApiPath<Author>,
  podcasts: (q: { limit?: number; category?: string; q?: string } = {}) => `/api/podcasts${query(q)}` as ApiPath<Episode[]>,
  featuredPodcasts: (limit?: number) => `/api/podcasts/featured${query({ limit })}` as ApiPath<Episode[]>,
  interviews: (limit?: number) => `/api/podcasts/interviews${query({ limit })}` as ApiPath<Episode[]>,
  podcast: (id: number | string) => `/api/podcasts/${segment(id)}` as ApiPath<Episode>,
  seriesEpisodes: (id: number | string) => `/api/podcasts/series/${segment(id)}` as ApiPath<Episode[]>,
  seriesList: '/api/podcast-series' as ApiPath<PodcastSeries[]>,
  series: (id: number | string) => `/api/podcast-series/${segment(id)}` as ApiPath<PodcastSeries>,
  people: (limit?: number) => `/api/people${query({ limit })}` as ApiPath<PersonProfile[]>,
  person: (id: number | string) => `/api/people/${segment(id)}` as ApiPath<PersonProfile>,
  advertisements: (placement?: string) => `/api/advertisements${query({ placement })}` as ApiPath<Advertisement[]>,
  customVideos: '/api/custom-videos' as ApiPath<CustomVideo[]>,
  customVideo: (slug: string) => `/api/custom-videos/slug/${segment(slug)}` as ApiPath<CustomVideo>,
  channelVideos: '/api/youtube/channel-videos' as ApiPath<ChannelVideos>,
  newsletterReach: '/api/newsletter' as ApiPath<NewsletterReach>,
  myNewsletter: '/api/user/newsletter' as ApiPath<MySubscription>,
  podcastFeeds: '/api/podcast-feeds' as ApiPath<PodcastFeed[]>,
  /** The reader's library across devices (contract §9 [listen]). */
  library: '/api/me/library' as ApiPath<Library>,
};

/** A failed call: the spec's text ("status: body"), with the server's own message and code kept apart. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string,
    readonly code: string | undefined,
    readonly issues: { path: string; message: string }[] = [],
    /** The answer's other fields, such as the job id of a generation the call stopped waiting for. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(`${status}: ${serverMessage}`);
    this.name = 'ApiError';
  }
}

export interface ApiClientOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Extra headers on every call (the server passes the reader's cookie when it renders a page). */
  headers?: Record<string, string>;
}

export function createApiClient(options: ApiClientOptions = {}) {
  const base = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  async function request<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
    const response = await doFetch(base + path, {
      method,
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        ...(body !== undefined && !isForm ? { 'Content-Type': 'application/json' } : {}),
        ...options.headers,
        ...headers,
      },
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
    });
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    if (!response.ok) {
      let parsed: Partial<ApiErrorBody> = {};
      try {
        // A body of `null` or a bare value says nothing: keep the empty object.
        parsed = (JSON.parse(text) as Partial<ApiErrorBody> | null) ?? {};
        if (typeof parsed !== 'object') parsed = {};
      } catch { /* not JSON */ }
      const { error, code, issues, ...details } = parsed;
      throw new ApiError(response.status, error ?? (text || response.statusText), code, issues, details);
    }
    return (text ? JSON.parse(text) : undefined) as T;
  }

  return {
    get: <T>(path: ApiPath<T>) => request<T>('GET', path),
    /** A read of something the device already keeps, made in the background: it spends no metered read. */
    refresh: <T>(path: ApiPath<T>) => request<T>('GET', path, undefined, { [BACKGROUND_REFRESH_HEADER]: '1' }),
    createGift: (articleId: number) => request<GiftCreated>('POST', `/api/articles/${articleId}/gifts`),
    revokeGift: (id: number) => request<void>('DELETE', `/api/gifts/${id}`),
    login: (input: LoginInput) => request<User>('POST', '/api/login', input),
    register: (input: RegisterInput) => request<User>('POST', '/api/register', input),
    logout: () => request<void>('POST', '/api/logout'),
    updateProfile: (input: ProfileUpdateInput) => request<User>('PATCH', '/api/user/profile', input),
    changePassword: (input: PasswordChangeInput) => request<Message>('POST', '/api/user/password', input),
    /** The password, or for an account without one a fresh e-mailed code. */
    deleteAccount: (confirmation: AccountDeletionInput) => request<void>('DELETE', '/api/user', confirmation),
    /** Sign-in by e-mailed code: the answer is the same for every address. */
    requestLoginCode: (input: LoginCodeRequest) => request<Message>('POST', '/api/auth/code', input),
    verifyLoginCode: (input: LoginCodeVerify) => request<User>('POST', '/api/auth/code/verify', input),
    requestPasswordReset: (email: string) => request<Message>('POST', '/api/auth/reset-password-request', { email }),
    resetPassword: (token: string, newPassword: string) => request<Message>('POST', '/api/auth/reset-password', { token, newPassword }),
    createSubscription: (plan: 'monthly' | 'yearly', extra: { offer?: string; fromArticleId?: number } = {}) =>
      request<SubscriptionStarted>('POST', '/api/create-subscription', { plan, ...extra }),
    /** `intent`: the payment intent of Stripe's return address, or a trial's setup intent (`seti_…`). */
    subscriptionStatus: (intent: string) =>
      request<PaymentStatus>('GET', `/api/subscription/status${query(intent.startsWith('seti_') ? { setup_intent: intent } : { payment_intent: intent })}`),
    offer: (code: string) => request<PublicOffer>('GET', `/api/offers/${encodeURIComponent(code)}`),
    createPass: (pass: PassKind, fromArticleId?: number) => request<PassStarted>('POST', '/api/create-pass', { pass, fromArticleId }),
    billingPortal: () => request<BillingPortal>('POST', '/api/billing-portal'),
    createToken: (name: string) => request<CreatedAccessToken>('POST', '/api/tokens', { name }),
    revokeToken: (id: number) => request<void>('DELETE', `/api/tokens/${id}`),
    countImpression: (id: number) => request<void>('POST', `/api/advertisements/${id}/impression`),
    signUpForNewsletter: (email: string, locale: 'sv' | 'en') => request<Message>('POST', '/api/newsletter', { email, locale }),
    setMyNewsletter: (subscribed: boolean) => request<MySubscription>('PUT', '/api/user/newsletter', { subscribed }),
    rotatePodcastFeeds: () => request<PodcastFeed[]>('POST', '/api/podcast-feeds/rotate'),
    /** Sends a device's library changes (with its clock's `now`) and answers the merged library. */
    syncLibrary: (body: LibrarySync) => request<Library>('PATCH', apiPaths.library, body),
    request,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

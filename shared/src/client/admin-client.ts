import type {
  AdminArticle, Advertisement, Category, CustomVideo, Episode, Journalist, PersonProfile, PodcastSeries, User,
} from '../schemas/entities.js';
import type { UserRole } from '../constants.js';
import type { ApprovalDecided, CustomVideoJsonInput, PendingApproval, StockPhoto } from '../schemas/admin.js';
import type {
  AdminStats, AiDraft, AlertQueued, ChannelVideos, GeneratedImage, SavedStockPhoto, StockPhotos, TopicSuggestions,
} from '../schemas/answers.js';
import type { NewsletterCounts, NewsletterDigest, NewsletterPreview, NewsletterSend, PushAlert } from '../schemas/engage.js';
import type { SharedFeed } from '../schemas/feeds.js';
import type { AiJob } from '../schemas/ai-jobs.js';
import type { AutosaveInput, PresentEditor, PreviewLink, Revision, RevisionSummary } from '../schemas/history.js';
import type { Correction } from '../schemas/entities.js';
import type { LiveEntry, LiveEntryInput, LiveEntryUpdate } from '../schemas/live.js';
import type { AdminOffer, AdminUser, OfferInput } from '../schemas/offers.js';
import type { InsightNow, InsightQuery, InsightReport } from '../schemas/insight.js';
import { ApiError, type ApiClient } from './api-client.js';

/**
 * The admin calls of admin-area.md §7 (and the ones contract.md §7 adds), typed, for the admin screens of the
 * PWA and the desktop app. File uploads are not here: they need progress, which the platform provides.
 * The answers' types are inferred from the schemas the API produces them through.
 */

export type { AdminStats, AiDraft, PendingApproval, StockPhoto };

/** How often a screen asks about a generation it follows, and for how long at most. */
const AI_JOB_STEP_MS = 1_000;
const AI_JOB_FOLLOW_MS = 15 * 60 * 1000;

/**
 * A generation through the spec's direct call, which waits for its job within a time bound and answers 504 with the
 * job's id past it: the screen then follows the job at /api/admin/ai/jobs/{id} to its end, so a slow model never
 * costs the editor the work. A failed job is thrown as the direct call would have answered it.
 */
async function generation<T>(api: ApiClient, path: string, body: unknown): Promise<T> {
  try {
    return await api.request<T>('POST', path, body);
  } catch (error) {
    const id = error instanceof ApiError && error.status === 504 ? error.details.id : undefined;
    if (typeof id !== 'string') throw error;
    const deadline = Date.now() + AI_JOB_FOLLOW_MS;
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, AI_JOB_STEP_MS));
      const job = await api.request<AiJob>('GET', `/api/admin/ai/jobs/${encodeURIComponent(id)}`);
      if (job.status === 'done') return job.result as T;
      if (job.status === 'failed') throw new ApiError(502, job.error ?? 'The generation failed', job.code);
    }
    throw error;
  }
}

/** One resource's four calls: list, create, update, delete. */
function resource<T>(api: ApiClient, path: string) {
  return {
    list: () => api.request<T[]>('GET', `${path}?limit=100`),
    create: (body: unknown) => api.request<T>('POST', path, body),
    update: (id: number, body: unknown) => api.request<T>('PUT', `${path}/${id}`, body),
    remove: (id: number) => api.request<void>('DELETE', `${path}/${id}`),
  };
}

const insightQuery = ({ from, to, articleId }: InsightQuery) => {
  const search = new URLSearchParams();
  if (from) search.set('from', from);
  if (to) search.set('to', to);
  if (articleId) search.set('articleId', String(articleId));
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** The address of a period's figures as CSV: a download the screens fetch through their platform, not a JSON call. */
export const insightsCsvPath = (query: InsightQuery = {}) => `/api/admin/insights.csv${insightQuery(query)}`;

export function createAdminClient(api: ApiClient) {
  return {
    stats: () => api.request<AdminStats>('GET', '/api/admin/stats'),
    /** The newsroom's figures (contract §9 [insight]): now, and a period's (or one article's); its CSV is `insightsCsvPath`. */
    insights: {
      now: () => api.request<InsightNow>('GET', '/api/admin/insights/now'),
      report: (query: InsightQuery = {}) => api.request<InsightReport>('GET', `/api/admin/insights${insightQuery(query)}`),
    },
    articles: resource<AdminArticle>(api, '/api/admin/articles'),
    /** An article's history (contract §9): revisions, autosave, restore, corrections and preview links. */
    articleHistory: {
      revisions: (id: number) => api.request<RevisionSummary[]>('GET', `/api/admin/articles/${id}/revisions`),
      revision: (id: number, revisionId: number) => api.request<Revision>('GET', `/api/admin/articles/${id}/revisions/${revisionId}`),
      restore: (id: number, revisionId: number) => api.request<AdminArticle>('POST', `/api/admin/articles/${id}/revisions/${revisionId}/restore`),
      autosave: (id: number, body: AutosaveInput) => api.request<RevisionSummary>('POST', `/api/admin/articles/${id}/autosave`, body),
      corrections: (id: number) => api.request<Correction[]>('GET', `/api/admin/articles/${id}/corrections`),
      addCorrection: (id: number, text: string) => api.request<Correction>('POST', `/api/admin/articles/${id}/corrections`, { text }),
      removeCorrection: (id: number, correctionId: number) => api.request<void>('DELETE', `/api/admin/articles/${id}/corrections/${correctionId}`),
      createPreview: (id: number) => api.request<PreviewLink>('POST', `/api/admin/articles/${id}/preview`),
      revokePreviews: (id: number) => api.request<void>('DELETE', `/api/admin/articles/${id}/preview`),
      /** The editor's heartbeat while the article is open: the other editors who have it open. */
      present: (id: number) => api.request<PresentEditor[]>('PUT', `/api/admin/articles/${id}/presence`),
      leave: (id: number) => api.request<void>('DELETE', `/api/admin/articles/${id}/presence`),
    },
    /** A live article's entries (contract §9 [live]); the coverage ends through a PUT of the article. */
    liveEntries: {
      create: (articleId: number, body: LiveEntryInput) => api.request<LiveEntry>('POST', `/api/admin/articles/${articleId}/live/entries`, body),
      update: (articleId: number, entryId: number, body: LiveEntryUpdate) =>
        api.request<LiveEntry>('PUT', `/api/admin/articles/${articleId}/live/entries/${entryId}`, body),
      remove: (articleId: number, entryId: number) => api.request<void>('DELETE', `/api/admin/articles/${articleId}/live/entries/${entryId}`),
    },
    podcasts: resource<Episode>(api, '/api/admin/podcasts'),
    series: resource<PodcastSeries>(api, '/api/admin/podcast-series'),
    advertisements: resource<Advertisement>(api, '/api/admin/advertisements'),
    journalists: resource<Journalist>(api, '/api/admin/journalists'),
    people: resource<PersonProfile>(api, '/api/admin/people-profiles'),
    categories: resource<Category>(api, '/api/admin/categories'),
    customVideos: {
      list: () => api.request<CustomVideo[]>('GET', '/api/admin/custom-videos'),
      /** Makes a custom video of a finished resumable upload (its `url`). */
      create: (body: CustomVideoJsonInput) => api.request<CustomVideo>('POST', '/api/admin/custom-videos', body),
      update: (id: number, body: { title?: string; description?: string; active?: boolean; priority?: number }) =>
        api.request<CustomVideo>('PUT', `/api/admin/custom-videos/${id}`, body),
      remove: (id: number) => api.request<void>('DELETE', `/api/admin/custom-videos/${id}`),
    },
    offers: {
      list: () => api.request<AdminOffer[]>('GET', '/api/admin/offers'),
      create: (body: OfferInput) => api.request<AdminOffer>('POST', '/api/admin/offers', body),
      archive: (id: number) => api.request<AdminOffer>('PUT', `/api/admin/offers/${id}`, { active: false }),
    },
    approvals: {
      pending: () => api.request<PendingApproval[]>('GET', '/api/admin/approvals/pending?limit=100'),
      decide: (id: number, status: 'approved' | 'rejected', comments?: string) =>
        api.request<ApprovalDecided>('PATCH', `/api/admin/approvals/${id}`, { status, comments }),
    },
    users: {
      search: (q?: string) => api.request<AdminUser[]>('GET', `/api/admin/users?limit=100${q ? `&q=${encodeURIComponent(q)}` : ''}`),
      update: (id: number, body: { role?: UserRole; active?: boolean }) => api.request<User>('PATCH', `/api/admin/users/${id}`, body),
      /** Private podcast feeds fetched from many networks on one day of the last week. */
      sharedFeeds: () => api.request<SharedFeed[]>('GET', '/api/admin/podcast-feeds/shared'),
    },
    ai: {
      generateArticle: (body: { topic: string; tone?: string; length: string; category: string; articleType: string; customGptModel?: string }) =>
        generation<AiDraft>(api, '/api/admin/ai/generate-article', body),
      generateImage: (body: { prompt: string; style?: string; size: string }) => generation<GeneratedImage>(api, '/api/admin/ai/generate-image', body),
      topicSuggestions: (category: string) =>
        api.request<TopicSuggestions>('GET', `/api/admin/ai/topic-suggestions?category=${encodeURIComponent(category)}`),
    },
    pexels: {
      curated: () => api.request<StockPhotos>('GET', '/api/admin/pexels/curated'),
      search: (query: string) => api.request<StockPhotos>('GET', `/api/admin/pexels/search?query=${encodeURIComponent(query)}`),
      save: (photo: StockPhoto) => api.request<SavedStockPhoto>('POST', '/api/admin/save-pexels-image', {
        imageUrl: photo.src.large, photographer: photo.photographer, alt: photo.alt, pexelsId: photo.id,
      }),
    },
    channelVideos: (channelUrl: string) =>
      api.request<ChannelVideos>('GET', `/api/youtube/channel-videos?channelUrl=${encodeURIComponent(channelUrl)}`),
    newsletter: {
      counts: () => api.request<NewsletterCounts>('GET', '/api/admin/newsletter'),
      preview: (digest: NewsletterDigest) => api.request<NewsletterPreview>('POST', '/api/admin/newsletter/preview', digest),
      send: (digest: NewsletterDigest) => api.request<NewsletterSend>('POST', '/api/admin/newsletter/send', digest),
      sends: () => api.request<NewsletterSend[]>('GET', '/api/admin/newsletter/sends'),
    },
    sendAlert: (alert: PushAlert) => api.request<AlertQueued>('POST', '/api/admin/push', alert),
  };
}

export type AdminClient = ReturnType<typeof createAdminClient>;

import type {
  Advertisement, Article, Category, CustomVideo, Episode, Journalist, PersonProfile, PodcastSeries, User,
} from '../schemas/entities.js';
import type { UserRole } from '../constants.js';
import type { SharedFeed } from '../schemas/feeds.js';
import type { ApiClient, ChannelVideo } from './api-client.js';

/**
 * The admin calls of admin-area.md §7 (and the ones contract.md §7 adds), typed, for the admin screens of the
 * PWA and the desktop app. File uploads are not here: they need progress, which the platform provides.
 */

export interface AdminStats {
  articles: { total: number; published: number; thisWeek: number; lastWeek: number };
  podcasts: { total: number; published: number; thisWeek: number; lastWeek: number };
  advertisements: { active: number };
  approvals: { pending: number };
  users: { total: number; thisWeek: number; lastWeek: number };
}

export interface PendingApproval {
  id: number; contentType: 'article' | 'podcast' | 'profile'; contentId: number; title: string;
  submittedBy: number | null; submittedByName: string | null; submittedAt: string; status: string; comments: string | null;
}

export interface StockPhoto { id: number; alt: string; photographer: string; src: { small: string; medium: string; large: string } }
export interface GeneratedArticle { title: string; content: string; excerpt: string; readTime: number }

/** One resource's four calls: list, create, update, delete. */
function resource<T>(api: ApiClient, path: string) {
  return {
    list: () => api.request<T[]>('GET', `${path}?limit=100`),
    create: (body: unknown) => api.request<T>('POST', path, body),
    update: (id: number, body: unknown) => api.request<T>('PUT', `${path}/${id}`, body),
    remove: (id: number) => api.request<void>('DELETE', `${path}/${id}`),
  };
}

export function createAdminClient(api: ApiClient) {
  return {
    stats: () => api.request<AdminStats>('GET', '/api/admin/stats'),
    articles: resource<Article>(api, '/api/admin/articles'),
    podcasts: resource<Episode>(api, '/api/admin/podcasts'),
    series: resource<PodcastSeries>(api, '/api/admin/podcast-series'),
    advertisements: resource<Advertisement>(api, '/api/admin/advertisements'),
    journalists: resource<Journalist>(api, '/api/admin/journalists'),
    people: resource<PersonProfile>(api, '/api/admin/people-profiles'),
    categories: resource<Category>(api, '/api/admin/categories'),
    customVideos: {
      list: () => api.request<CustomVideo[]>('GET', '/api/admin/custom-videos'),
      update: (id: number, body: { title?: string; description?: string; active?: boolean; priority?: number }) =>
        api.request<CustomVideo>('PUT', `/api/admin/custom-videos/${id}`, body),
      remove: (id: number) => api.request<void>('DELETE', `/api/admin/custom-videos/${id}`),
    },
    approvals: {
      pending: () => api.request<PendingApproval[]>('GET', '/api/admin/approvals/pending?limit=100'),
      decide: (id: number, status: 'approved' | 'rejected', comments?: string) =>
        api.request<{ id: number; status: string; comments: string | null }>('PATCH', `/api/admin/approvals/${id}`, { status, comments }),
    },
    users: {
      search: (q?: string) => api.request<User[]>('GET', `/api/admin/users?limit=100${q ? `&q=${encodeURIComponent(q)}` : ''}`),
      update: (id: number, body: { role?: UserRole; active?: boolean }) => api.request<User>('PATCH', `/api/admin/users/${id}`, body),
      /** Private podcast feeds fetched from many networks on one day of the last week. */
      sharedFeeds: () => api.request<SharedFeed[]>('GET', '/api/admin/podcast-feeds/shared'),
    },
    ai: {
      generateArticle: (body: { topic: string; tone?: string; length: string; category: string; articleType: string; customGptModel?: string }) =>
        api.request<GeneratedArticle>('POST', '/api/admin/ai/generate-article', body),
      generateImage: (body: { prompt: string; style?: string; size: string }) => api.request<{ url: string }>('POST', '/api/admin/ai/generate-image', body),
      topicSuggestions: (category: string) =>
        api.request<{ topics: string[] }>('GET', `/api/admin/ai/topic-suggestions?category=${encodeURIComponent(category)}`),
    },
    pexels: {
      curated: () => api.request<{ photos: StockPhoto[] }>('GET', '/api/admin/pexels/curated'),
      search: (query: string) => api.request<{ photos: StockPhoto[] }>('GET', `/api/admin/pexels/search?query=${encodeURIComponent(query)}`),
      save: (photo: StockPhoto) => api.request<{ localUrl: string }>('POST', '/api/admin/save-pexels-image', {
        imageUrl: photo.src.large, photographer: photo.photographer, alt: photo.alt, pexelsId: photo.id,
      }),
    },
    channelVideos: (channelUrl: string) =>
      api.request<{ videos: ChannelVideo[] }>('GET', `/api/youtube/channel-videos?channelUrl=${encodeURIComponent(channelUrl)}`),
  };
}

export type AdminClient = ReturnType<typeof createAdminClient>;

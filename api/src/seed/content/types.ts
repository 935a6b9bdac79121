import type { Chapter } from '@redaktion/shared';
/** The shape of the demo publication's content (Swedish text; see docs/adr/0005-demo-content.md). */
export type ArticleCategory = 'news' | 'politics' | 'society' | 'culture' | 'business' | 'technology' | 'opinion' | 'people';
export type SeriesCategory = 'news' | 'society' | 'culture' | 'technology' | 'business';

export interface DemoJournalist { name: string; email: string; title: string; bio: string; specialty: string; expertise: string[]; status: 'active' | 'freelance' | 'intern' | 'inactive'; socialLinks: { twitter?: string; linkedin?: string } }
export interface DemoArticle { title: string; excerpt: string; content: string; category: ArticleCategory; author: string; authorTitle: string; readTime: number; premium: boolean; featured: boolean; categoryFeatured: boolean; hoursAgo: number; imageAlt: string;
  /** Illustrations the content shows as figures (`/uploads/demo/figure-{name}.svg`), drawn by the seed. */
  figures?: { name: string; title: string }[] }
export interface DemoSeries { key: string; title: string; description: string; category: SeriesCategory; hostName: string; featured: boolean }
export interface DemoEpisode { seriesKey: string | null; kind: 'episode' | 'interview'; title: string; description: string; category: SeriesCategory; episodeNumber: number; premium: boolean; featured: boolean; hoursAgo: number; audioFile: string; durationSeconds: number; chapters?: Chapter[] }
export interface DemoPerson { name: string; title: string; category: ArticleCategory; location: string; birthDate: string; excerpt: string; bio: string; achievements: string[]; galleryCaptions: string[]; socialLinks: { twitter?: string; instagram?: string; linkedin?: string }; featured: boolean }
export interface DemoAd { title: string; description: string; partnerName: string; placement: 'banner' | 'sidebar' | 'inline' | 'hero' | 'article-top' | 'article-middle' | 'article-bottom' | 'footer' | 'newsletter'; linkUrl: string }
export interface DemoVideo { title: string; description: string; duration: string; videoFile: string; priority: number }
/** A live article (contract §9 [live]) and its entries, each posted `minutesAgo` before the seed ran, oldest first. */
export interface DemoLiveArticle {
  article: DemoArticle;
  /** Who signs the entries. */
  author: string;
  entries: { minutesAgo: number; title: string | null; content: string; keyEvent: boolean; pinned: boolean }[];
}

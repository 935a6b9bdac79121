import type { Advertisement, Article, Category, Episode, Journalist, PersonProfile, PodcastSeries } from '@redaktion/shared';

/** Items as the admin API lists them, for the admin screens' component tests. */

const stamps = { createdAt: '2026-03-01T08:00:00.000Z', updatedAt: '2026-03-02T08:00:00.000Z' };

export const series = (id: number, title: string, extra: Partial<PodcastSeries> = {}): PodcastSeries => ({
  id, title, description: `Om ${title}`, category: 'news', imageUrl: `/uploads/images/series-${id}.webp`, hostName: 'Karin Ek',
  featured: false, active: true, episodeCount: 0, ...stamps, ...extra,
});

export const episode = (id: number, title: string, extra: Partial<Episode> = {}): Episode => ({
  id, seriesId: 3, kind: 'episode', title, description: `Om ${title}`, category: 'news', imageUrl: null,
  audioUrl: `/api/podcasts/${id}/audio`, locked: false, duration: 1830, chapters: [], transcript: null, episodeNumber: 4, publishedAt: '2026-03-02T08:00:00.000Z',
  featured: false, premium: false, status: 'published', ...stamps, ...extra,
});

export const ad = (id: number, title: string, extra: Partial<Advertisement> & { impressions?: number; clicks?: number } = {}) => ({
  id, title, description: `Om ${title}`, imageUrl: null, linkUrl: 'https://partner.example.se', clickUrl: `/api/advertisements/${id}/click`,
  placement: 'sidebar' as const, partnerName: 'Partner AB', active: true, startDate: '2026-03-01T00:00:00.000Z', endDate: null,
  impressions: 0, clicks: 0, ...extra,
});

export const journalist = (id: number, name: string, extra: Partial<Journalist> = {}): Journalist => ({
  id, name, email: `${name.split(' ')[0]!.toLowerCase()}@redaktion.se`, title: 'Reporter', bio: null, profileImage: null,
  specialty: 'Politik', expertise: [], status: 'active', active: true, socialLinks: {}, ...extra,
});

export const article = (id: number, title: string, extra: Partial<Article> = {}): Article => ({
  id, title, excerpt: 'Ingress', content: 'Text', locked: false, category: 'news', imageUrl: null, imageAlt: null, imageCredit: null,
  author: 'Rut Redaktör', authorImage: null, authorTitle: null, readTime: 5, publishedAt: null, featured: false, categoryFeatured: false,
  premium: false, status: 'draft', kind: 'article', liveStatus: null, coverageStartTime: null, coverageEndTime: null, audioUrl: null,
  createdAt: '2026-03-01T08:00:00.000Z', updatedAt: '2026-03-01T08:00:00.000Z', ...extra,
});

export const person = (id: number, name: string, extra: Partial<PersonProfile> = {}): PersonProfile => ({
  id, name, title: `Möt ${name}`, excerpt: 'En rad om personen.', bio: 'Första stycket.', category: 'society', profileImage: `/uploads/images/person-${id}.webp`,
  location: null, birthDate: null, achievements: [], photoGallery: [], socialLinks: {}, author: 'Rut Redaktör', readTime: 5, featured: false,
  status: 'published', publishedAt: '2026-03-01T08:00:00.000Z', ...stamps, ...extra,
});

export const CATEGORIES: Category[] = [{ id: 1, name: 'Nyheter', slug: 'news', description: null, color: null, active: true }];

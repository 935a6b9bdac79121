import type {
  AdPlacement, Advertisement, Article, Author, Category, ContentStatus, CustomVideo, Episode, EpisodeKind, Journalist,
  PersonProfile, PodcastSeries,
} from '@redaktion/shared';
import { fromJson, toBool, toIso } from '../db/values.js';
import { hearsEpisode, readsPremium, type Audience } from '../services/content/audience.js';

/**
 * Rows become API answers here and nowhere else. Premium gating lives in this file too, by the request's
 * audience: whatever leaves the server passes through it (the habit of Ghost's output serializers).
 */

type Row = Record<string, unknown>;
const str = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
const strOrNull = (value: unknown): string | null => (value === null || value === undefined || value === '' ? null : String(value));
const int = (value: unknown): number => Number(value ?? 0);

export function toArticle(row: Row, audience: Audience, withContent: boolean): Article {
  const premium = toBool(row.premium);
  const locked = premium && !readsPremium(audience);
  return {
    id: int(row.id),
    title: str(row.title),
    excerpt: str(row.excerpt),
    ...(withContent && !locked ? { content: str(row.content) } : {}),
    locked,
    category: str(row.category),
    imageUrl: strOrNull(row.imageUrl),
    imageAlt: strOrNull(row.imageAlt),
    imageCredit: strOrNull(row.imageCredit),
    author: str(row.author),
    authorImage: strOrNull(row.authorImage),
    authorTitle: strOrNull(row.authorTitle),
    readTime: int(row.readTime),
    publishedAt: toIso(row.publishedAt),
    featured: toBool(row.featured),
    categoryFeatured: toBool(row.categoryFeatured),
    premium,
    status: str(row.status) as ContentStatus,
    createdAt: toIso(row.createdAt) ?? '',
    updatedAt: toIso(row.updatedAt) ?? '',
  };
}

export const episodeAudioPath = (id: number) => `/api/podcasts/${id}/audio`;

export function toEpisode(row: Row, audience: Audience): Episode {
  const premium = toBool(row.premium);
  const locked = !hearsEpisode(audience, row);
  const id = int(row.id);
  return {
    id,
    seriesId: row.seriesId === null || row.seriesId === undefined ? null : int(row.seriesId),
    kind: str(row.kind) as EpisodeKind,
    title: str(row.title),
    description: str(row.description),
    category: strOrNull(row.category),
    imageUrl: strOrNull(row.imageUrl),
    audioUrl: row.audioFile && !locked ? episodeAudioPath(id) : null,
    locked,
    duration: int(row.duration),
    episodeNumber: int(row.episodeNumber) || 1,
    publishedAt: toIso(row.publishedAt),
    featured: toBool(row.featured),
    premium,
    status: str(row.status) as ContentStatus,
    createdAt: toIso(row.createdAt) ?? '',
    updatedAt: toIso(row.updatedAt) ?? '',
  };
}

export function toSeries(row: Row): PodcastSeries {
  return {
    id: int(row.id),
    title: str(row.title),
    description: str(row.description),
    category: str(row.category),
    imageUrl: strOrNull(row.imageUrl),
    hostName: strOrNull(row.hostName),
    featured: toBool(row.featured),
    active: toBool(row.active),
    episodeCount: int(row.episodeCount),
    createdAt: toIso(row.createdAt) ?? '',
    updatedAt: toIso(row.updatedAt) ?? '',
  };
}

export function toPerson(row: Row): PersonProfile {
  return {
    id: int(row.id),
    name: str(row.name),
    title: str(row.title),
    excerpt: str(row.excerpt),
    bio: str(row.bio),
    category: str(row.category),
    profileImage: strOrNull(row.profileImage),
    location: strOrNull(row.location),
    birthDate: strOrNull(row.birthDate),
    achievements: fromJson<string[]>(row.achievements, []),
    photoGallery: fromJson<string[]>(row.photoGallery, []),
    socialLinks: fromJson<PersonProfile['socialLinks']>(row.socialLinks, {}),
    author: strOrNull(row.author),
    readTime: int(row.readTime),
    featured: toBool(row.featured),
    status: str(row.status) as ContentStatus,
    publishedAt: toIso(row.publishedAt),
    createdAt: toIso(row.createdAt) ?? '',
    updatedAt: toIso(row.updatedAt) ?? '',
  };
}

export function toAdvertisement(row: Row): Advertisement {
  const id = int(row.id);
  return {
    id,
    title: str(row.title),
    description: str(row.description),
    imageUrl: strOrNull(row.imageUrl),
    linkUrl: strOrNull(row.linkUrl),
    clickUrl: row.linkUrl ? `/api/advertisements/${id}/click` : null,
    placement: str(row.placement) as AdPlacement,
    partnerName: strOrNull(row.partnerName),
    active: toBool(row.active),
    startDate: toIso(row.startDate),
    endDate: toIso(row.endDate),
  };
}

export function toCustomVideo(row: Row): CustomVideo {
  return {
    id: int(row.id),
    slug: str(row.slug),
    title: str(row.title),
    description: str(row.description),
    videoUrl: str(row.videoUrl),
    thumbnailUrl: strOrNull(row.thumbnailUrl),
    duration: str(row.duration),
    active: toBool(row.active),
    priority: int(row.priority),
    createdAt: toIso(row.createdAt) ?? '',
  };
}

export function toCategory(row: Row): Category {
  return {
    id: int(row.id),
    name: str(row.name),
    slug: str(row.slug),
    description: strOrNull(row.description),
    color: strOrNull(row.color),
    active: toBool(row.active),
  };
}

/** A journalist for readers: no e-mail, no status. */
export function toAuthor(row: Row): Author {
  const { id, name, title, bio, profileImage, specialty, expertise, socialLinks } = toJournalist(row);
  return { id, name, title, bio, profileImage, specialty, expertise, socialLinks };
}

export function toJournalist(row: Row): Journalist {
  return {
    id: int(row.id),
    name: str(row.name),
    email: str(row.email),
    title: strOrNull(row.title),
    bio: strOrNull(row.bio),
    profileImage: strOrNull(row.profileImage),
    specialty: strOrNull(row.specialty),
    expertise: fromJson<string[]>(row.expertise, []),
    status: str(row.status) as Journalist['status'],
    active: toBool(row.active),
    socialLinks: fromJson<Journalist['socialLinks']>(row.socialLinks, {}),
  };
}

import type {
  Advertisement, Article, Author, Category, Correction, CustomVideo, Episode, Journalist, PersonProfile, PodcastSeries,
} from '@redaktion/shared';
import type {
  ArticleCorrectionRow, AdvertisementRow, ArticleRow, CategoryRow, CustomVideoRow, JournalistRow, PeopleProfileRow, PodcastRow, PodcastSeriesRow,
} from '../db/rows.js';
import { mapEmbeds, type Block, type EmbedCard } from '@redaktion/shared/content';
import { fromJson, toBool, toIso } from '../db/values.js';
import { chaptersOf } from '../services/feeds/chapters.js';
import { hearsEpisode, readsPremium, type Audience } from '../services/content/audience.js';
import type { ArticleListRow } from '../services/content/articles.js';
import type { CountedSeriesRow } from '../services/content/podcasts.js';
import type { EmbeddedItems } from '../services/content/embeds.js';
import { bodyOf } from '../services/content/article-body.js';
import { transcriptPath } from '../services/voice/transcript-paths.js';
import { articleAudioPath } from '../services/read-aloud/paths.js';

/**
 * Rows become API answers here and nowhere else. Premium gating lives in this file too, by the request's
 * audience: whatever leaves the server passes through it (the habit of Ghost's output serializers).
 */

/** An optional text column left blank is absent, as a null one is. */
const orNull = (value: string | null): string | null => value || null;

/** A list row has no body; `withContent` asks for the body of a row that has one, unless the reader may not read it. */
export function toArticle(row: ArticleListRow | ArticleRow, audience: Audience, withContent: boolean): Article {
  const premium = toBool(row.premium);
  const locked = premium && !readsPremium(audience);
  return {
    id: row.id,
    title: row.title,
    excerpt: row.excerpt,
    // The body travels parsed beside its Markdown (stored so at save): the reader renders the tree, with no parser.
    ...(withContent && !locked && 'content' in row ? { content: row.content, body: bodyOf(row) } : {}),
    locked,
    category: row.category,
    imageUrl: orNull(row.imageUrl),
    imageAlt: orNull(row.imageAlt),
    imageCredit: orNull(row.imageCredit),
    author: row.author,
    authorImage: orNull(row.authorImage),
    authorTitle: orNull(row.authorTitle),
    readTime: row.readTime,
    publishedAt: toIso(row.publishedAt),
    featured: toBool(row.featured),
    categoryFeatured: toBool(row.categoryFeatured),
    premium,
    status: row.status,
    ...liveFields(row),
    // Premium audio follows the body: it reaches whom the body is open to by subscription (routes/articles.ts: not by meter or gift).
    audioUrl: row.audioFile && !locked ? articleAudioPath(row.id) : null,
    createdAt: toIso(row.createdAt) ?? '',
    updatedAt: toIso(row.updatedAt) ?? '',
  };
}

/**
 * A live article's coverage (contract §9 [live]). It began when the article went public as live: an article that an
 * approval published has no start stored, and its publication is that moment.
 */
function liveFields(row: Pick<ArticleRow, 'kind' | 'liveStatus' | 'coverageStartTime' | 'coverageEndTime' | 'publishedAt' | 'status'>) {
  if (row.kind !== 'live') return { kind: 'article' as const, liveStatus: null, coverageStartTime: null, coverageEndTime: null };
  return {
    kind: row.kind,
    liveStatus: row.liveStatus ?? 'live',
    coverageStartTime: toIso(row.coverageStartTime) ?? (row.status === 'published' ? toIso(row.publishedAt) : null),
    coverageEndTime: row.liveStatus === 'ended' ? toIso(row.coverageEndTime) : null,
  };
}

export const toCorrection = (row: ArticleCorrectionRow): Correction => ({ id: row.id, text: row.text, createdAt: toIso(row.createdAt) ?? '' });

export const episodeAudioPath = (id: number) => `/api/podcasts/${id}/audio`;

/**
 * The article with a card on each embed of its body (contract §9): title and image of the item, and an episode's
 * audio only for a reader who may hear it. An embed whose item was not found (unpublished, gone) has no card.
 */
export function withEmbedCards(article: Article, items: EmbeddedItems, audience: Audience): Article {
  return article.body ? { ...article, body: bodyWithCards(article.body, items, audience) } : article;
}

/** A body with a card on each embed whose item was found (a live entry's as an article's). */
export function bodyWithCards(body: Block[], items: EmbeddedItems, audience: Audience): Block[] {
  const cards = new Map<string, EmbedCard>([
    ...items.podcasts.map((row): [string, EmbedCard] => [`podcast:${row.id}`, {
      title: row.title, image: orNull(row.imageUrl), audio: row.audioFile && hearsEpisode(audience, row) ? episodeAudioPath(row.id) : null,
    }]),
    ...items.articles.map((row): [string, EmbedCard] => [`article:${row.id}`, { title: row.title, image: orNull(row.imageUrl) }]),
    ...items.videos.map((row): [string, EmbedCard] => [`watch:${row.slug}`, { title: row.title, image: orNull(row.thumbnailUrl) }]),
    ...items.people.map((row): [string, EmbedCard] => [`people:${row.id}`, { title: row.name, image: orNull(row.profileImage) }]),
  ]);
  return mapEmbeds(body, (embed) => ({ ...embed, card: cards.get(`${embed.kind}:${embed.ref}`) ?? null }));
}

export function toEpisode(row: PodcastRow, audience: Audience): Episode {
  const locked = !hearsEpisode(audience, row);
  return {
    id: row.id,
    seriesId: row.seriesId,
    kind: row.kind,
    title: row.title,
    description: row.description,
    category: orNull(row.category),
    imageUrl: orNull(row.imageUrl),
    audioUrl: row.audioFile && !locked ? episodeAudioPath(row.id) : null,
    locked,
    duration: row.duration,
    chapters: chaptersOf(row),
    // Like the audio: a locked episode's words are not the reader's.
    transcript: row.transcriptPublishedAt && !locked ? { url: transcriptPath(row.id) } : null,
    episodeNumber: row.episodeNumber || 1,
    publishedAt: toIso(row.publishedAt),
    featured: toBool(row.featured),
    premium: toBool(row.premium),
    status: row.status,
    createdAt: toIso(row.createdAt) ?? '',
    updatedAt: toIso(row.updatedAt) ?? '',
  };
}

/** A series just saved comes without the episode count the reads add. */
export function toSeries(row: PodcastSeriesRow | CountedSeriesRow): PodcastSeries {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    imageUrl: orNull(row.imageUrl),
    hostName: orNull(row.hostName),
    featured: toBool(row.featured),
    active: toBool(row.active),
    episodeCount: 'episodeCount' in row ? Number(row.episodeCount) : 0,
    createdAt: toIso(row.createdAt) ?? '',
    updatedAt: toIso(row.updatedAt) ?? '',
  };
}

export function toPerson(row: PeopleProfileRow): PersonProfile {
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    excerpt: row.excerpt,
    bio: row.bio,
    category: row.category,
    profileImage: orNull(row.profileImage),
    location: orNull(row.location),
    birthDate: orNull(row.birthDate),
    achievements: fromJson<string[]>(row.achievements, []),
    photoGallery: fromJson<string[]>(row.photoGallery, []),
    socialLinks: fromJson<PersonProfile['socialLinks']>(row.socialLinks, {}),
    author: orNull(row.author),
    readTime: row.readTime,
    featured: toBool(row.featured),
    status: row.status,
    publishedAt: toIso(row.publishedAt),
    createdAt: toIso(row.createdAt) ?? '',
    updatedAt: toIso(row.updatedAt) ?? '',
  };
}

export function toAdvertisement(row: AdvertisementRow): Advertisement {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    imageUrl: orNull(row.imageUrl),
    linkUrl: orNull(row.linkUrl),
    clickUrl: row.linkUrl ? `/api/advertisements/${row.id}/click` : null,
    placement: row.placement,
    partnerName: orNull(row.partnerName),
    active: toBool(row.active),
    startDate: toIso(row.startDate),
    endDate: toIso(row.endDate),
  };
}

export function toCustomVideo(row: CustomVideoRow): CustomVideo {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    videoUrl: row.videoUrl,
    thumbnailUrl: orNull(row.thumbnailUrl),
    duration: row.duration,
    active: toBool(row.active),
    priority: row.priority,
    createdAt: toIso(row.createdAt) ?? '',
  };
}

export function toCategory(row: CategoryRow): Category {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: orNull(row.description),
    color: orNull(row.color),
    active: toBool(row.active),
  };
}

/** A journalist for readers: no e-mail, no status. */
export function toAuthor(row: JournalistRow): Author {
  const { id, name, title, bio, profileImage, specialty, expertise, socialLinks } = toJournalist(row);
  return { id, name, title, bio, profileImage, specialty, expertise, socialLinks };
}

export function toJournalist(row: JournalistRow): Journalist {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    title: orNull(row.title),
    bio: orNull(row.bio),
    profileImage: orNull(row.profileImage),
    specialty: orNull(row.specialty),
    expertise: fromJson<string[]>(row.expertise, []),
    status: row.status,
    active: toBool(row.active),
    socialLinks: fromJson<Journalist['socialLinks']>(row.socialLinks, {}),
  };
}

import type {
  BlogPosting, LiveBlogPosting, NewsArticle, Organization, Person, PodcastEpisode, PodcastSeries as PodcastSeriesLd, SearchAction, VideoObject, WebSite, WithActionConstraints,
  WithContext,
} from 'schema-dts';
import type { Article, Author, CustomVideo, Episode, LiveEntries, PersonProfile, PodcastSeries } from '@redaktion/shared';
import { bodyToText, firstWords } from '@redaktion/shared/content/words';
import { rasterImagePath } from '@redaktion/shared/raster';

/**
 * JSON-LD for search engines (schema.org, typed with schema-dts), built from the data a page was rendered
 * with. Every address is absolute; images are the raster copies crawlers accept.
 */

export type StructuredData = WithContext<NewsArticle | LiveBlogPosting | PodcastEpisode | PodcastSeriesLd | Person | VideoObject | Organization | WebSite>;

const PUBLISHER_NAME = 'Redaktion';
/** The longest headline Google shows for an article. */
const HEADLINE_CHARS = 110;

/** The image crawlers and link previews take: a JPEG copy of our uploads, other images as they are. */
export function shareImage(origin: string, imageUrl: string | null | undefined): string | undefined {
  const image = rasterImagePath('og', imageUrl) ?? imageUrl;
  return image ? new URL(image, origin).toString() : undefined;
}

/** The publication's own picture, for pages whose subject has none (Google requires an image on a NewsArticle). */
export const defaultShareImage = (origin: string) => `${origin}/icons/og-default.png`;

const publisher = (origin: string) => ({
  '@type': 'Organization',
  name: PUBLISHER_NAME,
  url: `${origin}/`,
  logo: { '@type': 'ImageObject', url: `${origin}/icons/icon-512.png`, width: '512', height: '512' },
}) as const satisfies Organization;

export const organization = (origin: string): WithContext<Organization> => ({ '@context': 'https://schema.org', ...publisher(origin) });

/** The home page: the site, and how to search it (Google's sitelinks search box). */
export function webSite(origin: string): WithContext<WebSite> {
  const search: WithActionConstraints<SearchAction> = {
    '@type': 'SearchAction',
    target: { '@type': 'EntryPoint', urlTemplate: `${origin}/search?q={search_term_string}` },
    'query-input': 'required name=search_term_string',
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: PUBLISHER_NAME,
    url: `${origin}/`,
    inLanguage: 'sv',
    publisher: { '@type': 'Organization', name: PUBLISHER_NAME, url: `${origin}/` },
    potentialAction: search,
  };
}

/** `isAccessibleForFree` is false for premium: the body is never sent to those who may not read it. */
export function newsArticle(origin: string, article: Article, author: Author | undefined): WithContext<NewsArticle> {
  const image = shareImage(origin, article.imageUrl) ?? defaultShareImage(origin);
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    mainEntityOfPage: `${origin}/article/${article.id}`,
    headline: article.title.slice(0, HEADLINE_CHARS),
    description: article.excerpt,
    image: [image],
    ...(article.publishedAt ? { datePublished: article.publishedAt } : {}),
    // Never earlier than the newest correction (contract §9).
    dateModified: [article.updatedAt, ...(article.corrections ?? []).map((c) => c.createdAt)].sort().at(-1)!,
    ...(article.corrections?.length
      ? { correction: article.corrections.map((c) => ({ '@type': 'CorrectionComment' as const, text: c.text, datePublished: c.createdAt })) }
      : {}),
    author: author
      ? { '@type': 'Person', name: author.name, url: `${origin}/journalists/${author.id}`, ...(author.title ? { jobTitle: author.title } : {}) }
      : { '@type': 'Person', name: article.author },
    publisher: publisher(origin),
    articleSection: article.category,
    inLanguage: 'sv',
    isAccessibleForFree: !article.premium,
  };
}

/**
 * A live article (contract §9 [live]): the article's own description as for a NewsArticle, its coverage's times, and
 * its entries as they are on the page (newest first), each with its text only where the reader may read it.
 */
export function liveBlogPosting(origin: string, article: Article, author: Author | undefined, live: LiveEntries | undefined): WithContext<LiveBlogPosting> {
  const { '@type': _newsArticle, ...described } = newsArticle(origin, article, author);
  const updates = (live?.entries ?? []).map((entry): BlogPosting => ({
    '@type': 'BlogPosting',
    headline: (entry.title ?? ('locked' in entry ? article.title : firstWords(bodyToText(entry.body), HEADLINE_CHARS))).slice(0, HEADLINE_CHARS),
    datePublished: entry.createdAt,
    ...(entry.updatedAt !== entry.createdAt ? { dateModified: entry.updatedAt } : {}),
    url: `${origin}/article/${article.id}#entry-${entry.id}`,
    ...('locked' in entry ? {} : { articleBody: bodyToText(entry.body) }),
  }));
  return {
    ...described,
    '@type': 'LiveBlogPosting',
    // A live article changes with each entry: never older than its newest.
    dateModified: [described.dateModified as string, ...(live?.entries ?? []).map((entry) => entry.updatedAt)].sort().at(-1)!,
    ...(article.coverageStartTime ? { coverageStartTime: article.coverageStartTime } : {}),
    ...(article.coverageEndTime ? { coverageEndTime: article.coverageEndTime } : {}),
    liveBlogUpdate: updates,
  };
}

export function podcastEpisode(origin: string, episode: Episode): WithContext<PodcastEpisode> {
  const image = shareImage(origin, episode.imageUrl);
  return {
    '@context': 'https://schema.org',
    '@type': 'PodcastEpisode',
    url: `${origin}/podcast/${episode.id}`,
    name: episode.title,
    description: episode.description,
    episodeNumber: episode.episodeNumber,
    ...(episode.publishedAt ? { datePublished: episode.publishedAt } : {}),
    timeRequired: `PT${Math.max(1, Math.round(episode.duration / 60))}M`,
    ...(image ? { image } : {}),
    ...(episode.audioUrl ? { associatedMedia: { '@type': 'MediaObject', contentUrl: new URL(episode.audioUrl, origin).toString() } } : {}),
    ...(episode.seriesId ? { partOfSeries: { '@type': 'PodcastSeries', url: `${origin}/podcast-series/${episode.seriesId}` } } : {}),
    isAccessibleForFree: !episode.premium,
    inLanguage: 'sv',
  };
}

export function podcastSeries(origin: string, series: PodcastSeries): WithContext<PodcastSeriesLd> {
  const image = shareImage(origin, rasterImagePath('artwork', series.imageUrl) ?? series.imageUrl);
  return {
    '@context': 'https://schema.org',
    '@type': 'PodcastSeries',
    url: `${origin}/podcast-series/${series.id}`,
    name: series.title,
    description: series.description,
    ...(image ? { image } : {}),
    webFeed: `${origin}/feeds/podcast-series/${series.id}.xml`,
    ...(series.hostName ? { author: { '@type': 'Person', name: series.hostName } } : {}),
    publisher: publisher(origin),
    inLanguage: 'sv',
  };
}

/** A people profile or a journalist: both are people with a page of their own. */
export function person(origin: string, path: string, who: { name: string; title?: string | null; bio?: string | null; image?: string | null; sameAs?: (string | undefined)[] }): WithContext<Person> {
  const image = shareImage(origin, rasterImagePath('artwork', who.image) ?? who.image);
  const sameAs = (who.sameAs ?? []).filter((link): link is string => Boolean(link && /^https?:\/\//.test(link)));
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: who.name,
    url: `${origin}${path}`,
    ...(who.title ? { jobTitle: who.title } : {}),
    ...(who.bio ? { description: who.bio.split(/\n\s*\n/)[0] } : {}),
    ...(image ? { image } : {}),
    ...(sameAs.length ? { sameAs } : {}),
  };
}

export const personProfile = (origin: string, profile: PersonProfile) => person(origin, `/people/${profile.id}`, {
  name: profile.name, title: profile.title, bio: profile.excerpt, image: profile.profileImage, sameAs: Object.values(profile.socialLinks),
});

export const journalist = (origin: string, author: Author) => person(origin, `/journalists/${author.id}`, {
  name: author.name, title: author.title, bio: author.bio, image: author.profileImage, sameAs: Object.values(author.socialLinks),
});

/** "m:ss" or "h:mm:ss" as ISO 8601 (PT1H2M3S). */
export function isoDuration(clock: string): string | undefined {
  const parts = clock.trim().split(':').map(Number);
  if (parts.length < 2 || parts.length > 3 || parts.some((part) => !Number.isInteger(part) || part < 0)) return undefined;
  const [hours, minutes, seconds] = parts.length === 3 ? parts : [0, ...parts];
  return `PT${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${seconds || (!hours && !minutes) ? `${seconds}S` : ''}`;
}

export function videoObject(origin: string, video: CustomVideo): WithContext<VideoObject> {
  const thumbnail = shareImage(origin, video.thumbnailUrl) ?? defaultShareImage(origin);
  const duration = isoDuration(video.duration);
  return {
    '@context': 'https://schema.org',
    '@type': 'VideoObject',
    name: video.title,
    description: video.description || video.title,
    thumbnailUrl: [thumbnail],
    uploadDate: video.createdAt,
    contentUrl: new URL(video.videoUrl, origin).toString(),
    embedUrl: `${origin}/watch/${encodeURIComponent(video.slug)}`,
    ...(duration ? { duration } : {}),
    publisher: publisher(origin),
  };
}

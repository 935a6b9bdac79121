import { createReadStream } from 'node:fs';
import path from 'node:path';
import mime from 'mime-types';
import { slugify } from '@redaktion/shared';
import type { Db } from '../db/connection.js';
import { isPostgres } from '../db/connection.js';
import { insertedId, toCount, toJson } from '../db/values.js';
import { parseArticle } from '@redaktion/shared/content';
import { audioFacts, episodeAudioKey } from '../services/media/episode-audio.js';
import type { Storage } from '../storage/index.js';
import { coverArt, portrait } from './artwork.js';
import * as demo from './content/index.js';
import type { DemoArticle } from './content/types.js';
import { bodyColumns } from '../services/content/article-body.js';

const ASSETS = new URL('./assets/', import.meta.url).pathname;
const HOUR_MS = 60 * 60 * 1000;
const CATEGORY_LABELS: Record<string, string> = {
  news: 'Nyheter', politics: 'Politik', society: 'Samhälle', culture: 'Kultur', business: 'Ekonomi', technology: 'Teknik', opinion: 'Opinion', people: 'Människor',
};

const isoHoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR_MS).toISOString();

/** Puts one of the shipped demo files into the store, streamed, with the type a CDN in front of the bucket will send. */
async function putAsset(storage: Storage, asset: string, key: string): Promise<void> {
  const file = path.join(ASSETS, asset);
  await storage.put(key, createReadStream(file), { contentType: mime.lookup(key) || undefined });
}

/**
 * Seeds the demo publication into an empty database (no articles yet). Several processes may
 * start together on one PostgreSQL: an advisory lock lets only one of them seed.
 */
export async function seedDemoContent(db: Db, storage: Storage): Promise<{ articles: number; episodes: number; people: number } | null> {
  return db.transaction(async (trx) => {
    if (isPostgres(db)) await trx.raw('SELECT pg_advisory_xact_lock(774411)');
    if (toCount(await trx('articles').count('* as count').first()) > 0) return null;

    const art = async (name: string, svg: string) => {
      const bytes = Buffer.from(svg);
      await storage.put(`uploads/demo/${name}.svg`, bytes, { contentType: 'image/svg+xml' });
      return `/uploads/demo/${name}.svg`;
    };

    const journalistIds = new Map<string, { id: number; image: string }>();
    for (const journalist of demo.journalists) {
      const image = await art(`journalist-${slugify(journalist.name)}`, portrait(journalist.name, 'news'));
      const [row] = await trx('journalists').insert({
        name: journalist.name, email: journalist.email, title: journalist.title, bio: journalist.bio, specialty: journalist.specialty,
        expertise: toJson(journalist.expertise), status: journalist.status, active: journalist.status !== 'inactive',
        socialLinks: toJson(journalist.socialLinks), profileImage: image, createdAt: isoHoursAgo(24 * 400), updatedAt: isoHoursAgo(24 * 400),
      }, ['id']);
      journalistIds.set(journalist.name, { id: typeof row === 'number' ? row : row.id, image });
    }

    const insertArticle = async (article: DemoArticle, extra: Record<string, unknown> = {}): Promise<number> => {
      for (const figure of article.figures ?? []) await art(`figure-${figure.name}`, coverArt(figure.title, article.category, figure.title));
      const author = journalistIds.get(article.author);
      const publishedAt = isoHoursAgo(article.hoursAgo);
      return insertedId(await trx('articles').insert({
        title: article.title, excerpt: article.excerpt, content: article.content, ...bodyColumns(article.content), category: article.category,
        imageUrl: await art(`article-${slugify(article.title)}`, coverArt(article.title, article.category, CATEGORY_LABELS[article.category] ?? article.category)),
        imageAlt: article.imageAlt, imageCredit: 'Illustration: Redaktion',
        author: article.author, authorId: author?.id ?? null, authorImage: author?.image ?? null, authorTitle: article.authorTitle,
        readTime: article.readTime, featured: article.featured, categoryFeatured: article.categoryFeatured, premium: article.premium,
        status: 'published', publishedAt, createdAt: publishedAt, updatedAt: publishedAt, ...extra,
      }, ['id']));
    };
    for (const article of demo.articles) await insertArticle(article);

    // Live coverage: each entry takes the next number of the article's sequence, as posting it would.
    for (const { article, author, entries } of demo.liveArticles) {
      const articleId = await insertArticle(article, {
        kind: 'live', liveStatus: 'live', coverageStartTime: isoHoursAgo(article.hoursAgo), liveSeq: entries.length,
      });
      for (const [index, entry] of entries.entries()) {
        const at = isoHoursAgo(entry.minutesAgo / 60);
        await trx('liveEntries').insert({
          articleId, authorName: author, title: entry.title, content: entry.content, body: toJson(parseArticle(entry.content)),
          keyEvent: entry.keyEvent, pinned: entry.pinned, createdSeq: index + 1, changedSeq: index + 1, createdAt: at, updatedAt: at,
        });
      }
    }

    const seriesIds = new Map<string, number>();
    for (const series of demo.series) {
      const createdAt = isoHoursAgo(24 * 120);
      const [row] = await trx('podcastSeries').insert({
        title: series.title, description: series.description, category: series.category, hostName: series.hostName,
        featured: series.featured, active: true, createdAt, updatedAt: createdAt,
        imageUrl: await art(`series-${series.key}`, coverArt(series.title, series.category, series.title, 1200, 1200)),
      }, ['id']);
      seriesIds.set(series.key, typeof row === 'number' ? row : row.id);
    }

    for (const file of new Set(demo.episodes.map((episode) => episode.audioFile))) {
      await putAsset(storage, `audio/${file}`, episodeAudioKey(file));
    }
    for (const episode of demo.episodes) {
      const publishedAt = isoHoursAgo(episode.hoursAgo);
      await trx('podcasts').insert({
        seriesId: episode.seriesKey ? seriesIds.get(episode.seriesKey) ?? null : null, kind: episode.kind,
        title: episode.title, description: episode.description, category: episode.category,
        imageUrl: await art(`episode-${slugify(episode.title)}`, coverArt(episode.title, episode.category, episode.title.slice(0, 40), 1200, 1200)),
        audioFile: episode.audioFile, ...(await audioFacts(storage, episode.audioFile)), duration: episode.durationSeconds, chapters: episode.chapters ? toJson(episode.chapters) : null, episodeNumber: episode.episodeNumber,
        featured: episode.featured, premium: episode.premium, status: 'published', publishedAt, createdAt: publishedAt, updatedAt: publishedAt,
      });
    }

    for (const [index, person] of demo.people.entries()) {
      const slug = slugify(person.name);
      const gallery: string[] = [];
      for (const [n, caption] of person.galleryCaptions.entries()) {
        gallery.push(await art(`person-${slug}-${n + 1}`, coverArt(`${person.name} ${caption}`, person.category, caption.slice(0, 50), 1200, 800)));
      }
      const publishedAt = isoHoursAgo(24 * (3 + index * 5));
      await trx('peopleProfiles').insert({
        name: person.name, title: person.title, excerpt: person.excerpt, bio: person.bio, category: person.category,
        profileImage: await art(`person-${slug}`, portrait(person.name, person.category)),
        location: person.location, birthDate: person.birthDate, achievements: toJson(person.achievements),
        photoGallery: toJson(gallery), socialLinks: toJson(person.socialLinks), author: 'Redaktion',
        readTime: Math.max(1, Math.round(person.bio.split(/\s+/).length / 200)), featured: person.featured,
        status: 'published', publishedAt, createdAt: publishedAt, updatedAt: publishedAt,
      });
    }

    for (const ad of demo.advertisements) {
      const createdAt = isoHoursAgo(24 * 10);
      const wide = !['sidebar', 'newsletter'].includes(ad.placement);
      await trx('advertisements').insert({
        title: ad.title, description: ad.description, partnerName: ad.partnerName, placement: ad.placement, linkUrl: ad.linkUrl,
        imageUrl: await art(`ad-${slugify(ad.title)}`, coverArt(ad.title, 'business', ad.partnerName, wide ? 1456 : 600, wide ? 180 : 500)),
        active: true, startDate: createdAt, endDate: null, impressions: 0, clicks: 0, createdAt, updatedAt: createdAt,
      });
    }

    for (const video of demo.customVideos) {
      const base = video.videoFile.replace(/\.[a-z0-9]+$/, '');
      await putAsset(storage, `video/${video.videoFile}`, `uploads/demo/video/${video.videoFile}`);
      await putAsset(storage, `video/${base}.jpg`, `uploads/demo/video/${base}.jpg`);
      const createdAt = isoHoursAgo(24 * 2);
      await trx('customVideos').insert({
        title: video.title, slug: slugify(video.title), description: video.description, duration: video.duration,
        videoUrl: `/uploads/demo/video/${video.videoFile}`, thumbnailUrl: `/uploads/demo/video/${base}.jpg`,
        active: true, priority: video.priority, createdAt, updatedAt: createdAt,
      });
    }

    return { articles: demo.articles.length + demo.liveArticles.length, episodes: demo.episodes.length, people: demo.people.length };
  });
}

import type { Article, PersonProfile } from '@redaktion/shared';
import { apiPaths } from '@redaktion/shared/client';
import { imagesIn } from '@redaktion/shared/content/walk';
import type { AppServices } from '../services/context';
import { imageUrls } from '../data/image-sources';
import { SAVED_IMAGE_CACHE } from '../device/cache-names';
import type { DeviceDb, SavedItem } from '../device/db';

/**
 * Saving keeps an article or a profile whole on the device: its API answer, pinned in the same store every
 * screen reads from (so its page opens offline like any page seen before), a row in the reading list, its
 * images in the service worker's image cache (so they show offline too), and an article's read-aloud.
 */
export const savedKey = (kind: SavedItem['kind'], id: number) => `${kind}:${id}`;

/** Image URLs a page shows for this item: the originals and the variants its srcset may pick. */
function imagesOf(urls: (string | null | undefined)[]): string[] {
  return urls.filter((url): url is string => Boolean(url) && url!.startsWith('/')).flatMap(imageUrls);
}

async function keepImages(urls: string[]): Promise<void> {
  if (!urls.length || typeof caches === 'undefined') return;
  const cache = await caches.open(SAVED_IMAGE_CACHE);
  await Promise.all(urls.map(async (url) => {
    if (await cache.match(url)) return;
    const response = await fetch(url, { credentials: 'same-origin' });
    if (response.ok) await cache.put(url, response);
  }));
}

/** The article's read-aloud, when it has one (its code is loaded only then); one since withdrawn is let go. */
async function keepAudio({ device }: AppServices, full: Article): Promise<void> {
  if (!device) return;
  if (!full.audioUrl) return (await device.open()).articleAudio.delete(full.id);
  const [{ keepArticleAudio }, db] = await Promise.all([import('./article-audio'), device.open()]);
  await keepArticleAudio(db, full);
}

/** Keeps an article whole on the device as saved at `savedAt`; answers the images to keep with it. */
async function keepArticle({ device }: AppServices, full: Article, savedAt: number): Promise<string[]> {
  if (!device) throw new Error('No device storage');
  // The pictures inside the text too (figures, cards), each in every size its srcset may pick.
  const images = imagesOf([full.imageUrl, full.authorImage, ...imagesIn(full.body ?? [])]);
  await device.responses.put(apiPaths.article(full.id), full, true);
  await (await device.open()).saved.put({
    key: savedKey('article', full.id), kind: 'article', id: full.id, title: full.title, excerpt: full.excerpt,
    imageUrl: full.imageUrl, byline: full.author, publishedAt: full.publishedAt, savedAt, images,
  });
  return images;
}

/** The reader saves an article: kept on the device, and the change written down for their library on every device. */
export async function saveArticle(services: AppServices, article: Article): Promise<void> {
  const { device, api, session } = services;
  if (!device) throw new Error('No device storage');
  // The list answer has no text: the whole article comes from its own read.
  const full = article.content !== undefined || article.locked ? article : await api.get(apiPaths.article(article.id));
  const images = await keepArticle(services, full, Date.now());
  const db = await device.open();
  // The pictures at once, as before the library: a reader may lose the network right after the star fills.
  await Promise.all([
    db.recordChange(session.getState().user?.id ?? null, { type: 'save', articleId: full.id }),
    keepImages(images).catch(() => undefined), keepAudio(services, full).catch(() => undefined),
  ]);
}

/** An article another device saved (offline/library-sync.ts): kept here as the reading list has it. */
export async function keepSyncedArticle(services: AppServices, full: Article, savedAt: number): Promise<void> {
  const images = await keepArticle(services, full, savedAt);
  await Promise.all([keepImages(images).catch(() => undefined), keepAudio(services, full).catch(() => undefined)]);
}

export async function saveProfile({ device }: AppServices, person: PersonProfile): Promise<void> {
  if (!device) throw new Error('No device storage');
  const images = imagesOf([person.profileImage, ...person.photoGallery]);
  await device.responses.put(apiPaths.person(person.id), person, true);
  await (await device.open()).saved.put({
    key: savedKey('profile', person.id), kind: 'profile', id: person.id, title: person.name, excerpt: person.excerpt,
    imageUrl: person.profileImage, byline: person.title, publishedAt: person.publishedAt, savedAt: Date.now(), images,
  });
  await keepImages(images).catch(() => undefined);
}

/**
 * Unsaving keeps the answer as an ordinary one (it may be evicted later), drops the reading-list row and an
 * article's read-aloud, and lets its images go (another saved item showing the same picture keeps it).
 */
export async function forgetSaved(db: DeviceDb, kind: SavedItem['kind'], id: number): Promise<void> {
  const path = kind === 'article' ? apiPaths.article(id) : apiPaths.person(id);
  const removed = await db.transaction('rw', db.saved, db.responses, db.articleAudio, async () => {
    const row = await db.saved.get(savedKey(kind, id));
    await db.saved.delete(savedKey(kind, id));
    if (kind === 'article') await db.articleAudio.delete(id);
    await db.responses.update(path, { pinned: 0 });
    return row;
  });
  if (!removed?.images?.length || typeof caches === 'undefined') return;
  const stillUsed = new Set((await db.saved.toArray()).flatMap((item) => item.images ?? []));
  const cache = await caches.open(SAVED_IMAGE_CACHE);
  await Promise.all(removed.images.filter((url) => !stillUsed.has(url)).map((url) => cache.delete(url)));
}

/** The reader unsaves: an article leaves the reading list on every device (profiles are this device's alone). */
export async function removeSaved({ device, session }: AppServices, kind: SavedItem['kind'], id: number): Promise<void> {
  if (!device) return;
  const db = await device.open();
  if (kind === 'article') await db.recordChange(session.getState().user?.id ?? null, { type: 'unsave', articleId: id });
  await forgetSaved(db, kind, id);
}

import type { Article } from '@redaktion/shared';
import type { AppServices } from '../services/context';
import type { DeviceDb } from '../device/db';
import { usePlayer } from '../state/player';
import { fetchAudio } from './episode-file';

/**
 * An article's read-aloud (contract §9 [voice]) on this device: kept with the article when it is saved to the reading
 * list (offline/saved.ts), and played from there when it is, else from the server. Loaded only when the reader presses
 * Listen or saves an article that has audio: never on the article page's first screen.
 */

/** Keeps the article's published read-aloud beside its saved copy, so that Listen plays with no network. */
export async function keepArticleAudio(db: DeviceDb, article: Article): Promise<void> {
  if (!article.audioUrl) throw new Error('No audio');
  const blob = await fetchAudio(article.audioUrl);
  await db.articleAudio.put({ id: article.id, size: blob.size, type: blob.type, blob, savedAt: Date.now() });
}

/** Opens the article's read-aloud in the site's player and starts it. */
export async function listenTo({ device }: AppServices, article: Article): Promise<void> {
  const kept = device ? await (await device.open()).articleAudio.get(article.id) : undefined;
  const src = kept ? URL.createObjectURL(kept.blob) : article.audioUrl;
  if (!src) throw new Error('No audio');
  usePlayer.getState().open({ kind: 'article', id: article.id, title: article.title, imageUrl: article.imageUrl, duration: 0 }, src, Boolean(kept), true);
}

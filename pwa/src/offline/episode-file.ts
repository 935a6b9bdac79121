import type { Episode } from '@redaktion/shared';
import { apiPaths } from '@redaktion/shared/client';
import type { DeviceDb } from '../device/db';

/**
 * Fetches an episode's audio and keeps it on the device as a Blob beside the episode's answer (pinned), so the
 * episode page opens and plays with no network. The reader's Save (offline/downloads.ts, with its progress) and
 * auto-download (offline/auto-download.ts, in the page or the service worker) both store an episode through here.
 * No React and no stores: the service worker imports it.
 */
export interface StoreOptions {
  signal?: AbortSignal;
  /** Percent received, null while the size is unknown. */
  onProgress?: (percent: number | null) => void;
  /** Taken by auto-download, which may then remove it again (never the reader's own). */
  auto?: boolean;
  /** The page's or the worker's fetch (a test's server). */
  fetch?: typeof fetch;
}

/** Fetches an audio file whole, reporting progress: an episode's, or a saved article's read-aloud (offline/article-audio.ts). */
export async function fetchAudio(url: string, { signal, onProgress, fetch = globalThis.fetch }: Omit<StoreOptions, 'auto'> = {}): Promise<Blob> {
  const response = await fetch(url, { signal, credentials: 'same-origin' });
  if (!response.ok || !response.body) throw new Error(`${response.status}`);
  const total = Number(response.headers.get('Content-Length')) || 0;
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.byteLength;
    onProgress?.(total ? Math.min(100, Math.round((received / total) * 100)) : null);
  }
  return new Blob(parts as BlobPart[], { type: response.headers.get('Content-Type') ?? 'audio/mpeg' });
}

/** Fetches and stores the episode; answers the bytes kept. */
export async function storeEpisode(db: DeviceDb, episode: Episode, { auto, ...options }: StoreOptions = {}): Promise<number> {
  if (!episode.audioUrl) throw new Error('No audio');
  const blob = await fetchAudio(episode.audioUrl, options);
  const { type } = blob;
  await db.transaction('rw', db.downloads, db.responses, async () => {
    // The reader's own Save, made while auto-download fetched the same episode, stays theirs.
    const kept = auto ? await db.downloads.get(episode.id) : undefined;
    const mine = kept !== undefined && !kept.auto;
    await db.downloads.put({
      id: episode.id, title: episode.title, imageUrl: episode.imageUrl, duration: episode.duration, seriesId: episode.seriesId,
      size: blob.size, type, blob, savedAt: Date.now(), ...(auto && !mine ? { auto: true } : {}),
    });
    await db.responses.put({ path: apiPaths.podcast(episode.id), data: episode, savedAt: Date.now(), pinned: 1 });
  });
  return blob.size;
}

/** Takes a download off the device; its answer stays, no longer pinned (evicted like any other). */
export async function removeEpisode(db: DeviceDb, id: number): Promise<void> {
  await db.transaction('rw', db.downloads, db.responses, async () => {
    await db.downloads.delete(id);
    await db.responses.update(apiPaths.podcast(id), { pinned: 0 });
  });
}

import { create } from 'zustand';
import type { Episode } from '@redaktion/shared';
import { apiPaths } from '@redaktion/shared/client';
import type { AppServices } from '../services/context';

/**
 * Episode downloads: the audio is fetched with visible progress (cancellable) and stored as a Blob in
 * IndexedDB beside the episode's answer (pinned), so the episode page opens and plays with no network.
 * Progress lives in a store so that every Save button for the episode shows it.
 */
interface Running { percent: number | null; controller: AbortController }
interface DownloadsState { running: Record<number, Running> }

export const useDownloads = create<DownloadsState>(() => ({ running: {} }));

const setRunning = (id: number, value: Running | null) => useDownloads.setState((state) => {
  const running = { ...state.running };
  if (value) running[id] = value;
  else delete running[id];
  return { running };
});

export type DownloadResult = 'done' | 'cancelled';

export async function downloadEpisode({ device }: AppServices, episode: Episode): Promise<DownloadResult> {
  if (!device) throw new Error('No device storage');
  if (!episode.audioUrl) throw new Error('No audio');
  const controller = new AbortController();
  setRunning(episode.id, { percent: null, controller });
  try {
    const response = await fetch(episode.audioUrl, { signal: controller.signal, credentials: 'same-origin' });
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
      setRunning(episode.id, { percent: total ? Math.min(100, Math.round((received / total) * 100)) : null, controller });
    }
    const type = response.headers.get('Content-Type') ?? 'audio/mpeg';
    const blob = new Blob(parts as BlobPart[], { type });
    const db = await device.open();
    await db.transaction('rw', db.downloads, db.responses, async () => {
      await db.downloads.put({
        id: episode.id, title: episode.title, imageUrl: episode.imageUrl, duration: episode.duration, seriesId: episode.seriesId,
        size: blob.size, type, blob, savedAt: Date.now(),
      });
      await db.responses.put({ path: apiPaths.podcast(episode.id), data: episode, savedAt: Date.now(), pinned: 1 });
    });
    return 'done';
  } catch (error) {
    if (controller.signal.aborted) return 'cancelled';
    throw error;
  } finally {
    setRunning(episode.id, null);
  }
}

export function cancelDownload(id: number): void {
  useDownloads.getState().running[id]?.controller.abort();
}

export async function deleteDownload({ device }: AppServices, id: number): Promise<void> {
  if (!device) return;
  const db = await device.open();
  await db.transaction('rw', db.downloads, db.responses, async () => {
    await db.downloads.delete(id);
    await db.responses.update(apiPaths.podcast(id), { pinned: 0 });
  });
}

/** "12.4 MB" in the reader's language. */
export function formatBytes(bytes: number, locale: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: unit >= 2 ? 1 : 0 }).format(value)} ${units[unit]}`;
}

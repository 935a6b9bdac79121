import { create } from 'zustand';
import type { Episode } from '@redaktion/shared';
import type { AppServices } from '../services/context';
import { removeEpisode, storeEpisode } from './episode-file';

/**
 * The reader's episode downloads: the audio is fetched with visible progress (cancellable) and stored on the device
 * (offline/episode-file.ts), so the episode page opens and plays with no network.
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
    await storeEpisode(await device.open(), episode, {
      signal: controller.signal,
      onProgress: (percent) => setRunning(episode.id, { percent, controller }),
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
  await removeEpisode(await device.open(), id);
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

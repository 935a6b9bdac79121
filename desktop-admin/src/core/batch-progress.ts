import type { QueueSnapshot } from './upload-queue.js';

export interface BatchEvent {
  /** 0–1 for the taskbar while a batch runs; null when nothing is under way (the bar is removed). */
  progress: number | null;
  /** Set once, when the last file of a batch has finished: what the notification says. */
  finished: { done: number; failed: number } | null;
}

/**
 * Follows the queue from snapshot to snapshot and says what the taskbar and the notification show: a batch
 * is every file added while others were still under way.
 */
export function createBatchWatcher() {
  let batch = new Set<string>();
  return (snapshot: QueueSnapshot): BatchEvent => {
    const active = snapshot.items.filter((item) => ['queued', 'uploading', 'waiting', 'creating'].includes(item.status));
    for (const item of active) batch.add(item.id);
    const members = snapshot.items.filter((item) => batch.has(item.id));
    if (active.length > 0) {
      const size = members.reduce((sum, item) => sum + item.size, 0);
      const sent = members.reduce((sum, item) => sum + (item.status === 'done' ? item.size : item.bytesSent), 0);
      return { progress: size > 0 ? Math.min(1, sent / size) : 0, finished: null };
    }
    if (batch.size === 0) return { progress: null, finished: null };
    batch = new Set();
    return {
      progress: null,
      finished: { done: members.filter((item) => item.status === 'done').length, failed: members.filter((item) => item.status === 'failed').length },
    };
  };
}

/** The update feed, only when it is https (electron-updater's generic provider downloads and runs what it finds). */
export function updateFeedUrl(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && !url.username && !url.password ? url.href : null;
  } catch {
    return null;
  }
}

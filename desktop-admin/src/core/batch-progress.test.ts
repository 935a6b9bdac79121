import { describe, expect, it } from 'vitest';
import { createBatchWatcher, updateFeedUrl } from './batch-progress.js';
import type { QueueSnapshot, UploadStatus } from './upload-queue.js';

const snapshot = (...items: [string, UploadStatus, number, number][]): QueueSnapshot => ({
  items: items.map(([id, status, bytesSent, size]) => ({
    id, status, bytesSent, size, speed: 0, profileId: 'p', path: `/v/${id}.mp4`, name: `${id}.mp4`, type: 'video/mp4', uploadUrl: null,
    fileUrl: null, customVideoId: null, error: null, attempts: 0, retryAt: null, addedAt: 0,
  })),
  remainingSeconds: null,
  pending: 0,
});

describe('the taskbar and the notification of a batch', () => {
  it('shows the batch\'s bytes as progress and announces its end once', () => {
    const watch = createBatchWatcher();
    expect(watch(snapshot())).toEqual({ progress: null, finished: null });
    expect(watch(snapshot(['a', 'uploading', 50, 100], ['b', 'queued', 0, 300]))).toEqual({ progress: 50 / 400, finished: null });
    expect(watch(snapshot(['a', 'done', 100, 100], ['b', 'uploading', 100, 300]))).toEqual({ progress: 200 / 400, finished: null });
    expect(watch(snapshot(['a', 'done', 100, 100], ['b', 'failed', 100, 300]))).toEqual({ progress: null, finished: { done: 1, failed: 1 } });
    expect(watch(snapshot(['a', 'done', 100, 100], ['b', 'failed', 100, 300]))).toEqual({ progress: null, finished: null });
  });

  it('does not count a paused file as under way', () => {
    const watch = createBatchWatcher();
    watch(snapshot(['a', 'uploading', 10, 100]));
    expect(watch(snapshot(['a', 'paused', 10, 100]))).toEqual({ progress: null, finished: { done: 0, failed: 0 } });
  });
});

describe('the update feed', () => {
  it('is used only when it is https', () => {
    expect(updateFeedUrl('https://updates.redaktion.se/desktop/')).toBe('https://updates.redaktion.se/desktop/');
    for (const value of [undefined, '', 'http://updates.redaktion.se/', 'file:///tmp/feed', 'https://u:p@updates.redaktion.se/', 'nonsense']) {
      expect(updateFeedUrl(value), String(value)).toBeNull();
    }
  });
});

import { useEffect, useState, type DragEvent } from 'react';
import type { DesktopBridge } from '../bridge.js';
import type { QueueSnapshot } from '../core/upload-queue.js';
import { queueDropped } from './desktop-platform.js';
import { bytes, remaining, speed } from './format.js';
import { t } from './i18n.js';


/** Bulk video uploads: drop files or folders (or pick them), then follow, pause, resume, cancel or retry each one. */
export function UploadsPanel({ bridge }: { bridge: DesktopBridge }) {
  const [queue, setQueue] = useState<QueueSnapshot | null>(null);
  const [over, setOver] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    void bridge.call('uploads:list', {}).then(setQueue);
    return bridge.onUploads(setQueue);
  }, [bridge]);

  const act = (promise: Promise<unknown>) => promise.then(() => bridge.call('uploads:list', {})).then(setQueue, (failure: Error) => setError(failure.message));

  function drop(event: DragEvent) {
    event.preventDefault();
    setOver(false);
    void act(queueDropped(bridge, [...event.dataTransfer.files]));
  }

  const items = queue?.items ?? [];
  return (
    <section aria-labelledby="uploads-title" className="desktop-panel">
      <h1 id="uploads-title">{t('uploads.title')}</h1>
      <div
        className={`desktop-drop${over ? ' is-over' : ''}`}
        onDragOver={(event) => { event.preventDefault(); setOver(true); }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <p>{t('uploads.drop')}</p>
        <button type="button" onClick={() => act(bridge.call('uploads:pick', {}))}>{t('uploads.pick')}</button>
      </div>
      {error && <p role="alert" className="desktop-error">{error}</p>}
      {queue && queue.pending > 0 && <p aria-live="polite">{t('uploads.toGo', { count: queue.pending, time: remaining(queue.remainingSeconds) })}</p>}
      <ul className="desktop-uploads" aria-label={t('uploads.queue')}>
        {items.map((item) => (
          <li key={item.id} aria-label={item.name} data-status={item.status}>
            <span className="desktop-upload-name">{item.name}</span>
            <progress max={item.size} value={item.bytesSent} aria-label={t('uploads.progress', { name: item.name })} />
            <span className="desktop-upload-status">
              {t(`status.${item.status}`)} · {t('uploads.of', { sent: bytes(item.bytesSent), size: bytes(item.size) })}
              {item.status === 'uploading' && item.speed > 0 ? ` · ${speed(item.speed)}` : ''}
            </span>
            {item.error && <span className="desktop-upload-error">{item.error}</span>}
            <span className="desktop-upload-actions">
              {['queued', 'uploading', 'waiting'].includes(item.status) && <button type="button" onClick={() => act(bridge.call('uploads:pause', { id: item.id }))}>{t('uploads.pause')}</button>}
              {item.status === 'paused' && <button type="button" onClick={() => act(bridge.call('uploads:resume', { id: item.id }))}>{t('uploads.resume')}</button>}
              {item.status === 'failed' && <button type="button" onClick={() => act(bridge.call('uploads:resume', { id: item.id }))}>{t('uploads.retry')}</button>}
              {!['done', 'cancelled'].includes(item.status) && <button type="button" onClick={() => act(bridge.call('uploads:cancel', { id: item.id }))}>{t('uploads.cancel')}</button>}
            </span>
          </li>
        ))}
      </ul>
      {items.some((item) => item.status === 'done' || item.status === 'cancelled') && (
        <button type="button" onClick={() => act(bridge.call('uploads:clear', {}))}>{t('uploads.clear')}</button>
      )}
    </section>
  );
}

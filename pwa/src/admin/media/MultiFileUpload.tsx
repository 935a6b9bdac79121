import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useAdminT } from '../i18n';
import { usePlatform } from '../platform';
import { acceptFor, checkFile, formatsOf, MULTI_DEFAULT_MAX_MB } from './file-checks';
import { uploadOne, useUploadToasts } from './SingleFileUpload';

/**
 * The multi-file drag-and-drop upload of admin-area.md §2 item 2: files dropped or chosen are checked, then
 * uploaded side by side, each with its own progress bar; the uploaded ones stay listed.
 */
export interface MultiFileUploadProps {
  label: string;
  kind: 'image' | 'audio' | 'file';
  /** Default 50 MB (admin-area.md §9). */
  maxMB?: number;
  /** Called with each file's URL as soon as it is uploaded. */
  onUploaded(url: string): void;
  disabled?: boolean;
  /** Told when uploads start and when none is left running (the form holds its submit meanwhile). */
  onBusyChange?(busy: boolean): void;
}

interface Item { key: number; name: string; percent: number; state: 'uploading' | 'done' | 'failed'; url?: string }

export function MultiFileUpload({ label, kind, maxMB = MULTI_DEFAULT_MAX_MB, onUploaded, disabled = false, onBusyChange }: MultiFileUploadProps) {
  const t = useAdminT();
  const uploadToasts = useUploadToasts();
  const platform = usePlatform();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<Item[]>([]);
  const [dragging, setDragging] = useState(false);
  const nextKey = useRef(0);
  const abort = useRef(new AbortController());
  useEffect(() => {
    const controller = new AbortController();
    abort.current = controller;
    return () => controller.abort();
  }, []);

  const change = (key: number, patch: Partial<Item>) => setItems((all) => all.map((item) => (item.key === key ? { ...item, ...patch } : item)));

  const send = async (file: File) => {
    const problem = checkFile(file, kind, { maxMB, multi: true });
    if (problem) {
      uploadToasts.fileProblem(problem);
      return;
    }
    const key = (nextKey.current += 1);
    setItems((all) => [...all, { key, name: file.name, percent: 0, state: 'uploading' }]);
    const { signal } = abort.current;
    try {
      const url = await uploadOne(platform, file, (percent) => change(key, { percent }), signal, t);
      change(key, { state: 'done', percent: 100, url });
      onUploaded(url);
    } catch (failure) {
      if (signal.aborted) return;
      change(key, { state: 'failed' });
      uploadToasts.failed(failure, file.name);
    }
  };

  const take = (files: FileList | null) => {
    if (disabled || !files) return;
    for (const file of Array.from(files)) void send(file);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files);
  };

  const uploading = items.filter((item) => item.state !== 'done');
  const running = items.some((item) => item.state === 'uploading');
  const busyChange = useRef(onBusyChange);
  busyChange.current = onBusyChange;
  useEffect(() => {
    if (!running) return;
    busyChange.current?.(true);
    return () => busyChange.current?.(false);
  }, [running]);
  const uploaded = items.filter((item) => item.state === 'done');

  return (
    <div className="field multi-upload">
      <label htmlFor={`${id}-files`}>{label}</label>
      <div className="upload-drop" data-dragging={dragging}
        onDragOver={(event) => { event.preventDefault(); if (!disabled) setDragging(true); }}
        onDragLeave={() => setDragging(false)} onDrop={onDrop}>
        <p>{t('upload.drop')}</p>
        <input ref={input} id={`${id}-files`} type="file" multiple className="visually-hidden" tabIndex={-1} accept={acceptFor(kind)}
          disabled={disabled} aria-describedby={`${id}-limits`}
          onChange={(event) => {
            take(event.target.files);
            event.target.value = '';
          }} />
        <button type="button" className="button button-small" disabled={disabled} aria-describedby={`${id}-limits`}
          onClick={() => input.current?.click()}>{t('upload.chooseFiles')}</button>
        <p className="field-hint" id={`${id}-limits`}>{t('upload.limits', { formats: formatsOf(kind), max: maxMB })}</p>
      </div>
      {uploading.length > 0 && (
        <ul className="upload-progress-list">
          {uploading.map((item) => (
            <li key={item.key}>
              <span>{item.name}</span>
              {item.state === 'failed'
                ? <span className="field-error">{t('upload.fileFailed')}</span>
                : <progress className="progress" max={100} value={item.percent} aria-label={t('upload.progressOf', { name: item.name })} />}
            </li>
          ))}
        </ul>
      )}
      {uploaded.length > 0 && (
        <section aria-labelledby={`${id}-uploaded`}>
          <h4 id={`${id}-uploaded`} className="upload-list-title">{t('upload.uploaded')}</h4>
          <ul className="upload-done-list">
            {uploaded.map((item) => <li key={item.key}><span aria-hidden="true">✓ </span>{item.name}</li>)}
          </ul>
        </section>
      )}
    </div>
  );
}

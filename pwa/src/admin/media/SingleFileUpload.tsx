import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { ApiError } from '@redaktion/shared/client';
import { useAdminT, type AdminT } from '../i18n';
import { usePlatform, type AdminPlatform } from '../platform';
import { useNotify } from '../ui/feedback';
import { acceptFor, checkFile, DEFAULT_MAX_MB, formatsOf, type FileProblem } from './file-checks';

/**
 * The single-file upload control of admin-area.md §2 item 1: a preview, a file chosen with a button (checked for
 * type and size before it is sent), a real progress bar while it uploads (controls disabled), and on failure the
 * preview goes back to what it was. Images (and other files) may also be given as an address.
 */
export interface SingleFileUploadProps {
  label: string;
  /** What the file must be: decides the accept list, the size limit (image 20 MB, audio 50 MB, file 20 MB) and the messages. */
  kind: 'image' | 'audio' | 'file';
  /** The current URL (what the form holds); '' when none. */
  value: string;
  onChange(url: string): void;
  error?: string;
  hint?: string;
  /** Overrides the size limit in MB (episode audio 100, episode cover 10, series cover 5). */
  maxMB?: number;
  disabled?: boolean;
  /** Told when an upload starts and ends, so that a form can hold its submit until the file has its URL. */
  onBusyChange?(busy: boolean): void;
  /** The audio preview, for a form that reads where the editor listens (an episode's chapters). */
  audioRef?: Ref<HTMLAudioElement>;
}

/** Our own files are paths ("/uploads/…"): the desktop app must fetch them from the newsroom server. */
export function useMediaSrc(): (url: string) => string {
  const { siteUrl } = usePlatform();
  return (url) => (url.startsWith('/') && !url.startsWith('//') ? `${siteUrl}${url}` : url);
}

/** Sends one file to POST /api/upload and resolves with its URL. */
export async function uploadOne(platform: AdminPlatform, file: File, onProgress: (percent: number) => void, signal: AbortSignal, t: AdminT): Promise<string> {
  const answer = await platform.upload<{ url?: string } | undefined>('/api/upload', { file }, { onProgress, signal });
  if (!answer?.url) throw new Error(t('upload.noUrl'));
  return answer.url;
}

/**
 * The toasts of an upload. A refusal of the server (413 too large, 415 wrong type) comes with its own title and the
 * field's explanation; anything else is 'Upload failed' with what went wrong. A cancelled upload says nothing.
 */
export function useUploadToasts() {
  const t = useAdminT();
  const notify = useNotify();
  return {
    failed(error: unknown, fileName: string) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      if (error instanceof ApiError && (error.status === 413 || error.status === 415)) {
        notify.error(t.message(error.serverMessage), error.issues[0] ? t.message(error.issues[0].message) : undefined);
        return;
      }
      const fallback = t('upload.failedDefault', { name: fileName });
      const message = error instanceof ApiError ? error.serverMessage : error instanceof Error ? error.message : '';
      notify.error(t('upload.failed'), message ? t.message(message) : fallback);
    },
    fileProblem: (problem: FileProblem) => notify.error(t(problem.title), t(problem.description, problem.values)),
  };
}

const fileNameOf = (url: string) => decodeURIComponent(url.split(/[?#]/)[0]!.split('/').pop() ?? url);

export function SingleFileUpload({ label, kind, value, onChange, error, hint, maxMB = DEFAULT_MAX_MB[kind], disabled = false, onBusyChange, audioRef }: SingleFileUploadProps) {
  const t = useAdminT();
  const notify = useNotify();
  const uploadToasts = useUploadToasts();
  const platform = usePlatform();
  const mediaSrc = useMediaSrc();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  // While a file uploads, the preview shows it from the device; on failure this goes and `value` shows again.
  const [pending, setPending] = useState<{ src: string; name: string } | null>(null);
  const [percent, setPercent] = useState(0);
  const abort = useRef<AbortController | null>(null);
  const pendingRef = useRef(false);
  const busyChange = useRef(onBusyChange);
  busyChange.current = onBusyChange;

  // Leaving (the dialog closed) cancels an upload under way, and tells the form it no longer waits for it.
  useEffect(() => () => {
    if (abort.current && !abort.current.signal.aborted && pendingRef.current) busyChange.current?.(false);
    abort.current?.abort();
  }, []);
  useEffect(() => (pending ? () => URL.revokeObjectURL(pending.src) : undefined), [pending]);

  const uploading = pending !== null;
  const locked = disabled || uploading;

  const send = async (file: File) => {
    const problem = checkFile(file, kind, { maxMB });
    if (problem) {
      uploadToasts.fileProblem(problem);
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    setPercent(0);
    setPending({ src: URL.createObjectURL(file), name: file.name });
    pendingRef.current = true;
    busyChange.current?.(true);
    try {
      const url = await uploadOne(platform, file, setPercent, controller.signal, t);
      if (controller.signal.aborted) return;
      onChange(url);
      notify.success(t('upload.success'), t('upload.successNamed', { name: file.name }));
    } catch (failure) {
      if (!controller.signal.aborted) uploadToasts.failed(failure, file.name);
    } finally {
      if (!controller.signal.aborted) {
        setPending(null);
        pendingRef.current = false;
        busyChange.current?.(false);
      }
    }
  };

  const shown = pending?.src ?? (value ? mediaSrc(value) : '');
  const shownName = pending?.name ?? (value ? fileNameOf(value) : '');
  const describedBy = [`${id}-limits`, hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');

  return (
    <div className="field upload-field" aria-busy={uploading}>
      <label htmlFor={`${id}-file`}>{label}</label>
      {shown && (
        <div className="upload-current">
          {kind === 'image' && <img className="upload-preview" src={shown} alt="" />}
          {kind === 'audio' && <audio ref={audioRef} controls preload="none" src={shown} className="upload-audio" />}
          <span className="upload-file-name">{shownName}</span>
        </div>
      )}
      {!shown && <p className="field-hint">{t('upload.none')}</p>}
      <input ref={input} id={`${id}-file`} type="file" className="visually-hidden" tabIndex={-1} accept={acceptFor(kind)}
        disabled={locked} aria-describedby={describedBy} aria-invalid={error ? true : undefined}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so that choosing the same file again (after a failure) fires again.
          event.target.value = '';
          if (file) void send(file);
        }} />
      <div className="upload-actions">
        <button type="button" className="button button-small" disabled={locked} aria-describedby={describedBy}
          aria-label={`${uploading ? t('upload.uploading', { percent }) : t(`upload.choose.${kind}`)}: ${label}`}
          onClick={() => input.current?.click()}>
          {uploading ? t('upload.uploading', { percent }) : t(`upload.choose.${kind}`)}
        </button>
        {value && !uploading && (
          <button type="button" className="button button-small button-ghost" disabled={locked}
            aria-label={t('upload.removeNamed', { label })} onClick={() => onChange('')}>
            {t('upload.remove')}
          </button>
        )}
      </div>
      {uploading && <progress className="progress" max={100} value={percent} aria-label={t('upload.progressOf', { name: pending.name })} />}
      <p className="field-hint" id={`${id}-limits`}>{t('upload.limits', { formats: formatsOf(kind), max: maxMB })}</p>
      {kind !== 'audio' && (
        // Episode audio must be a file we hold (the API serves it), so only images and other files take an address.
        <div className="upload-url">
          <label htmlFor={`${id}-url`} className="field-hint">{t('upload.urlFor', { label })}</label>
          <input id={`${id}-url`} type="url" inputMode="url" value={value} disabled={locked} placeholder="https://"
            aria-describedby={error ? `${id}-error` : undefined} aria-invalid={error ? true : undefined}
            onChange={(event) => onChange(event.target.value.trim())} />
        </div>
      )}
      {hint && <p className="field-hint" id={`${id}-hint`}>{hint}</p>}
      {error && <p className="field-error" id={`${id}-error`}>{t.message(error)}</p>}
    </div>
  );
}

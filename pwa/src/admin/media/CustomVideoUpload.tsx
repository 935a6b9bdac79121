import { useRef, useState, type FormEvent } from 'react';
import {
  customVideoFieldsSchema, RESUMABLE_LIMITS_MB, UPLOAD_LIMITS_MB, uploadAccept, uploadTakesType, uploadTypeByName, type CustomVideo,
} from '@redaktion/shared';
import { useAdminT } from '../i18n';
import { useAdminClient, usePlatform } from '../platform';
import { useChanged } from '../queries';
import { failureText, useNotify } from '../ui/feedback';
import { FormField, TextArea, TextInput, useSchemaForm } from '../ui/form';

/** What is wrong with a chosen video file (admin-area.md §5): its type, then its size; null when it may be sent. */
function videoFileProblem(file: File, maxMb: number): 'type' | 'size' | null {
  // Browsers often give AVI and MOV no MIME type at all, so the extension counts too.
  if (!uploadTakesType('video', file.type) && !uploadTypeByName('video', file.name)) return 'type';
  if (file.size > maxMb * 1024 * 1024) return 'size';
  return null;
}

/** The resumable endpoint takes the type declared at creation: a file the system gave none is named by its extension. */
function withVideoType(file: File): File {
  if (file.type) return file;
  const type = uploadTypeByName('video', file.name);
  return type ? new File([file], file.name, { type, lastModified: file.lastModified }) : file;
}

const EMPTY_UPLOAD = { title: '', description: '', duration: '' };

/**
 * Uploads a video with its title, description and duration, with the real upload progress. A host with resumable
 * uploads sends the file with tus (a cut line resumes; up to the endpoint's video limit) and then names it in a JSON
 * create; otherwise the file and the fields go in one multipart form (up to 50 MB).
 */
export function CustomVideoUpload() {
  const t = useAdminT();
  const notify = useNotify();
  const platform = usePlatform();
  const admin = useAdminClient();
  const changed = useChanged();
  const form = useSchemaForm(customVideoFieldsSchema, EMPTY_UPLOAD);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [sending, setSending] = useState<AbortController | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const { values, errors, set, busy } = form;
  const { resumableUpload } = platform;
  const maxMb = resumableUpload ? RESUMABLE_LIMITS_MB.video : UPLOAD_LIMITS_MB.video;

  const send = async (video: File, fields: { title: string; description: string; duration: string }, signal: AbortSignal) => {
    if (!resumableUpload) return platform.upload<CustomVideo>('/api/admin/custom-videos', { video, ...fields }, { onProgress: setProgress, signal });
    const { url } = await resumableUpload(withVideoType(video), { onProgress: setProgress, signal });
    return admin.customVideos.create({ ...fields, videoUrl: url });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || !values.title.trim() || !values.description.trim() || !values.duration.trim()) {
      notify.error(t('videos.missing'), t('videos.missingText'));
      return;
    }
    const problem = videoFileProblem(file, maxMb);
    if (problem === 'type') return notify.error(t('videos.invalidType'), t('videos.invalidTypeText'));
    if (problem === 'size') return notify.error(t('videos.tooLarge'), t('videos.tooLargeText', { mb: maxMb }));
    const controller = new AbortController();
    setSending(controller);
    try {
      const uploaded = await form.submit((fields) => send(file, fields, controller.signal));
      if (!uploaded) return;
      notify.success(t('videos.success'), t('videos.uploaded'));
      form.reset();
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      changed('customVideo');
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') notify.error(t('videos.cancelled'), t('videos.cancelledText'));
      else notify.error(t('videos.uploadError'), failureText(error, t('videos.uploadFailed'), t));
    } finally {
      setProgress(null);
      setSending(null);
    }
  };

  return (
    <section className="admin-section" aria-labelledby="videos-upload">
      <h3 id="videos-upload">{t('videos.upload')}</h3>
      <form className="admin-form" noValidate onSubmit={onSubmit}>
        <FormField label={t('videos.file')} hint={t('videos.fileHint', { mb: maxMb })} error={errors.video ?? errors.videoUrl}>
          {(props) => (
            <input {...props} ref={fileInput} type="file" disabled={busy}
              accept={uploadAccept('video')}
              onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
          )}
        </FormField>
        <div className="admin-form-row">
          <TextInput label={t('videos.videoTitle')} value={values.title} onChange={(value) => set('title', value)} error={errors.title} disabled={busy} />
          <TextInput label={t('videos.duration')} hint={t('videos.durationHint')} placeholder="5:30" value={values.duration}
            onChange={(value) => set('duration', value)} error={errors.duration} disabled={busy} />
        </div>
        <TextArea label={t('videos.description')} rows={3} value={values.description} onChange={(value) => set('description', value)}
          error={errors.description} disabled={busy} />
        {progress !== null && (
          <progress className="progress" max={100} value={progress} aria-label={t('videos.progress')}>{progress}%</progress>
        )}
        <div className="admin-form-actions">
          <button type="submit" className="button button-accent" disabled={busy}>{busy ? t('videos.uploading') : t('videos.uploadButton')}</button>
          {sending && <button type="button" className="button button-ghost" onClick={() => sending.abort()}>{t('videos.cancel')}</button>}
        </div>
      </form>
    </section>
  );
}

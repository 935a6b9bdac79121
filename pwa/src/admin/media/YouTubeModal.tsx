import { useRef, useState, type FormEvent } from 'react';
import {
  customVideoFieldsSchema, customVideoUpdateSchema, RESUMABLE_LIMITS_MB, UPLOAD_LIMITS_MB, uploadAccept, uploadTakesType, uploadTypeByName, type CustomVideo,
} from '@redaktion/shared';
import { ApiError, type ChannelVideo } from '@redaktion/shared/client';
import { useAdminQuery } from '../data';
import { useAdminT } from '../i18n';
import { QueryState } from '../ui/QueryState';
import { useAdminClient, usePlatform } from '../platform';
import { QUERY_KEYS, useChanged } from '../queries';
import { ConfirmDialog, Dialog } from '../ui/Dialog';
import { SiteLink } from '../ui/SiteLink';
import { failureText, useNotify } from '../ui/feedback';
import { FormField, NumberInput, Switch, TextArea, TextInput, useSchemaForm } from '../ui/form';
import { useMediaSrc } from './SingleFileUpload';
import { manualVideos } from './video-urls';

const MAY_NOT_PLAY = /\.(avi|mov)$/i;

/** What is wrong with a chosen video file (admin-area.md §5): its type, then its size; null when it may be sent. */
export function videoFileProblem(file: File, maxMb: number = UPLOAD_LIMITS_MB.video): 'type' | 'size' | null {
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

/**
 * The YouTube Channel Integration modal (admin-area.md §2 item 7): the channel's latest videos, a manual list of
 * YouTube addresses, the custom video upload and the custom video list (edit, delete; contract.md §7).
 */
export function YouTubeModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const t = useAdminT();
  const notify = useNotify();
  const admin = useAdminClient();
  const changed = useChanged();
  const [deleting, setDeleting] = useState<CustomVideo | null>(null);
  const [busy, setBusy] = useState(false);

  const remove = async (video: CustomVideo) => {
    setBusy(true);
    try {
      await admin.customVideos.remove(video.id);
      notify.success(t('videos.success'), t('videos.deleted'));
      changed('customVideo');
      setDeleting(null);
    } catch (error) {
      notify.error(t('videos.deleteError'), failureText(error, t('videos.deleteFailed'), t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Dialog open={open} title={t('videos.title')} onClose={onClose} wide>
        <div className="admin-form">
          <ChannelVideos />
          <CustomVideoUpload />
          <CustomVideoList onDelete={setDeleting} />
        </div>
      </Dialog>
      {/* Beside the modal, not inside it: a nested <dialog>'s close event would close the modal too. */}
      <ConfirmDialog open={deleting !== null} message={t('common.confirmDelete', { title: deleting?.title ?? '' })} busy={busy}
        onConfirm={() => deleting && void remove(deleting)} onClose={() => setDeleting(null)} />
    </>
  );
}

/** The channel fetch (the latest 10) and the manual address list; the spec answers failures with alerts (§8). */
function ChannelVideos() {
  const t = useAdminT();
  const admin = useAdminClient();
  const [channelUrl, setChannelUrl] = useState('');
  const [fetching, setFetching] = useState(false);
  const [fetched, setFetched] = useState<ChannelVideo[]>([]);
  const [manualText, setManualText] = useState('');
  const [manual, setManual] = useState<ChannelVideo[]>([]);
  const videos = [...fetched, ...manual];

  const fetchChannel = async (event: FormEvent) => {
    event.preventDefault();
    if (!channelUrl.trim()) return;
    setFetching(true);
    try {
      setFetched((await admin.channelVideos(channelUrl.trim())).videos);
    } catch (error) {
      window.alert(error instanceof ApiError ? t('videos.fetchError', { error: t.message(error.serverMessage) }) : t('videos.fetchNetwork'));
    } finally {
      setFetching(false);
    }
  };

  const addManual = () => {
    setManual(manualVideos(manualText, { title: (n) => t('videos.manualTitle', { n }), description: t('videos.manualDescription') }));
  };

  return (
    <section className="admin-section" aria-labelledby="videos-channel">
      <h3 id="videos-channel">{t('videos.channel')}</h3>
      <p className="field-hint">{t('videos.fetchInfo')}</p>
      <form className="admin-inline-add" noValidate onSubmit={fetchChannel}>
        <TextInput label={t('videos.channelUrl')} type="url" placeholder="https://www.youtube.com/@…" value={channelUrl} onChange={setChannelUrl} />
        <button type="submit" className="button button-accent" disabled={!channelUrl.trim() || fetching}>
          {fetching ? t('videos.fetching') : t('videos.fetch')}
        </button>
      </form>
      <TextArea label={t('videos.manualLabel')} hint={t('videos.manualHint')} rows={3} value={manualText} onChange={setManualText} />
      <div className="admin-form-actions">
        <button type="button" className="button" onClick={addManual}>{t('videos.manualAdd')}</button>
      </div>
      {videos.length > 0 && (
        <>
          <h4>{t('videos.results', { n: videos.length })}</h4>
          <ul className="admin-list">
            {videos.map((video, index) => (
              <li key={`${index}-${video.videoId}`} className="admin-row">
                <img className="admin-row-thumb" src={video.thumbnail} alt="" loading="lazy" />
                <div className="admin-row-body">
                  <SiteLink className="admin-row-title" path={`/watch/${video.videoId}`}>{video.title}</SiteLink>
                  <p className="admin-row-meta">
                    {video.duration && <span>{video.duration}</span>}
                    {video.isLive && <span className="admin-tag">{t('videos.live')}</span>}
                    <span>{t.date(video.publishedAt)}</span>
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

const EMPTY_UPLOAD = { title: '', description: '', duration: '' };

/**
 * Uploads a video with its title, description and duration, with the real upload progress. A host with resumable
 * uploads sends the file with tus (a cut line resumes; up to the endpoint's video limit) and then names it in a JSON
 * create; otherwise the file and the fields go in one multipart form (up to 50 MB).
 */
function CustomVideoUpload() {
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

/** The custom videos, each editable (title, description, active, priority) and deletable. */
function CustomVideoList({ onDelete }: { onDelete(video: CustomVideo): void }) {
  const t = useAdminT();
  const admin = useAdminClient();
  const mediaSrc = useMediaSrc();
  const list = useAdminQuery(QUERY_KEYS.customVideos, admin.customVideos.list);
  const [editing, setEditing] = useState<number | null>(null);

  return (
    <section className="admin-section" aria-labelledby="videos-list">
      <h3 id="videos-list">{t('videos.list')}</h3>
      <p className="field-hint">{t('videos.playNote')}</p>
      <QueryState query={list} data={list.data} empty={t('videos.listEmpty')} failed={t('videos.listFailed')}>{(items) => (
        <ul className="admin-list">
          {items.map((video) => (editing === video.id ? (
            <li key={video.id} className="admin-card"><CustomVideoEditor video={video} onDone={() => setEditing(null)} /></li>
          ) : (
            <li key={video.id} className="admin-row">
              {video.thumbnailUrl ? <img className="admin-row-thumb" src={mediaSrc(video.thumbnailUrl)} alt="" loading="lazy" /> : <span className="admin-row-thumb" />}
              <div className="admin-row-body">
                <SiteLink className="admin-row-title" path={`/watch/${video.slug}`}>{video.title}</SiteLink>
                <p className="admin-row-meta">
                  <span>{video.duration}</span>
                  <span className={`admin-status admin-status-${video.active ? 'published' : 'draft'}`}>
                    {video.active ? t('common.active') : t('common.inactive')}
                  </span>
                  <span>{t('videos.priorityValue', { n: video.priority })}</span>
                  {MAY_NOT_PLAY.test(video.videoUrl) && <span className="admin-tag">{t('videos.mayNotPlay')}</span>}
                </p>
              </div>
              <div className="admin-row-actions">
                <button type="button" className="button button-ghost button-small" aria-label={t('videos.editLabel', { title: video.title })}
                  onClick={() => setEditing(video.id)}>{t('common.edit')}</button>
                <button type="button" className="button button-danger button-small" aria-label={t('videos.deleteLabel', { title: video.title })}
                  onClick={() => onDelete(video)}>{t('common.delete')}</button>
              </div>
            </li>
          )))}
        </ul>
      )}</QueryState>
    </section>
  );
}

function CustomVideoEditor({ video, onDone }: { video: CustomVideo; onDone(): void }) {
  const t = useAdminT();
  const notify = useNotify();
  const admin = useAdminClient();
  const changed = useChanged();
  const form = useSchemaForm(customVideoUpdateSchema, {
    title: video.title, description: video.description, active: video.active, priority: video.priority as number | string,
  });
  const { values, errors, set, busy } = form;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const saved = await form.submit((body) => admin.customVideos.update(video.id, body));
      if (!saved) return;
      notify.success(t('videos.success'), t('videos.updated'));
      changed('customVideo');
      onDone();
    } catch (error) {
      notify.failure(t('videos.updateFailed'), error);
    }
  };

  return (
    <form className="admin-form" noValidate onSubmit={onSubmit} aria-label={t('videos.editLabel', { title: video.title })}>
      <div className="admin-form-row">
        <TextInput label={t('videos.videoTitle')} value={values.title} onChange={(value) => set('title', value)} error={errors.title} disabled={busy} />
        <NumberInput label={t('videos.priority')} hint={t('videos.priorityHint')} min={-1000} max={1000} value={values.priority}
          onChange={(value) => set('priority', value)} error={errors.priority} disabled={busy} />
      </div>
      <TextArea label={t('videos.description')} rows={3} value={values.description} onChange={(value) => set('description', value)}
        error={errors.description} disabled={busy} />
      <Switch label={t('common.active')} checked={values.active} onChange={(value) => set('active', value)} disabled={busy} />
      <div className="admin-form-actions">
        <button type="button" className="button button-ghost" onClick={onDone} disabled={busy}>{t('common.cancel')}</button>
        <button type="submit" className="button button-accent" disabled={busy}>{busy ? t('common.saving') : t('common.save')}</button>
      </div>
    </form>
  );
}

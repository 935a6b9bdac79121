import { useState } from 'react';
import type { CustomVideo } from '@redaktion/shared';
import { useAdminQuery } from '../data';
import { useAdminT } from '../i18n';
import { useAdminClient } from '../platform';
import { QUERY_KEYS, useChanged } from '../queries';
import { ConfirmDialog } from '../ui/Dialog';
import { failureText, useNotify } from '../ui/feedback';
import { QueryState } from '../ui/QueryState';
import { RowActions } from '../ui/ResourceList';
import { SiteLink } from '../ui/SiteLink';
import { CustomVideoEditor } from './CustomVideoEditor';
import { useMediaSrc } from './SingleFileUpload';

const MAY_NOT_PLAY = /\.(avi|mov)$/i;

/** The custom videos (contract.md §7), each edited in place of its row and deleted after an "Are you sure?". */
export function CustomVideoList() {
  const t = useAdminT();
  const notify = useNotify();
  const admin = useAdminClient();
  const changed = useChanged();
  const mediaSrc = useMediaSrc();
  const list = useAdminQuery(QUERY_KEYS.customVideos, admin.customVideos.list);
  const [editing, setEditing] = useState<number | null>(null);
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
    <section className="admin-section" aria-labelledby="videos-list">
      <h3 id="videos-list">{t('videos.list')}</h3>
      <p className="field-hint">{t('videos.playNote')}</p>
      <QueryState query={list} empty={t('videos.listEmpty')} failed={t('videos.listFailed')}>{(items) => (
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
              <RowActions title={video.title} onEdit={() => setEditing(video.id)} onDelete={() => setDeleting(video)} />
            </li>
          )))}
        </ul>
      )}</QueryState>
      <ConfirmDialog open={deleting !== null} message={t('common.confirmDelete', { title: deleting?.title ?? '' })} busy={busy}
        onConfirm={() => deleting && void remove(deleting)} onClose={() => setDeleting(null)} />
    </section>
  );
}

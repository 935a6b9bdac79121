import { useState, type FormEvent } from 'react';
import { ApiError, type ChannelVideo } from '@redaktion/shared/client';
import { useAdminT } from '../i18n';
import { useAdminClient } from '../platform';
import { Dialog } from '../ui/Dialog';
import { SiteLink } from '../ui/SiteLink';
import { TextArea, TextInput } from '../ui/form';
import { CustomVideoList } from './CustomVideoList';
import { CustomVideoUpload } from './CustomVideoUpload';
import { manualVideos } from './video-urls';

/**
 * The YouTube Channel Integration modal (admin-area.md §2 item 7): the channel's latest videos, a manual list of
 * YouTube addresses, the custom video upload and the custom video list (edit, delete; contract.md §7).
 */
export function YouTubeModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const t = useAdminT();
  return (
    <Dialog open={open} title={t('videos.title')} onClose={onClose} wide>
      <div className="admin-form">
        <ChannelVideos />
        <CustomVideoUpload />
        <CustomVideoList />
      </div>
    </Dialog>
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

import { clampSeek } from '@redaktion/shared/time';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { CustomVideo } from '@redaktion/shared';
import { apiPaths } from '@redaktion/shared/client';
import { useSettings } from '../services/context';
import { Loading } from '../components/cards';
import { useApi } from '../data/api-cache';
import { formatDate, useI18n } from '../i18n';
import { NotFoundState } from './NotFound';
import { YOUTUBE_ORIGIN, isYouTubeId, youTubeEmbedUrl, youTubeCommand } from '../components/youtube';
import { watchReads } from './Watch.data';

/** reader-area.md §9 and contract.md §7. */
export const DESCRIPTION_LIMIT = 200;
export const CONTROLS_HIDE_MS = 3000;
export const SEEK_SECONDS = 10;


function BackHome() {
  const { t } = useI18n();
  return <Link to="/" className="button button-ghost watch-back"><span aria-hidden="true">← </span>{t('watch.back')}</Link>;
}

/** The description, collapsed with Show more / Show less only above 200 characters. */
function Description({ text }: { text: string }) {
  const { t } = useI18n();
  const id = useId();
  const [open, setOpen] = useState(false);
  const trimmed = text.trim();
  if (!trimmed) return null;
  const long = trimmed.length > DESCRIPTION_LIMIT;
  const shown = long && !open ? `${trimmed.slice(0, DESCRIPTION_LIMIT).trimEnd()}…` : trimmed;
  return (
    <div className="watch-description">
      <p id={id}>{shown}</p>
      {long && (
        <button type="button" className="button button-ghost button-small" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
          {open ? t('watch.showLess') : t('watch.showMore')}
        </button>
      )}
    </div>
  );
}

function WatchLayout({ title, date, description, children }: { title: string; date?: string | null; description: string; children: ReactNode }) {
  const { locale } = useI18n();
  return (
    <div className="container watch-page">
      <p><BackHome /></p>
      {children}
      <div className="watch-info">
        <h1>{title}</h1>
        {date && <p className="meta"><time dateTime={date}>{formatDate(date, locale)}</time></p>}
        <Description text={description} />
      </div>
    </div>
  );
}

function Unavailable() {
  const { t } = useI18n();
  return (
    <div className="video-frame video-unavailable" role="alert">
      <p className="video-unavailable-title"><strong>{t('watch.notAvailable')}</strong></p>
      <p>{t('watch.notAvailableText')}</p>
    </div>
  );
}

/** A custom (uploaded) video: native controls, plus shortcuts and a toolbar that hides 3 s after the last activity. */
function CustomPlayer({ video }: { video: CustomVideo }) {
  const { t } = useI18n();
  const { autoplay } = useSettings();
  const element = useRef<HTMLVideoElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(false);
  const [visible, setVisible] = useState(true);

  const activity = useCallback(() => {
    setVisible(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setVisible(false), CONTROLS_HIDE_MS);
  }, []);

  useEffect(() => {
    activity();
    return () => clearTimeout(timer.current);
  }, [activity]);

  useEffect(() => {
    const media = element.current;
    if (!media) return;
    if (media.error) {
      setFailed(true);
      return;
    }
    setMuted(media.muted);
    if (autoplay) void media.play().catch(() => undefined);
    // Only when the video changes: turning autoplay off later must not pause what is playing.
  }, [video.videoUrl]);

  const toggle = () => {
    const media = element.current;
    if (!media) return;
    if (media.paused || media.ended) void media.play().catch(() => undefined);
    else media.pause();
  };
  const toggleMute = () => {
    const media = element.current;
    if (!media) return;
    media.muted = !media.muted;
    setMuted(media.muted);
  };
  const seek = (delta: number) => {
    const media = element.current;
    if (!media) return;
    media.currentTime = clampSeek(media.currentTime, delta, media.duration);
  };
  const fullscreen = async () => {
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await box.current?.requestFullscreen();
    } catch (error) {
      console.error(error);
    }
  };

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    activity();
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const onButton = event.target instanceof HTMLButtonElement;
    switch (event.key) {
      case ' ':
      case 'Spacebar':
        if (onButton) return; // the button answers space itself
        toggle();
        break;
      case 'm':
      case 'M':
        toggleMute();
        break;
      case 'f':
      case 'F':
        void fullscreen();
        break;
      case 'ArrowLeft':
        seek(-SEEK_SECONDS);
        break;
      case 'ArrowRight':
        seek(SEEK_SECONDS);
        break;
      default:
        return;
    }
    event.preventDefault();
  }

  if (failed) return <Unavailable />;
  return (
    <div ref={box} className={`video-frame video-player ${visible ? 'controls-visible' : 'controls-hidden'}`} tabIndex={0}
      role="region" aria-label={t('watch.player')} aria-keyshortcuts="Space M F ArrowLeft ArrowRight"
      onKeyDown={onKeyDown} onMouseMove={activity} onPointerDown={activity} onTouchStart={activity} onFocus={activity}>
      <video ref={element} src={video.videoUrl} poster={video.thumbnailUrl ?? undefined} controls playsInline preload="metadata"
        onPlay={() => setPlaying(true)} onPause={() => setPlaying(false)} onEnded={() => setPlaying(false)}
        onVolumeChange={(event) => setMuted(event.currentTarget.muted)} onError={() => setFailed(true)} />
      <div className="video-toolbar" role="toolbar" aria-label={t('watch.controls')}>
        <button type="button" className="icon-button" onClick={() => seek(-SEEK_SECONDS)} aria-label={t('watch.seekBack')}>
          <span aria-hidden="true">↺10</span>
        </button>
        <button type="button" className="icon-button" onClick={toggle} aria-label={playing ? t('player.pause') : t('player.play')}>
          <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
        </button>
        <button type="button" className="icon-button" onClick={() => seek(SEEK_SECONDS)} aria-label={t('watch.seekForward')}>
          <span aria-hidden="true">10↻</span>
        </button>
        <button type="button" className="icon-button" onClick={toggleMute} aria-label={muted ? t('hero.unmute') : t('hero.mute')} aria-pressed={muted}>
          <span aria-hidden="true">{muted ? '🔇' : '🔊'}</span>
        </button>
        <button type="button" className="icon-button" onClick={() => void fullscreen()} aria-label={t('watch.fullscreen')}>
          <span aria-hidden="true">⛶</span>
        </button>
      </div>
    </div>
  );
}

interface YouTubeMessage { event?: string; info?: unknown }

/** An external video in YouTube's privacy-enhanced embed; pause and mute are sent to it as messages. */
function YouTubePlayer({ id, title }: { id: string; title: string }) {
  const { t } = useI18n();
  const frame = useRef<HTMLIFrameElement>(null);
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    function onMessage(event: MessageEvent) {
      if (event.origin !== YOUTUBE_ORIGIN || event.source !== frame.current?.contentWindow) return;
      let data: YouTubeMessage;
      try {
        data = (typeof event.data === 'string' ? JSON.parse(event.data) : event.data) as YouTubeMessage;
      } catch {
        return;
      }
      if (data.event === 'onError') setFailed(true);
      if (data.event === 'onStateChange' && typeof data.info === 'number') setPlaying(data.info === 1 || data.info === 3);
      if (data.event === 'infoDelivery' && data.info && typeof data.info === 'object') {
        const info = data.info as { playerState?: unknown; muted?: unknown };
        if (typeof info.playerState === 'number') setPlaying(info.playerState === 1 || info.playerState === 3);
        if (typeof info.muted === 'boolean') setMuted(info.muted);
      }
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  const send = (message: Record<string, unknown>) => frame.current?.contentWindow?.postMessage(JSON.stringify(message), YOUTUBE_ORIGIN);
  const command = (func: string) => youTubeCommand(frame.current, func);

  if (failed) return <Unavailable />;
  return (
    <div className="video-youtube">
      <div className="video-frame">
        <iframe ref={frame} src={youTubeEmbedUrl(id)} title={title} allow="autoplay; encrypted-media; picture-in-picture" allowFullScreen
          onLoad={() => send({ event: 'listening', id: 1, channel: 'widget' })} />
      </div>
      <div className="video-toolbar video-toolbar-static" role="toolbar" aria-label={t('watch.controls')}>
        <button type="button" className="icon-button" aria-label={playing ? t('player.pause') : t('player.play')}
          onClick={() => {
            command(playing ? 'pauseVideo' : 'playVideo');
            setPlaying(!playing);
          }}>
          <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
        </button>
        <button type="button" className="icon-button" aria-label={muted ? t('hero.unmute') : t('hero.mute')} aria-pressed={muted}
          onClick={() => {
            command(muted ? 'unMute' : 'mute');
            setMuted(!muted);
          }}>
          <span aria-hidden="true">{muted ? '🔇' : '🔊'}</span>
        </button>
      </div>
    </div>
  );
}

/** The channel's own listing, when it has this video, gives the title, date and description. */
function YouTubePage({ id }: { id: string }) {
  const { t } = useI18n();
  const channel = useApi(apiPaths.channelVideos);
  const known = channel.data?.videos?.find((v) => v.videoId === id);
  const title = known?.title ?? t('watch.player');
  return (
    <WatchLayout title={title} date={known?.publishedAt} description={known?.description ?? ''}>
      <YouTubePlayer id={id} title={title} />
    </WatchLayout>
  );
}

export default function Watch() {
  const { t } = useI18n();
  const { videoId = '' } = useParams();
  const slug = videoId.trim();
  const reads = watchReads(slug);
  const custom = useApi(slug ? reads.custom : null);
  const config = useApi(reads.config);
  if (!slug) return <NotFoundState title={t('watch.notFound')} text={t('watch.idRequired')} backLabel={t('watch.back')} />;
  if (custom.loading || (isYouTubeId(slug) && config.loading)) return <Loading />;
  if (custom.data) {
    const video = custom.data;
    return (
      <WatchLayout title={video.title} date={video.createdAt} description={video.description}>
        <CustomPlayer key={video.videoUrl} video={video} />
      </WatchLayout>
    );
  }
  // Anything but "no such video" (a failed read, YouTube not set up here) means the video cannot be shown now.
  const missing = custom.error?.status === 404;
  if (isYouTubeId(slug) && missing) {
    if (config.data?.integrations.youtube) return <YouTubePage id={slug} />;
    return <WatchLayout title={t('watch.player')} description=""><Unavailable /></WatchLayout>;
  }
  if (!missing) return <WatchLayout title={t('watch.player')} description=""><Unavailable /></WatchLayout>;
  return <NotFoundState title={t('watch.notFound')} backLabel={t('watch.back')} error={custom.error} />;
}

import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { CustomVideo } from '@redaktion/shared';
import { apiPaths } from '@redaktion/shared/client';
import { useApi, usePolling } from '../data/api-cache';
import { useI18n } from '../i18n';
import { useSettings } from '../app/context';

export interface HeroSlide { key: string; title: string; description: string; href: string; videoUrl: string | null; poster: string | null }

const ROTATE_MS = 45_000;
const MAX_SLIDES = 2;

/** Hero source order (reader-area.md §4): channel videos, else custom videos, else the built-in fallbacks. */
export function heroSlides(channel: { videoId: string; title: string; description: string; thumbnail: string }[] | undefined, custom: CustomVideo[] | undefined): HeroSlide[] {
  if (channel && channel.length > 0) {
    return channel.slice(0, MAX_SLIDES).map((video) => ({
      key: video.videoId, title: video.title, description: video.description, href: `/watch/${video.videoId}`, videoUrl: null, poster: video.thumbnail,
    }));
  }
  if (custom && custom.length > 0) {
    return custom.slice(0, MAX_SLIDES).map((video) => ({
      key: video.slug, title: video.title, description: video.description, href: `/watch/${video.slug}`, videoUrl: video.videoUrl, poster: video.thumbnailUrl,
    }));
  }
  return [];
}

/** The index after `current` when the rotation ticks, cycling over at most two slides. */
export const nextSlide = (current: number, count: number) => (count === 0 ? 0 : (current + 1) % count);

export function VideoHero() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { autoplay } = useSettings();
  const config = useApi(apiPaths.config);
  // The channel is asked for only when YouTube is configured; otherwise custom videos lead (reader-area.md §4).
  const channel = useApi(config.data?.integrations.youtube ? apiPaths.channelVideos : null);
  const custom = useApi(apiPaths.customVideos);
  usePolling(apiPaths.customVideos, 30_000);
  const slides = heroSlides(channel.data?.videos, custom.data);
  const [index, setIndex] = useState(0);
  const [muted, setMuted] = useState(true);
  const [playing, setPlaying] = useState(true);
  const [controls, setControls] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const slideKeys = slides.map((slide) => slide.key).join('|');

  useEffect(() => setIndex(0), [slideKeys]);
  useEffect(() => {
    if (slides.length < 2) return;
    const timer = setInterval(() => setIndex((current) => nextSlide(current, slides.length)), ROTATE_MS);
    return () => clearInterval(timer);
  }, [slides.length]);
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    element.muted = muted;
    if (playing && autoplay) void element.play().catch(() => setPlaying(false));
    else element.pause();
  }, [muted, playing, autoplay, index, slideKeys]);

  const slide = slides[index];
  if (!slide) return null;
  return (
    <section className="video-hero" aria-roledescription="carousel" aria-label={t('hero.label')}
      onMouseEnter={() => setControls(true)} onMouseLeave={() => setControls(false)} onTouchStart={() => setControls(true)}>
      <div className="video-hero-media" onClick={() => navigate(slide.href)} aria-hidden="true">
        {slide.videoUrl
          ? <video ref={video} key={slide.key} src={slide.videoUrl} poster={slide.poster ?? undefined} muted loop playsInline preload="metadata" />
          : slide.poster && <img src={slide.poster} alt="" width={1280} height={720} />}
      </div>
      <div className="video-hero-overlay">
        <h1 className="video-hero-title">{slide.title}</h1>
        <p className="video-hero-text">{slide.description}</p>
        <div className="video-hero-actions">
          <Link to={slide.href} className="button button-accent">{t('hero.watchNow')}</Link>
          <button type="button" className="button button-ghost-light"
            onClick={() => document.getElementById('main-sections')?.scrollIntoView({ behavior: 'smooth' })}>{t('hero.exploreMore')}</button>
        </div>
      </div>
      {slide.videoUrl && (
        <div className={`video-hero-controls ${controls ? 'visible' : ''}`}>
          <button type="button" className="icon-button light" onClick={() => setMuted((m) => !m)} aria-label={muted ? t('hero.unmute') : t('hero.mute')} aria-pressed={!muted}>
            <span aria-hidden="true">{muted ? '🔇' : '🔊'}</span>
          </button>
          <button type="button" className="icon-button light" onClick={() => setPlaying((p) => !p)} aria-label={playing ? t('hero.pause') : t('hero.play')}>
            <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
          </button>
        </div>
      )}
      {slides.length > 1 && (
        <div className="video-hero-dots">
          {slides.map((s, i) => (
            <button key={s.key} type="button" className={`dot ${i === index ? 'active' : ''}`} aria-label={t('hero.slide', { n: i + 1 })}
              aria-current={i === index} onClick={() => setIndex(i)} />
          ))}
        </div>
      )}
    </section>
  );
}

import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { CustomVideo } from '@redaktion/shared';
import { apiPaths } from '@redaktion/shared/client';
import { useApi, usePolling } from '../data/api-cache';
import { useI18n } from '../i18n';
import { useSettings } from '../services/context';
import type { Translate } from '../i18n';
import { youTubeCommand, youTubeEmbedUrl } from './youtube';

export interface HeroSlide {
  key: string; title: string; description: string; href: string; poster: string | null;
  /** A file the page plays itself (custom and built-in videos). */
  videoUrl: string | null;
  /** A channel video, played in YouTube's embed. */
  youTubeId: string | null;
}

const ROTATE_MS = 45_000;
const MAX_SLIDES = 2;

/** Hero source order (reader-area.md §4): channel videos, else custom videos, else the built-in fallbacks. */
export function heroSlides(
  channel: { videoId: string; title: string; description: string; thumbnail: string }[] | undefined,
  custom: CustomVideo[] | undefined,
  fallback: HeroSlide[],
): HeroSlide[] {
  if (channel && channel.length > 0) {
    return channel.slice(0, MAX_SLIDES).map((video) => ({
      key: video.videoId, title: video.title, description: video.description, href: `/watch/${video.videoId}`, videoUrl: null,
      youTubeId: video.videoId, poster: video.thumbnail,
    }));
  }
  if (custom && custom.length > 0) {
    return custom.slice(0, MAX_SLIDES).map((video) => ({
      key: video.slug, title: video.title, description: video.description, href: `/watch/${video.slug}`, videoUrl: video.videoUrl,
      youTubeId: null, poster: video.thumbnailUrl,
    }));
  }
  return fallback.slice(0, MAX_SLIDES);
}

/**
 * The two built-in videos the server ships with the app (served under /media/hero/): the hero is never empty,
 * even on a site without channel or custom videos. They lead to the news and the podcasts.
 */
function builtInSlides(t: Translate): HeroSlide[] {
  return [
    { key: 'builtin-newsroom', file: 'bakom-redaktionen', href: '/news', title: t('hero.builtin1Title'), description: t('hero.builtin1Text') },
    { key: 'builtin-climate', file: 'klimatet-i-siffror', href: '/podcasts', title: t('hero.builtin2Title'), description: t('hero.builtin2Text') },
  ].map(({ file, ...slide }) => ({ ...slide, videoUrl: `/media/hero/${file}.webm`, poster: `/media/hero/${file}.jpg`, youTubeId: null }));
}

/** A click on the hero itself (not on one of its buttons or links) opens the video. */
const fromControl = (target: EventTarget) => target instanceof Element && target.closest('a, button') !== null;

/** The index after `current` when the rotation ticks, cycling over at most two slides. */
export const nextSlide = (current: number, count: number) => (count === 0 ? 0 : (current + 1) % count);

/**
 * Whether the hero may play video: once it is on screen, and never for a reader whose browser asks to save data.
 * Until then the poster shows, so the first screen costs a picture, not a video decoder.
 */
function useVideoAllowed(hero: RefObject<HTMLElement | null>): boolean {
  const [allowed, setAllowed] = useState(false);
  useEffect(() => {
    const element = hero.current;
    const saveData = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
    if (!element || saveData || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      setAllowed(true);
      observer.disconnect();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hero]);
  return allowed;
}

export function VideoHero() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { autoplay } = useSettings();
  const config = useApi(apiPaths.config);
  // The channel is asked for only when YouTube is configured; otherwise custom videos lead (reader-area.md §4).
  const channel = useApi(config.data?.integrations.youtube ? apiPaths.channelVideos : null);
  const custom = useApi(apiPaths.customVideos);
  usePolling(apiPaths.customVideos, 30_000);
  const slides = heroSlides(channel.data?.videos, custom.data, builtInSlides(t));
  const [index, setIndex] = useState(0);
  const [muted, setMuted] = useState(true);
  const [playing, setPlaying] = useState(true);
  const [controls, setControls] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const hero = useRef<HTMLElement>(null);
  const videoAllowed = useVideoAllowed(hero);
  const slideKeys = slides.map((slide) => slide.key).join('|');

  useEffect(() => setIndex(0), [slideKeys]);
  useEffect(() => {
    if (slides.length < 2) return;
    const timer = setInterval(() => setIndex((current) => nextSlide(current, slides.length)), ROTATE_MS);
    return () => clearInterval(timer);
  }, [slides.length]);
  useEffect(() => {
    const element = video.current;
    if (element) {
      element.muted = muted;
      if (playing && autoplay) void element.play().catch(() => setPlaying(false));
      else element.pause();
    }
    youTubeCommand(frame.current, muted ? 'mute' : 'unMute');
    youTubeCommand(frame.current, playing && autoplay ? 'playVideo' : 'pauseVideo');
  }, [muted, playing, autoplay, index, slideKeys]);

  const slide = slides[index];
  if (!slide) return null;
  return (
    // A click anywhere on the hero opens the video (reader-area.md §2); Watch Now is the keyboard's way there.
    <section ref={hero} className="video-hero" aria-roledescription="carousel" aria-label={t('hero.label')}
      onClick={(event) => !fromControl(event.target) && navigate(slide.href)}
      onMouseEnter={() => setControls(true)} onMouseLeave={() => setControls(false)} onTouchStart={() => setControls(true)}>
      <div className="video-hero-media" aria-hidden="true">
        {slide.videoUrl && videoAllowed
          ? <video ref={video} key={slide.key} src={slide.videoUrl} poster={slide.poster ?? undefined} muted loop playsInline preload="metadata" />
          : slide.youTubeId && videoAllowed
            ? <iframe ref={frame} key={slide.key} tabIndex={-1} title={slide.title} allow="autoplay; encrypted-media"
              src={youTubeEmbedUrl(slide.youTubeId, { autoplay: autoplay ? '1' : '0', mute: '1', loop: '1', playlist: slide.youTubeId, controls: '0', playsinline: '1' })}
              onLoad={() => youTubeCommand(frame.current, muted ? 'mute' : 'unMute')} />
            : slide.poster && <img src={slide.poster} alt="" width={1280} height={720} fetchPriority="high" />}
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
      {(slide.videoUrl || slide.youTubeId) && (
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

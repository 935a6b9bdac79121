import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { clampSeek, formatClock } from '@redaktion/shared/time';
import { useI18n } from '../i18n';

/** Skip on audio (reader-area.md §9) and the starting volume. */
export const SKIP_SECONDS = 15;
export const DEFAULT_VOLUME = 75;

const usable = (duration: number) => Number.isFinite(duration) && duration > 0;

/** The time a seek slider position (0 to 100) stands for. */
export function percentToTime(percent: number, duration: number): number {
  if (!usable(duration) || !Number.isFinite(percent)) return 0;
  return (Math.min(Math.max(percent, 0), 100) / 100) * duration;
}

/** The seek slider position (0 to 100, to 0.1) for a time. */
export function timeToPercent(time: number, duration: number): number {
  if (!usable(duration) || !Number.isFinite(time)) return 0;
  const percent = (Math.min(Math.max(time, 0), duration) / duration) * 100;
  return Math.round(percent * 10) / 10;
}

/** A play() that failed because the file cannot be played (not because the browser wanted a gesture or a pause came first). */
export const isLoadFailure = (error: unknown) =>
  !(error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'AbortError'));

/**
 * The episode player (reader-area.md §2, §4): a native <audio> driven by React. States: playing, paused,
 * ended (back to not playing) and error ('Unable to load audio file', every control disabled).
 */
export function AudioPlayer({ src, title, duration: durationHint = 0 }: { src: string; title: string; duration?: number }) {
  const { t } = useI18n();
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [current, setCurrent] = useState(0);
  const [duration, setDuration] = useState(0);
  const [volume, setVolume] = useState(DEFAULT_VOLUME);
  const [failed, setFailed] = useState(false);

  // A new file starts over.
  useEffect(() => {
    setPlaying(false);
    setCurrent(0);
    setDuration(0);
    setFailed(false);
  }, [src]);

  // Events that fired before hydration are read from the element itself.
  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    element.volume = volume / 100;
    if (element.error) setFailed(true);
    if (element.readyState >= 1 && usable(element.duration)) setDuration(element.duration);
  }, [src]); // once per file; the volume effect below follows changes

  useEffect(() => {
    if (audio.current) audio.current.volume = volume / 100;
  }, [volume]);

  const total = usable(duration) ? duration : durationHint;
  const disabled = failed;

  function toggle() {
    const element = audio.current;
    if (!element || failed) return;
    if (element.paused || element.ended) {
      void element.play().catch((error: unknown) => {
        setPlaying(false);
        if (isLoadFailure(error)) setFailed(true);
      });
    } else {
      element.pause();
    }
  }

  function skip(delta: number) {
    const element = audio.current;
    if (!element || failed) return;
    const next = clampSeek(element.currentTime, delta, element.duration);
    element.currentTime = next;
    setCurrent(next);
  }

  function seek(percent: number) {
    const element = audio.current;
    if (!element || failed || !usable(element.duration)) return;
    const next = percentToTime(percent, element.duration);
    element.currentTime = next;
    setCurrent(next);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== ' ' && event.key !== 'Spacebar') return;
    // A focused button answers the space key itself.
    if (event.target instanceof HTMLButtonElement) return;
    event.preventDefault();
    toggle();
  }

  const elapsedText = formatClock(current);
  const totalText = formatClock(total);

  return (
    <div className={`audio-player${playing ? ' is-playing' : ''}${failed ? ' is-failed' : ''}`} role="group" aria-label={`${t('player.label')}: ${title}`}
      tabIndex={0} onKeyDown={onKeyDown}>
      <audio ref={audio} src={src} preload="metadata"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={(event) => setCurrent(event.currentTarget.currentTime)}
        onLoadedMetadata={(event) => usable(event.currentTarget.duration) && setDuration(event.currentTarget.duration)}
        onDurationChange={(event) => usable(event.currentTarget.duration) && setDuration(event.currentTarget.duration)}
        onError={() => {
          setFailed(true);
          setPlaying(false);
        }}
      />
      <div className="audio-player-buttons">
        <button type="button" className="icon-button audio-skip" onClick={() => skip(-SKIP_SECONDS)} disabled={disabled} aria-label={t('player.back15')}>
          <span aria-hidden="true">↺</span><span className="audio-skip-n" aria-hidden="true">15</span>
        </button>
        <button type="button" className="icon-button audio-play" onClick={toggle} disabled={disabled} aria-label={playing ? t('player.pause') : t('player.play')}>
          <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
        </button>
        <button type="button" className="icon-button audio-skip" onClick={() => skip(SKIP_SECONDS)} disabled={disabled} aria-label={t('player.forward15')}>
          <span aria-hidden="true">↻</span><span className="audio-skip-n" aria-hidden="true">15</span>
        </button>
      </div>
      <div className="audio-player-timeline">
        <span className="audio-time"><span className="visually-hidden">{t('player.elapsed')} </span>{elapsedText}</span>
        <input type="range" className="audio-seek" min={0} max={100} step={0.1} value={timeToPercent(current, total)}
          onChange={(event) => seek(Number(event.currentTarget.value))} disabled={disabled || !usable(duration)}
          aria-label={t('player.seek')} aria-valuetext={`${elapsedText} / ${totalText}`} />
        <span className="audio-time"><span className="visually-hidden">{t('player.total')} </span>{totalText}</span>
      </div>
      <div className="audio-player-volume">
        <label className="audio-volume-label">
          <span aria-hidden="true">{volume === 0 ? '🔇' : '🔊'}</span>
          <span className="visually-hidden">{t('player.volume')}</span>
          <input type="range" className="audio-volume" min={0} max={100} step={1} value={volume}
            onChange={(event) => setVolume(Number(event.currentTarget.value))} disabled={disabled} aria-valuetext={`${volume}%`} />
        </label>
        <output className="audio-volume-value" aria-hidden="true">{volume}%</output>
      </div>
      {failed && <p className="error-note audio-error" role="alert">{t('episode.loadFailed')}</p>}
    </div>
  );
}

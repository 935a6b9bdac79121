import { Suspense, lazy, useEffect, useState, type KeyboardEvent } from 'react';
import type { Episode } from '@redaktion/shared';
import { formatClock } from '@redaktion/shared/time';
import { useServices } from '../services/context';
import { useIsClient } from '../data/api-cache';
import { useI18n } from '../i18n';
import { SKIP_SECONDS, isTrack, usable, usePlayer } from '../state/player';
import { Chapters } from './Chapters';
import { SpeedSelect } from './SpeedSelect';

export { DEFAULT_VOLUME, SKIP_SECONDS, isLoadFailure } from '../state/player';

/** Up Next and the sleep timer: a chunk of their own, loaded once this episode is in the player. */
const PlayerExtras = lazy(() => import('./PlayerExtras'));
/** An episode's transcript (contract §9 [voice]): a chunk of its own with the WebVTT parser, loaded in the browser for episodes that have one. */
const Transcript = lazy(() => import('./Transcript'));

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

/** Where an episode's audio comes from: the device when it was downloaded, else the server. Null until known. */
function useSource(episode: Episode): { src: string; fromDevice: boolean } | null {
  const { device } = useServices();
  const [source, setSource] = useState<{ src: string; fromDevice: boolean } | null>(null);
  useEffect(() => {
    let live = true;
    let created: string | null = null;
    const server = { src: episode.audioUrl!, fromDevice: false };
    const loaded = usePlayer.getState();
    // The episode already in the player keeps its source, so coming back to its page does not restart it.
    if (isTrack(loaded.track, 'episode', episode.id)) return setSource({ src: loaded.track.src, fromDevice: loaded.fromDevice });
    if (!device) return setSource(server);
    void device.open().then((db) => db.downloads.get(episode.id)).then(
      (download) => {
        if (!live) return;
        if (download) created = URL.createObjectURL(download.blob);
        setSource(created ? { src: created, fromDevice: true } : server);
      },
      () => live && setSource(server),
    );
    return () => {
      live = false;
      // A file URL the player did not take (another episode kept playing) is let go; the player lets go of its own.
      if (created && usePlayer.getState().track?.src !== created) URL.revokeObjectURL(created);
    };
  }, [device, episode.id, episode.audioUrl]);
  return source;
}

/** A circular arrow with the 15 inside it, drawn so that the number stays legible at button size. */
function SkipIcon({ back = false }: { back?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="30" height="30" aria-hidden="true" focusable="false">
      <g fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" transform={back ? 'matrix(-1 0 0 1 24 0)' : undefined}>
        <path d="M19.8 8A9 9 0 1 1 12 3.5" />
        <path d="M9.6 1.1L12 3.5L9.6 5.9" />
      </g>
      <text x="12" y="16" textAnchor="middle" fontSize="9" fontWeight="700" fill="currentColor" fontFamily="system-ui, sans-serif">15</text>
    </svg>
  );
}

/**
 * The episode player (reader-area.md §2, §4): play and pause, skip 15 s, seek, volume, speed, m:ss times,
 * and the error state ('Unable to load audio file', every control disabled). It drives the app's one audio
 * element (state/player): opening an episode loads it unless another one is playing, which goes on until
 * the reader presses play here.
 */
export function AudioPlayer({ episode, start = null }: { episode: Episode; start?: number | null }) {
  const { t } = useI18n();
  const source = useSource(episode);
  const player = usePlayer();
  const bound = isTrack(player.track, 'episode', episode.id);
  // Play pressed before the source is known (the device is asked first) plays once it is; the button waits till then.
  const [pressed, setPressed] = useState(false);
  // Where to play from (a chapter, a line of the transcript, a search result's ?t=), once the audio's length is known.
  const [startAt, setStartAt] = useState<number | null>(start);
  // The transcript's chunk is not in the server's render: the page streams no boundary for it to fill in later.
  const client = useIsClient();

  useEffect(() => {
    if (!source) return;
    const { track, playing } = usePlayer.getState();
    if (pressed || !track || !playing || isTrack(track, 'episode', episode.id)) {
      usePlayer.getState().open({ kind: 'episode', id: episode.id, title: episode.title, imageUrl: episode.imageUrl, duration: episode.duration }, source.src, source.fromDevice, pressed);
    }
    setPressed(false);
  }, [source, pressed, episode.id, episode.title, episode.imageUrl, episode.duration]);

  const playing = bound && player.playing;
  const current = bound ? player.current : 0;
  const duration = bound ? player.duration : 0;
  const failed = bound && player.failed;
  const total = usable(duration) ? duration : episode.duration;
  const disabled = failed;

  useEffect(() => {
    if (startAt === null || !bound || !usable(duration)) return;
    usePlayer.getState().seekTo(startAt);
    setStartAt(null);
  }, [startAt, bound, duration]);

  function toggle() {
    if (bound) player.toggle();
    else if (source) player.open({ kind: 'episode', id: episode.id, title: episode.title, imageUrl: episode.imageUrl, duration: episode.duration }, source.src, source.fromDevice, true);
    else setPressed(true);
  }

  function playFrom(time: number) {
    setStartAt(time);
    if (!playing) toggle();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== ' ' && event.key !== 'Spacebar') return;
    // A focused button answers the space key itself.
    if (event.target instanceof HTMLButtonElement || event.target instanceof HTMLSelectElement) return;
    event.preventDefault();
    toggle();
  }

  const elapsedText = formatClock(current);
  const totalText = formatClock(total);

  return (
    <>
      <div className={`audio-player${playing ? ' is-playing' : ''}${failed ? ' is-failed' : ''}`} role="group" aria-label={`${t('player.label')}: ${episode.title}`}
        tabIndex={0} onKeyDown={onKeyDown}>
        <div className="audio-player-buttons">
          <button type="button" className="icon-button audio-skip" onClick={() => player.skip(-SKIP_SECONDS)} disabled={disabled || !bound} aria-label={t('player.back15')}>
            <SkipIcon back />
          </button>
          <button type="button" className="icon-button audio-play" onClick={toggle} disabled={disabled} aria-busy={pressed}
            aria-label={playing ? t('player.pause') : t('player.play')}>
            <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
          </button>
          <button type="button" className="icon-button audio-skip" onClick={() => player.skip(SKIP_SECONDS)} disabled={disabled || !bound} aria-label={t('player.forward15')}>
            <SkipIcon />
          </button>
        </div>
        <div className="audio-player-timeline">
          <span className="audio-time"><span className="visually-hidden">{t('player.elapsed')} </span>{elapsedText}</span>
          <input type="range" className="audio-seek" min={0} max={100} step={0.1} value={timeToPercent(current, total)}
            onChange={(event) => player.seekTo(percentToTime(Number(event.currentTarget.value), duration))} disabled={disabled || !bound || !usable(duration)}
            aria-label={t('player.seek')} aria-valuetext={`${elapsedText} / ${totalText}`} />
          <span className="audio-time"><span className="visually-hidden">{t('player.total')} </span>{totalText}</span>
        </div>
        <div className="audio-player-volume">
          <label className="audio-volume-label">
            <span aria-hidden="true">{player.volume === 0 ? '🔇' : '🔊'}</span>
            <span className="visually-hidden">{t('player.volume')}</span>
            <input type="range" className="audio-volume" min={0} max={100} step={1} value={player.volume}
              onChange={(event) => player.setVolume(Number(event.currentTarget.value))} disabled={disabled} aria-valuetext={`${player.volume}%`} />
          </label>
          <output className="audio-volume-value" aria-hidden="true">{player.volume}%</output>
          <SpeedSelect disabled={disabled} />
        </div>
        {bound && player.fromDevice && !failed && <p className="audio-note" role="status">{t('download.offlineBadge')}</p>}
        {bound && player.resumed && !failed && <p className="audio-note" role="status">{t('player.resumed')}</p>}
        {failed && <p className="error-note audio-error" role="alert">{t('episode.loadFailed')}</p>}
      </div>
      {bound && <Suspense fallback={null}><PlayerExtras /></Suspense>}
      {episode.chapters.length > 0 && <Chapters chapters={episode.chapters} current={bound ? current : null} playFrom={playFrom} />}
      {client && episode.transcript && <Suspense fallback={null}><Transcript url={episode.transcript.url} current={bound ? current : null} playFrom={playFrom} /></Suspense>}
    </>
  );
}

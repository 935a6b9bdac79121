import { Suspense, lazy } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { formatClock } from '@redaktion/shared/time';
import { useI18n } from '../i18n';
import { SKIP_SECONDS, usePlayer } from '../state/player';
import { Picture } from './cards';

/** Up Next and the sleep timer: a chunk of their own, loaded once something is in the player. */
const PlayerExtras = lazy(() => import('./PlayerExtras'));

/**
 * What plays on while the reader reads elsewhere: a bar at the foot of every other page (an article's read-aloud has
 * no player of its own on its page, so there too).
 */
export function MiniPlayer() {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const player = usePlayer();
  const { track } = player;
  if (!track) return null;
  const page = track.kind === 'episode' ? `/podcast/${track.id}` : `/article/${track.id}`;
  if (track.kind === 'episode' && pathname === page) return null;
  return (
    <section className="mini-player" aria-label={t('player.nowPlaying')}>
      <Picture src={track.imageUrl} alt="" width={48} height={48} className="mini-player-cover" />
      <div className="mini-player-text">
        <Link to={page} className="mini-player-title" aria-label={track.kind === 'episode' ? `${t('player.openEpisode')}: ${track.title}` : undefined}>{track.title}</Link>
        <span className="mini-player-time">{formatClock(player.current)} / {formatClock(player.duration || track.duration)}</span>
      </div>
      <div className="mini-player-buttons">
        <button type="button" className="icon-button" onClick={() => player.skip(-SKIP_SECONDS)} disabled={player.failed} aria-label={t('player.back15')}>
          <span aria-hidden="true">↺</span>
        </button>
        <button type="button" className="icon-button" onClick={player.toggle} disabled={player.failed} aria-label={player.playing ? t('player.pause') : t('player.play')}>
          <span aria-hidden="true">{player.playing ? '❚❚' : '▶'}</span>
        </button>
        <button type="button" className="icon-button" onClick={() => player.skip(SKIP_SECONDS)} disabled={player.failed} aria-label={t('player.forward15')}>
          <span aria-hidden="true">↻</span>
        </button>
        <button type="button" className="icon-button" onClick={player.close} aria-label={t('player.closePlayer')}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <Suspense fallback={null}><PlayerExtras /></Suspense>
    </section>
  );
}

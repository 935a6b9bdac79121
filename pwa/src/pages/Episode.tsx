import { useEffect, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { Episode as EpisodeType } from '@redaktion/shared';
import { displayMinutes } from '@redaktion/shared/time';
import { useSession } from '../services/context';
import { AudioPlayer } from '../components/AudioPlayer';
import { Loading } from '../components/cards';
import { DownloadButton } from '../components/DownloadButton';
import { QueueButton } from '../components/QueueButton';
import { ShareButton } from '../components/ShareButton';
import { FollowButton } from '../components/FollowButton';
import { useApi, useApiCache } from '../data/api-cache';
import { formatDate, useI18n } from '../i18n';
import { isStaff, isSubscriber } from '../state/session';
import { NotFoundState } from './NotFound';
import { categoryLabel } from '../components/cards';
import { MediaCover } from '../components/MediaCover';
import { Paywall } from '../components/Paywall';
import { episodeReads } from './Episode.data';

/** A premium episode without its audio: the lock and a Subscribe call to action (contract.md §7). */
function Locked() {
  const { t } = useI18n();
  return <Paywall title={t('episode.locked')} text={t('episode.lockedText')} className="media-locked" />;
}

function Listen({ episode, start }: { episode: EpisodeType; start: number | null }) {
  const { t } = useI18n();
  if (episode.locked) return <Locked />;
  if (!episode.audioUrl) return <p className="empty media-no-audio" role="status">{t('episode.noAudio')}</p>;
  return <AudioPlayer key={episode.id} episode={episode} start={start} />;
}

export default function Episode() {
  const { t, locale } = useI18n();
  const { id = '' } = useParams();
  // ?t= (a search result's spoken line): the player starts there.
  const at = Number.parseFloat(useSearchParams()[0].get('t') ?? '');
  const path = episodeReads(id).episode;
  const { data: episode, error, loading } = useApi(path);
  const cache = useApiCache();
  const { user } = useSession();
  const reloaded = useRef<string | null>(null);

  // A reader who subscribed (or signed in) after this answer was kept gets the episode again, audio included.
  const entitled = isSubscriber(user) || isStaff(user);
  useEffect(() => {
    if (!episode?.locked || !entitled || !user) return;
    const key = `${path}#${user.id}`;
    if (reloaded.current === key) return;
    reloaded.current = key;
    cache.invalidate(path);
    void cache.load(path);
  }, [episode?.locked, entitled, user, path, cache]);

  if (loading) return <Loading />;
  if (error || !episode) {
    return <NotFoundState title={t('episode.notFound')} backTo="/podcasts" backLabel={t('episode.back')} error={error} />;
  }
  const number = episode.episodeNumber || 1;
  const category = episode.kind === 'interview' ? t('common.interview') : categoryLabel(t, episode.category);
  return (
    <div className="container media-page episode-page">
      <p className="back-link"><Link to="/podcasts"><span aria-hidden="true">← </span>{t('episode.back')}</Link></p>
      <article className="episode" aria-labelledby="episode-title">
        <header className="media-hero">
          <MediaCover src={episode.imageUrl} />
          <div className="media-hero-body">
            <p className="eyebrow">
              {category && <span>{category}</span>}
              {episode.premium && <span className="badge badge-premium">{t('common.premium')}</span>}
              {episode.featured && <span className="badge">{t('common.featured')}</span>}
            </p>
            <h1 id="episode-title">{episode.title}</h1>
            <p className="media-description">{episode.description}</p>
            <p className="meta">
              <span>{t('common.episode', { n: number })}</span>
              {' · '}<span>{t('common.minutes', { n: displayMinutes(episode.duration) })}</span>
              {' · '}<time dateTime={episode.publishedAt ?? undefined}>{formatDate(episode.publishedAt, locale)}</time>
            </p>
            <div className="media-actions">{!episode.locked && episode.audioUrl && <><DownloadButton episode={episode} /><QueueButton episode={episode} /></>}<ShareButton title={episode.title} />{episode.seriesId !== null && <FollowButton seriesId={episode.seriesId} />}</div>
          </div>
        </header>
        <section className="media-listen" aria-label={t('common.listen')}>
          <Listen episode={episode} start={Number.isFinite(at) && at >= 0 ? at : null} />
        </section>
        <section className="media-notes prose" aria-labelledby="episode-notes">
          <h2 id="episode-notes">{t('episode.notes')}</h2>
          <p>{t('episode.notesText')}</p>
        </section>
      </article>
    </div>
  );
}

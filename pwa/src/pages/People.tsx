import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Episode, PersonProfile } from '@redaktion/shared';
import { displayMinutes } from '@redaktion/shared/time';
import { ErrorNote, Loading } from '../components/cards';
import { useApi } from '../data/api-cache';
import { imageSources } from '../data/image-sources';
import { formatDate, useI18n } from '../i18n';
import { peopleReads } from './People.data';

/** An image that falls back to the placeholder when it is missing or fails to load. */
export function FallbackImage({ src, alt, width, height, eager = false }: { src: string | null; alt: string; width: number; height: number; eager?: boolean }) {
  const placeholder = `/api/placeholder/${width}/${height}`;
  const [failed, setFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  // A picture that failed before hydration fired its error event before React listened.
  useEffect(() => {
    const element = image.current;
    if (src && element?.complete && element.naturalWidth === 0) setFailed(true);
  }, [src]);
  return (
    <img ref={image} src={!src || failed ? placeholder : src} alt={alt} width={width} height={height} loading={eager ? 'eager' : 'lazy'} decoding="async"
      {...imageSources(failed ? null : src, `(max-width: ${width}px) 100vw, ${width}px`)} onError={() => setFailed(true)} />
  );
}

function InterviewCard({ episode, eager }: { episode: Episode; eager: boolean }) {
  const { t, locale } = useI18n();
  const href = `/podcast/${episode.id}`;
  return (
    <article className="card interview-card">
      <div className="media-cover">
        <FallbackImage src={episode.imageUrl} alt="" width={640} height={480} eager={eager} />
        <span className="badge media-cover-badge">{t('common.interview')}</span>
      </div>
      <div className="card-body">
        <p className="meta">
          <span>{t('common.episode', { n: episode.episodeNumber || 1 })}</span>
          {' · '}<span>{t('common.minutes', { n: displayMinutes(episode.duration) })}</span>
          {' · '}<time dateTime={episode.publishedAt ?? undefined}>{formatDate(episode.publishedAt, locale, { dateStyle: 'short' })}</time>
          {episode.premium && <span className="badge badge-premium">{t('common.premium')}</span>}
        </p>
        <h3 className="card-title"><Link to={href}>{episode.title}</Link></h3>
        <p className="card-excerpt clamp-3">{episode.description}</p>
        <Link to={href} className="button button-accent play-link" aria-label={t('people.listen', { title: episode.title })}>
          <span aria-hidden="true">▶ </span>{t('common.listen')}
        </Link>
      </div>
    </article>
  );
}

function ProfileCard({ person }: { person: PersonProfile }) {
  return (
    <article className="card profile-card">
      <Link to={`/people/${person.id}`} className="card-link">
        <FallbackImage src={person.profileImage} alt="" width={480} height={600} />
        <div className="card-body">
          <h3 className="card-title">{person.name}</h3>
          <p className="profile-card-title">{person.title}</p>
          {person.excerpt && <p className="card-excerpt clamp-3">{person.excerpt}</p>}
        </div>
      </Link>
    </article>
  );
}

export default function People() {
  const { t } = useI18n();
  const reads = peopleReads();
  const interviews = useApi(reads.interviews);
  const people = useApi(reads.people);
  return (
    <div className="container media-page people-page">
      <header className="page-header">
        <h1>{t('people.title')}</h1>
        <p>{t('people.intro')}</p>
      </header>
      <section aria-labelledby="people-interviews" className="media-section">
        <div className="section-header"><h2 id="people-interviews">{t('people.interviews')}</h2></div>
        {interviews.loading ? <Loading /> : interviews.error ? <ErrorNote message={t('home.podcastsFailed')} /> : !interviews.data?.length ? (
          <p className="empty">{t('people.empty')}</p>
        ) : (
          <div className="grid grid-3">{interviews.data.map((e, i) => <InterviewCard key={e.id} episode={e} eager={i < 3} />)}</div>
        )}
      </section>
      {people.loading ? <Loading /> : people.error ? <ErrorNote message={t('people.profilesFailed')} /> : people.data && people.data.length > 0 && (
        <section aria-labelledby="people-profiles" className="media-section">
          <div className="section-header"><h2 id="people-profiles">{t('people.profiles')}</h2></div>
          <div className="grid profile-grid">{people.data.map((p) => <ProfileCard key={p.id} person={p} />)}</div>
        </section>
      )}
    </div>
  );
}

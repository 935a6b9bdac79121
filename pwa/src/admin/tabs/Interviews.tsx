import { useEffect, useState, type DragEvent } from 'react';
import type { ContentStatus, Episode, PersonProfile } from '@redaktion/shared';
import { QUERY_KEYS, useChanged } from '../queries';
import { useAdminQuery } from '../data';
import { useAdminT } from '../i18n';
import { PromoBanner } from '../media/PromoBanner';
import { useMediaSrc } from '../media/SingleFileUpload';
import { YouTubeModal } from '../media/YouTubeModal';
import { isInterview } from '../people/interview-filter';
import { InterviewForm } from '../people/InterviewForm';
import { PersonForm } from '../people/PersonForm';
import { QueryState } from '../ui/QueryState';
import { useAdminClient, usePlatform, type BulkVideos } from '../platform';
import { ConfirmDialog } from '../ui/Dialog';
import { SiteLink } from '../ui/SiteLink';
import { useNotify } from '../ui/feedback';

/** The choices of the card's dropdown (admin-area.md §4); an archived interview also shows its own status. */
const CARD_STATUSES: ContentStatus[] = ['draft', 'pending', 'published'];

/**
 * The Interviews tab (admin-area.md §2 'people'): interview podcasts with their status on the card, the people
 * profiles (contract.md §7) and the videos of the YouTube integration modal.
 */
export function InterviewsTab() {
  const t = useAdminT();
  return (
    <>
      <PromoBanner title={t('interviews.promoTitle')} description={t('interviews.promoText')} path="/people" />
      <InterviewList />
      <PeopleList />
      <VideosSection />
    </>
  );
}

function InterviewList() {
  const t = useAdminT();
  const notify = useNotify();
  const admin = useAdminClient();
  const changed = useChanged();
  const mediaSrc = useMediaSrc();
  const podcasts = useAdminQuery(QUERY_KEYS.podcasts, admin.podcasts.list);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Episode | null>(null);
  const [removing, setRemoving] = useState(false);
  // The status chosen on a card shows at once; the refetched list replaces it.
  const [chosen, setChosen] = useState<Record<number, ContentStatus>>({});
  useEffect(() => setChosen({}), [podcasts.data]);
  const interviews = podcasts.data?.filter(isInterview);

  const setStatus = async (episode: Episode, status: ContentStatus) => {
    setChosen((current) => ({ ...current, [episode.id]: status }));
    try {
      await admin.podcasts.update(episode.id, { status });
      notify.success(t('interviews.statusUpdated'));
      changed('podcast');
    } catch (error) {
      setChosen(({ [episode.id]: _dropped, ...rest }) => rest);
      notify.error(t('common.error'), t('interviews.statusFailed'));
    }
  };

  const remove = async (episode: Episode) => {
    setRemoving(true);
    try {
      await admin.podcasts.remove(episode.id);
      notify.success(t('interviews.deleted'));
      setDeleting(null);
      changed('podcast');
    } catch (error) {
      notify.error(t('common.error'), t('interviews.deleteFailed'));
    } finally {
      setRemoving(false);
    }
  };

  return (
    <section className="admin-section" aria-labelledby="interviews-heading">
      <div className="admin-toolbar">
        <h2 id="interviews-heading">{t('interviews.heading')}</h2>
        <button type="button" className="button button-accent" onClick={() => setCreating(true)}>{t('interviews.new')}</button>
      </div>
      <QueryState query={podcasts} data={interviews} empty={t('interviews.empty')}>{(items) => (
        <ul className="admin-list">
          {items.map((episode) => {
            const status = chosen[episode.id] ?? episode.status;
            const choices = CARD_STATUSES.includes(status) ? CARD_STATUSES : [...CARD_STATUSES, status];
            return (
              <li key={episode.id} className="admin-row">
                {episode.imageUrl ? <img className="admin-row-thumb" src={mediaSrc(episode.imageUrl)} alt="" loading="lazy" /> : <span className="admin-row-thumb" />}
                <div className="admin-row-body">
                  <SiteLink className="admin-row-title" path={`/podcast/${episode.id}`}>{episode.title}</SiteLink>
                  <p className="admin-row-meta">
                    <span className="admin-tag">{t(episode.kind === 'interview' ? 'interviews.kindInterview' : 'interviews.kindEpisode')}</span>
                    <span>{t('interviews.minutes', { n: Math.max(1, Math.round(episode.duration / 60)) })}</span>
                    <span>{t.date(episode.publishedAt ?? episode.createdAt)}</span>
                    <span className={`admin-status admin-status-${status}`}>{t(`status.${status}`)}</span>
                  </p>
                </div>
                <div className="admin-row-actions">
                  <select aria-label={t('interviews.statusFor', { title: episode.title })} value={status}
                    disabled={episode.id in chosen} onChange={(event) => void setStatus(episode, event.target.value as ContentStatus)}>
                    {choices.map((choice) => <option key={choice} value={choice}>{t(`status.${choice}`)}</option>)}
                  </select>
                  <button type="button" className="button button-danger button-small" aria-label={t('interviews.deleteLabel', { title: episode.title })}
                    onClick={() => setDeleting(episode)}>{t('common.delete')}</button>
                </div>
              </li>
            );
          })}
        </ul>
      )}</QueryState>
      <InterviewForm open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog open={deleting !== null} message={t('common.confirmDelete', { title: deleting?.title ?? '' })} busy={removing}
        onConfirm={() => deleting && void remove(deleting)} onClose={() => setDeleting(null)} />
    </section>
  );
}

function PeopleList() {
  const t = useAdminT();
  const notify = useNotify();
  const admin = useAdminClient();
  const changed = useChanged();
  const mediaSrc = useMediaSrc();
  const people = useAdminQuery(QUERY_KEYS.profiles, admin.people.list);
  const [editing, setEditing] = useState<PersonProfile | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PersonProfile | null>(null);
  const [removing, setRemoving] = useState(false);

  const remove = async (person: PersonProfile) => {
    setRemoving(true);
    try {
      await admin.people.remove(person.id);
      notify.success(t('profiles.deleted'));
      setDeleting(null);
      changed('profile');
    } catch (error) {
      notify.failure(t('profiles.deleteFailed'), error);
    } finally {
      setRemoving(false);
    }
  };

  return (
    <section className="admin-section" aria-labelledby="profiles-heading">
      <div className="admin-toolbar">
        <div>
          <h2 id="profiles-heading">{t('profiles.heading')}</h2>
          <p className="field-hint">{t('profiles.intro')}</p>
        </div>
        <button type="button" className="button button-accent" onClick={() => setEditing('new')}>{t('profiles.new')}</button>
      </div>
      <QueryState query={people} data={people.data} empty={t('profiles.empty')}>{(items) => (
        <ul className="admin-list">
          {items.map((person) => (
            <li key={person.id} className="admin-row">
              {person.profileImage ? <img className="admin-row-thumb" src={mediaSrc(person.profileImage)} alt="" loading="lazy" /> : <span className="admin-row-thumb" />}
              <div className="admin-row-body">
                <SiteLink className="admin-row-title" path={`/people/${person.id}`}>{person.name}</SiteLink>
                <p className="admin-row-meta">
                  <span>{person.title}</span>
                  <span>{person.category}</span>
                  <span className={`admin-status admin-status-${person.status}`}>{t(`status.${person.status}`)}</span>
                  {person.featured && <span className="admin-tag">{t('common.featured')}</span>}
                </p>
              </div>
              <div className="admin-row-actions">
                <button type="button" className="button button-ghost button-small" aria-label={t('profiles.editLabel', { name: person.name })}
                  onClick={() => setEditing(person)}>{t('common.edit')}</button>
                <button type="button" className="button button-danger button-small" aria-label={t('profiles.deleteLabel', { name: person.name })}
                  onClick={() => setDeleting(person)}>{t('common.delete')}</button>
              </div>
            </li>
          ))}
        </ul>
      )}</QueryState>
      {editing && <PersonForm key={editing === 'new' ? 'new' : editing.id} profile={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog open={deleting !== null} message={t('common.confirmDelete', { title: deleting?.name ?? '' })} busy={removing}
        onConfirm={() => deleting && void remove(deleting)} onClose={() => setDeleting(null)} />
    </section>
  );
}

function VideosSection() {
  const t = useAdminT();
  const { bulkVideos } = usePlatform();
  const [open, setOpen] = useState(false);
  return (
    <section className="admin-section" aria-labelledby="videos-heading">
      <div className="admin-toolbar">
        <div>
          <h2 id="videos-heading">{t('videos.section')}</h2>
          <p className="field-hint">{t('videos.sectionIntro')}</p>
        </div>
        <button type="button" className="button" onClick={() => setOpen(true)}>{t('videos.open')}</button>
      </div>
      {bulkVideos && <BulkVideoDrop bulk={bulkVideos} />}
      <YouTubeModal open={open} onClose={() => setOpen(false)} />
    </section>
  );
}

/** Where the host has a queue of its own (the desktop app), videos and folders dropped here become custom videos. */
function BulkVideoDrop({ bulk }: { bulk: BulkVideos }) {
  const t = useAdminT();
  const notify = useNotify();
  const [dragging, setDragging] = useState(false);
  const queued = (adding: Promise<number>) => void adding.then(
    (count) => { if (count > 0) notify.success(t('videos.bulkQueued', { n: count })); },
    (error: unknown) => notify.failure(t('videos.bulkFailed'), error),
  );
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const files = [...event.dataTransfer.files];
    if (files.length) queued(bulk.add(files));
  };
  return (
    <div className="upload-drop" data-dragging={dragging} role="group" aria-label={t('videos.bulkLabel')}
      onDragOver={(event) => { event.preventDefault(); setDragging(true); }}
      onDragLeave={() => setDragging(false)} onDrop={onDrop}>
      <p>{t('videos.bulkDrop')}</p>
      <button type="button" className="button button-small" onClick={() => queued(bulk.pick())}>{t('videos.bulkPick')}</button>
      <button type="button" className="button button-ghost button-small" onClick={bulk.showQueue}>{t('videos.bulkQueue')}</button>
    </div>
  );
}

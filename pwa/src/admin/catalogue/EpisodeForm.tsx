import { useRef } from 'react';
import {
  chaptersPastTheEnd, chaptersSchema, episodeFormSchema, UPLOAD_LIMITS_MB, type ContentStatus, type Episode, type PodcastSeries,
} from '@redaktion/shared';
import { displayMinutes, minutesToSeconds } from '@redaktion/shared/time';
import { useAdminT } from '../i18n';
import { SingleFileUpload } from '../media/SingleFileUpload';
import { useAdminClient } from '../platform';
import { useChanged } from '../queries';
import { failureText, useNotify } from '../ui/feedback';
import { NumberInput, Select, Switch, TextArea, TextInput, useSchemaForm } from '../ui/form';
import { chaptersOf, rowsOf } from './chapter-rows';
import { ChaptersField } from './ChaptersField';
import { afterSubmit, FormActions } from './parts';
import { useUploadHold } from '../ui/use-upload-hold';

/** Episode audio takes all the server allows, above the control's 50 MB; the cover 10 MB (admin-area.md §9). */
const AUDIO_MAX_MB = UPLOAD_LIMITS_MB.audio;
const COVER_MAX_MB = 10;
const EPISODE_STATUSES = ['draft', 'published', 'archived'] as const;

const valuesOf = (episode?: Episode) => ({
  title: episode?.title ?? '',
  description: episode?.description ?? '',
  // The form takes minutes; the API keeps seconds (contract.md §5).
  duration: (episode ? displayMinutes(episode.duration) : 30) as number | string,
  episodeNumber: (episode?.episodeNumber ?? 1) as number | string,
  // An edit sends the episode's own /api/podcasts/{id}/audio back: the API keeps its file (services/admin/editorial.ts).
  audioUrl: episode?.audioUrl ?? '',
  imageUrl: episode?.imageUrl ?? '',
  seriesId: episode?.seriesId ? String(episode.seriesId) : '',
  featured: episode?.featured ?? false,
  premium: episode?.premium ?? false,
  status: (episode?.status ?? 'published') as ContentStatus,
  chapters: rowsOf(episode?.chapters ?? []),
});

/** The episode create/edit card (admin-area.md §2 item 3). */
export function EpisodeForm({ episode, series, onDone, onCancel }: {
  episode?: Episode; series: PodcastSeries[]; onDone(): void; onCancel?: () => void;
}) {
  const t = useAdminT();
  const notify = useNotify();
  const admin = useAdminClient();
  const changed = useChanged();
  const initial = valuesOf(episode);
  // Unchanged minutes keep the exact seconds, so that opening and saving an episode never rounds its length.
  const secondsOf = (minutes: number) => (episode && minutes === initial.duration ? episode.duration : minutesToSeconds(minutes));
  // The form's fields and the API's chapter rules, each chapter starting before the episode's end as the API judges it.
  const schema = episodeFormSchema.extend({ chapters: chaptersSchema })
    .superRefine((body, ctx) => chaptersPastTheEnd(body.chapters, secondsOf(body.duration), ctx));
  const form = useSchemaForm(schema, initial);
  const player = useRef<HTMLAudioElement>(null);
  const uploads = useUploadHold();
  const { values, set, errors } = form;

  // New episodes only go into active series (the API refuses the others); an edit keeps its own.
  const choices = series.filter((item) => item.active || item.id === episode?.seriesId);
  // A pending episode (submitted for review) keeps its status until the editor picks another.
  const statuses: readonly ContentStatus[] = episode?.status === 'pending' ? [...EPISODE_STATUSES, 'pending'] : EPISODE_STATUSES;

  const save = () => afterSubmit(
    form.submit((body) => {
      const category = series.find((item) => item.id === body.seriesId)?.category;
      // Always the whole list: [] takes away the chapters an editor removed (the API keeps them when it is left out).
      const sent = { ...body, kind: 'episode' as const, duration: secondsOf(body.duration), category };
      return episode ? admin.podcasts.update(episode.id, sent) : admin.podcasts.create(sent);
    }, { chapters: chaptersOf(values.chapters) }),
    () => {
      notify.success(t('common.success'), t(episode ? 'episodes.updated' : 'episodes.created'));
      changed('podcast');
      onDone();
    },
    (error) => notify.error(t('common.error'), failureText(error, t(episode ? 'episodes.updateFailed' : 'episodes.saveFailed'), t)),
  );

  return (
    <form className="admin-form" noValidate onSubmit={(event) => { event.preventDefault(); void save(); }}>
      <fieldset>
        <legend>{t('episodes.information')}</legend>
        <TextInput label={t('episodes.title')} value={values.title} onChange={(value) => set('title', value)} error={errors.title} />
        <TextArea label={t('episodes.description')} value={values.description} onChange={(value) => set('description', value)} error={errors.description} />
        <div className="admin-form-row">
          <NumberInput label={t('episodes.duration')} min={1} value={values.duration} onChange={(value) => set('duration', value)} error={errors.duration} />
          <NumberInput label={t('episodes.number')} min={1} value={values.episodeNumber} onChange={(value) => set('episodeNumber', value)} error={errors.episodeNumber} />
        </div>
        <div className="admin-form-row">
          <Select label={t('episodes.series')} value={values.seriesId} onChange={(value) => set('seriesId', value)} error={errors.seriesId}
            options={[{ value: '', label: t('episodes.chooseSeries') }, ...choices.map((item) => ({ value: String(item.id), label: item.title }))]} />
          <Select label={t('status.label')} value={values.status} onChange={(value) => set('status', value)} error={errors.status}
            options={statuses.map((status) => ({ value: status, label: t(`status.${status}`) }))} />
        </div>
        <Switch label={t('common.featured')} checked={values.featured} onChange={(value) => set('featured', value)} />
        <Switch label={t('common.premium')} hint={t('episodes.premiumHint')} checked={values.premium} onChange={(value) => set('premium', value)} />
      </fieldset>
      <fieldset>
        <legend>{t('episodes.media')}</legend>
        <SingleFileUpload label={t('episodes.audio')} kind="audio" maxMB={AUDIO_MAX_MB} value={values.audioUrl}
          onChange={(url) => set('audioUrl', url)} error={errors.audioUrl} onBusyChange={uploads.onBusyChange} audioRef={player} />
        <SingleFileUpload label={t('episodes.cover')} kind="image" maxMB={COVER_MAX_MB} value={values.imageUrl}
          onChange={(url) => set('imageUrl', url)} error={errors.imageUrl} onBusyChange={uploads.onBusyChange} />
      </fieldset>
      <ChaptersField rows={values.chapters} onChange={(rows) => set('chapters', rows)} errors={errors}
        player={values.audioUrl ? player : null} onBusyChange={uploads.onBusyChange} />
      <FormActions submitLabel={t(episode ? 'episodes.submitUpdate' : 'episodes.submitCreate')} busy={form.busy} held={uploads.held} onCancel={onCancel} />
    </form>
  );
}

import { useState } from 'react';
import { SERIES_CATEGORIES, seriesInputSchema, type PodcastSeries, type SeriesCategory } from '@redaktion/shared';
import { useAdminT, type AdminT } from '../i18n';
import { SingleFileUpload } from '../media/SingleFileUpload';
import { useAdminClient } from '../platform';
import { useChanged } from '../queries';
import { useNotify } from '../ui/feedback';
import { Select, Switch, TextArea, TextInput, useSchemaForm } from '../ui/form';
import { afterSubmit, FormActions } from './parts';

/** The series cover's limit (admin-area.md §9: passed as 5*1024*1024, read as MB). */
const COVER_MAX_MB = 5;

const isSeriesCategory = (value: string | undefined): value is SeriesCategory => (SERIES_CATEGORIES as readonly string[]).includes(value ?? '');

/** A series category in the editor's language (older rows may hold another word: shown as it is). */
export const seriesCategoryLabel = (category: string, t: AdminT) => (isSeriesCategory(category) ? t(`series.category.${category}`) : category);

const valuesOf = (series?: PodcastSeries) => ({
  title: series?.title ?? '',
  description: series?.description ?? '',
  category: isSeriesCategory(series?.category) ? series.category : 'news' as SeriesCategory,
  imageUrl: series?.imageUrl ?? '',
  hostName: series?.hostName ?? '',
  featured: series?.featured ?? false,
  active: series?.active ?? true,
});

/** The podcast series create/edit card (admin-area.md §2 item 4). */
export function SeriesForm({ series, onDone, onCancel }: { series?: PodcastSeries; onDone(): void; onCancel?: () => void }) {
  const t = useAdminT();
  const notify = useNotify();
  const admin = useAdminClient();
  const changed = useChanged();
  const form = useSchemaForm(seriesInputSchema, valuesOf(series));
  const [uploading, setUploading] = useState(false);
  const { values, set, errors } = form;

  const save = () => afterSubmit(
    form.submit((body) => (series ? admin.series.update(series.id, body) : admin.series.create(body))),
    () => {
      notify.success(t('common.success'), t(series ? 'series.updated' : 'series.created'));
      changed('series');
      onDone();
    },
    (error) => notify.failure(t(series ? 'series.updateFailed' : 'series.createFailed'), error),
  );

  return (
    <form className="admin-form" noValidate onSubmit={(event) => { event.preventDefault(); void save(); }}>
      <fieldset>
        <legend>{t('series.basic')}</legend>
        <TextInput label={t('series.title')} value={values.title} onChange={(value) => set('title', value)} error={errors.title} />
        <TextArea label={t('series.description')} value={values.description} onChange={(value) => set('description', value)} error={errors.description} />
        <div className="admin-form-row">
          <Select label={t('series.category')} value={values.category} onChange={(value) => set('category', value)} error={errors.category}
            options={SERIES_CATEGORIES.map((category) => ({ value: category, label: t(`series.category.${category}`) }))} />
          <TextInput label={t('series.host')} value={values.hostName} onChange={(value) => set('hostName', value)} error={errors.hostName} />
        </div>
      </fieldset>
      <fieldset>
        <legend>{t('series.cover')}</legend>
        <SingleFileUpload label={t('series.coverImage')} kind="image" maxMB={COVER_MAX_MB} hint={t('series.coverHint')}
          value={values.imageUrl} onChange={(url) => set('imageUrl', url)} error={errors.imageUrl} onBusyChange={setUploading} />
      </fieldset>
      <fieldset>
        <legend>{t('series.settings')}</legend>
        <Switch label={t('series.featured')} hint={t('series.featuredHint')} checked={values.featured} onChange={(value) => set('featured', value)} />
        <Switch label={t('series.active')} hint={t('series.activeHint')} checked={values.active} onChange={(value) => set('active', value)} />
      </fieldset>
      <FormActions submitLabel={t(series ? 'series.submitUpdate' : 'series.submitCreate')} busy={form.busy} held={uploading} onCancel={onCancel} />
    </form>
  );
}

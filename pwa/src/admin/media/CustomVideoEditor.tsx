import type { FormEvent } from 'react';
import { customVideoUpdateSchema, type CustomVideo } from '@redaktion/shared';
import { useAdminT } from '../i18n';
import { useAdminClient } from '../platform';
import { useChanged } from '../queries';
import { useNotify } from '../ui/feedback';
import { NumberInput, Switch, TextArea, TextInput, useSchemaForm } from '../ui/form';

/** A custom video's editor, in place of its row: title, description, active and priority. */
export function CustomVideoEditor({ video, onDone }: { video: CustomVideo; onDone(): void }) {
  const t = useAdminT();
  const notify = useNotify();
  const admin = useAdminClient();
  const changed = useChanged();
  const form = useSchemaForm(customVideoUpdateSchema, {
    title: video.title, description: video.description, active: video.active, priority: video.priority as number | string,
  });
  const { values, errors, set, busy } = form;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const saved = await form.submit((body) => admin.customVideos.update(video.id, body));
      if (!saved) return;
      notify.success(t('videos.success'), t('videos.updated'));
      changed('customVideo');
      onDone();
    } catch (error) {
      notify.failure(t('videos.updateFailed'), error);
    }
  };

  return (
    <form className="admin-form" noValidate onSubmit={onSubmit} aria-label={t('videos.editLabel', { title: video.title })}>
      <div className="admin-form-row">
        <TextInput label={t('videos.videoTitle')} value={values.title} onChange={(value) => set('title', value)} error={errors.title} disabled={busy} />
        <NumberInput label={t('videos.priority')} hint={t('videos.priorityHint')} min={-1000} max={1000} value={values.priority}
          onChange={(value) => set('priority', value)} error={errors.priority} disabled={busy} />
      </div>
      <TextArea label={t('videos.description')} rows={3} value={values.description} onChange={(value) => set('description', value)}
        error={errors.description} disabled={busy} />
      <Switch label={t('common.active')} checked={values.active} onChange={(value) => set('active', value)} disabled={busy} />
      <div className="admin-form-actions">
        <button type="button" className="button button-ghost" onClick={onDone} disabled={busy}>{t('common.cancel')}</button>
        <button type="submit" className="button button-accent" disabled={busy}>{busy ? t('common.saving') : t('common.save')}</button>
      </div>
    </form>
  );
}

import { useState, type FormEvent } from 'react';
import { interviewFormSchema } from '@redaktion/shared';
import { useChanged } from '../queries';
import { useAdminT } from '../i18n';
import { PexelsPicker } from '../media/PexelsPicker';
import { SingleFileUpload } from '../media/SingleFileUpload';
import { useAdminClient } from '../platform';
import { Dialog } from '../ui/Dialog';
import { useNotify } from '../ui/feedback';
import { useUploadHold } from '../ui/use-upload-hold';
import { NumberInput, TextArea, TextInput, useSchemaForm } from '../ui/form';

const EMPTY = { title: '', duration: '' as number | string, description: '', imageUrl: '', audioUrl: '' };

/**
 * 'Create Interview Podcast' (admin-area.md §2 item 6): a stand-alone interview (kind 'interview', no series),
 * published unless changed later from its card. The form takes minutes; the API stores seconds.
 */
export function InterviewForm({ open, onClose }: { open: boolean; onClose(): void }) {
  const t = useAdminT();
  const notify = useNotify();
  const admin = useAdminClient();
  const contentChanged = useChanged();
  const form = useSchemaForm(interviewFormSchema, EMPTY);
  const [picking, setPicking] = useState(false);
  // Files still uploading: the interview waits for their URLs.
  const uploads = useUploadHold();
  const { values, errors, set, busy } = form;

  const close = () => {
    form.reset();
    onClose();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const created = await form.submit((body) => admin.podcasts.create({ ...body, duration: body.duration * 60, kind: 'interview' }));
      if (!created) return;
      notify.success(t('interviews.created'));
      contentChanged('podcast');
      close();
    } catch (error) {
      notify.failure(t('interviews.createFailed'), error);
    }
  };

  return (
    <>
      <Dialog open={open} title={t('interviews.formTitle')} onClose={close}>
        <form className="admin-form" noValidate onSubmit={onSubmit}>
          <TextInput label={t('interviews.fieldTitle')} value={values.title} onChange={(value) => set('title', value)} error={errors.title} disabled={busy} />
          <NumberInput label={t('interviews.fieldDuration')} value={values.duration} min={1} onChange={(value) => set('duration', value)}
            error={errors.duration} disabled={busy} />
          <TextArea label={t('interviews.fieldDescription')} value={values.description} onChange={(value) => set('description', value)}
            error={errors.description} disabled={busy} />
          <div className="admin-media-field">
            <SingleFileUpload label={t('interviews.fieldImage')} kind="image" maxMB={10} value={values.imageUrl}
              onChange={(url) => set('imageUrl', url)} error={errors.imageUrl} disabled={busy} onBusyChange={uploads.onBusyChange} />
            <button type="button" className="button button-ghost button-small" onClick={() => setPicking(true)} disabled={busy}>
              {t('photos.open')}
            </button>
          </div>
          <SingleFileUpload label={t('interviews.fieldAudio')} kind="audio" maxMB={100} value={values.audioUrl}
            onChange={(url) => set('audioUrl', url)} error={errors.audioUrl} disabled={busy} onBusyChange={uploads.onBusyChange} />
          <div className="admin-form-actions">
            <button type="button" className="button button-ghost" onClick={close} disabled={busy}>{t('common.cancel')}</button>
            <button type="submit" className="button button-accent" disabled={busy || uploads.held}>{busy ? t('common.saving') : t('interviews.create')}</button>
          </div>
        </form>
      </Dialog>
      {/* Beside the form's dialog, not inside it: a nested <dialog>'s close event would close the form too. */}
      <PexelsPicker open={picking} onClose={() => setPicking(false)} onSelect={(photo) => set('imageUrl', photo.url)} />
    </>
  );
}

import { useState } from 'react';
import { JOURNALIST_STATUSES, journalistInputSchema, type Journalist } from '@redaktion/shared';
import { useAdminT } from '../i18n';
import { SingleFileUpload } from '../media/SingleFileUpload';
import { useAdminClient } from '../platform';
import { useChanged } from '../queries';
import { useNotify } from '../ui/feedback';
import { Select, TextArea, TextInput, useSchemaForm } from '../ui/form';
import { afterSubmit, FormActions } from './parts';

/** "Politik, EU ,  val" → ['Politik', 'EU', 'val']. */
export const splitExpertise = (text: string) => text.split(',').map((part) => part.trim()).filter(Boolean);

const valuesOf = (journalist?: Journalist) => ({
  name: journalist?.name ?? '',
  email: journalist?.email ?? '',
  title: journalist?.title ?? '',
  bio: journalist?.bio ?? '',
  profileImage: journalist?.profileImage ?? '',
  specialty: journalist?.specialty ?? '',
  expertise: journalist?.expertise.join(', ') ?? '',
  status: journalist?.status ?? 'active',
});

/** The Add Journalist dialog's form (admin-area.md §2 item 9), also editing a journalist (contract.md §3). */
export function JournalistForm({ journalist, onDone, onCancel }: { journalist?: Journalist; onDone(): void; onCancel?: () => void }) {
  const t = useAdminT();
  const notify = useNotify();
  const admin = useAdminClient();
  const changed = useChanged();
  const form = useSchemaForm(journalistInputSchema, valuesOf(journalist));
  const [uploading, setUploading] = useState(false);
  const { values, set, errors } = form;

  const save = () => afterSubmit(
    form.submit(
      (body) => (journalist ? admin.journalists.update(journalist.id, body) : admin.journalists.create(body)),
      // The form does not edit social links: an edit sends the ones the journalist has, so that they stay.
      { expertise: splitExpertise(values.expertise), socialLinks: journalist?.socialLinks ?? {} },
    ),
    () => {
      notify.success(t(journalist ? 'staff.updated' : 'staff.added'));
      changed('journalist');
      onDone();
    },
    (error) => notify.failure(t(journalist ? 'staff.updateFailed' : 'staff.addFailed'), error),
  );

  return (
    <form className="admin-form" noValidate onSubmit={(event) => { event.preventDefault(); void save(); }}>
      <div className="admin-form-row">
        <TextInput label={t('staff.name')} value={values.name} onChange={(value) => set('name', value)} error={errors.name} />
        <TextInput label={t('staff.email')} type="email" value={values.email} onChange={(value) => set('email', value)} error={errors.email} />
      </div>
      <div className="admin-form-row">
        <TextInput label={t('staff.title')} value={values.title} onChange={(value) => set('title', value)} error={errors.title} />
        <TextInput label={t('staff.specialty')} value={values.specialty} onChange={(value) => set('specialty', value)} error={errors.specialty} />
      </div>
      <TextArea label={t('staff.bio')} value={values.bio} onChange={(value) => set('bio', value)} error={errors.bio} />
      <SingleFileUpload label={t('staff.photo')} kind="image" value={values.profileImage} onChange={(url) => set('profileImage', url)}
        error={errors.profileImage} onBusyChange={setUploading} />
      <div className="admin-form-row">
        <TextInput label={t('staff.expertise')} hint={t('staff.expertiseHint')} value={values.expertise} onChange={(value) => set('expertise', value)} error={errors.expertise} />
        <Select label={t('status.label')} value={values.status} onChange={(value) => set('status', value)} error={errors.status}
          options={JOURNALIST_STATUSES.map((status) => ({ value: status, label: t(`staff.status.${status}`) }))} />
      </div>
      <FormActions submitLabel={t(journalist ? 'staff.submitUpdate' : 'staff.submitAdd')} busy={form.busy} held={uploading} onCancel={onCancel} />
    </form>
  );
}

import { useState } from 'react';
import { AD_PLACEMENTS, advertisementInputSchema, type AdPlacement, type Advertisement } from '@redaktion/shared';
import { useAdminT } from '../i18n';
import { SingleFileUpload } from '../media/SingleFileUpload';
import { useAdminClient } from '../platform';
import { useChanged } from '../queries';
import { useNotify } from '../ui/feedback';
import { Select, Switch, TextArea, TextInput, useSchemaForm } from '../ui/form';
import { afterSubmit, FormActions } from './parts';

/** Today in the editor's time zone, as a date input holds it. */
function today(): string {
  const now = new Date();
  return [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((part) => String(part).padStart(2, '0')).join('-');
}

const valuesOf = (ad?: Advertisement) => ({
  title: ad?.title ?? '',
  description: ad?.description ?? '',
  placement: (ad?.placement ?? 'banner') as AdPlacement,
  imageUrl: ad?.imageUrl ?? '',
  linkUrl: ad?.linkUrl ?? '',
  partnerName: ad?.partnerName ?? '',
  // New ads: active, starting today, no end (admin-area.md §2 item 10).
  active: ad?.active ?? true,
  startDate: ad ? ad.startDate?.slice(0, 10) ?? '' : today(),
  endDate: ad?.endDate?.slice(0, 10) ?? '',
});

/** The advertisement form (admin-area.md §2 item 10; start and end dates per contract.md §7). */
export function AdForm({ ad, onDone, onCancel }: { ad?: Advertisement; onDone(): void; onCancel?: () => void }) {
  const t = useAdminT();
  const notify = useNotify();
  const admin = useAdminClient();
  const changed = useChanged();
  const form = useSchemaForm(advertisementInputSchema, valuesOf(ad));
  const [uploading, setUploading] = useState(false);
  const { values, set, errors } = form;

  const save = () => afterSubmit(
    form.submit((body) => (ad ? admin.advertisements.update(ad.id, body) : admin.advertisements.create(body))),
    () => {
      notify.success(t(ad ? 'ads.updated' : 'ads.created'));
      changed('ad');
      onDone();
    },
    (error) => notify.failure(t(ad ? 'ads.updateFailed' : 'ads.createFailed'), error),
  );

  return (
    <form className="admin-form" noValidate onSubmit={(event) => { event.preventDefault(); void save(); }}>
      <TextInput label={t('ads.title')} value={values.title} onChange={(value) => set('title', value)} error={errors.title} />
      <TextArea label={t('ads.description')} rows={3} value={values.description} onChange={(value) => set('description', value)} error={errors.description} />
      <div className="admin-form-row">
        <Select label={t('ads.placement')} value={values.placement} onChange={(value) => set('placement', value)} error={errors.placement}
          options={AD_PLACEMENTS.map((placement) => ({ value: placement, label: t(`ads.placement.${placement}`) }))} />
        <TextInput label={t('ads.partner')} value={values.partnerName} onChange={(value) => set('partnerName', value)} error={errors.partnerName} />
      </div>
      <SingleFileUpload label={t('ads.image')} kind="image" value={values.imageUrl} onChange={(url) => set('imageUrl', url)}
        error={errors.imageUrl} onBusyChange={setUploading} />
      <TextInput label={t('ads.link')} type="url" placeholder="https://" value={values.linkUrl} onChange={(value) => set('linkUrl', value)} error={errors.linkUrl} />
      <div className="admin-form-row">
        <TextInput label={t('ads.start')} type="date" value={values.startDate} onChange={(value) => set('startDate', value)} error={errors.startDate} />
        <TextInput label={t('ads.end')} type="date" hint={t('ads.endHint')} value={values.endDate} onChange={(value) => set('endDate', value)} error={errors.endDate} />
      </div>
      <Switch label={t('common.active')} hint={t('ads.activeHint')} checked={values.active} onChange={(value) => set('active', value)} />
      <FormActions submitLabel={t(ad ? 'ads.submitUpdate' : 'ads.submitCreate')} busy={form.busy} held={uploading} onCancel={onCancel} />
    </form>
  );
}

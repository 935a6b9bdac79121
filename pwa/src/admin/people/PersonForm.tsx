import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { CONTENT_STATUSES, LIMITS, personInputSchema, type PersonProfile } from '@redaktion/shared';
import { useCategories } from '../articles/categories';
import { useChanged } from '../queries';
import { useAdminT } from '../i18n';
import { MultiFileUpload } from '../media/MultiFileUpload';
import { PexelsPicker } from '../media/PexelsPicker';
import { SingleFileUpload, useMediaSrc } from '../media/SingleFileUpload';
import { useAdminClient } from '../platform';
import { Dialog } from '../ui/Dialog';
import { useNotify } from '../ui/feedback';
import { useUploadHold } from '../ui/use-upload-hold';
import { FormField, NumberInput, Select, Switch, TextArea, TextInput, useSchemaForm } from '../ui/form';

type Network = 'twitter' | 'instagram' | 'linkedin';
const NETWORKS: Network[] = ['twitter', 'instagram', 'linkedin'];

/** What the form shows for a profile; the profile's `bio` is the form's `content` (contract.md §7). */
export function profileValues(profile: PersonProfile | null) {
  return {
    name: profile?.name ?? '',
    title: profile?.title ?? '',
    category: profile?.category ?? '',
    excerpt: profile?.excerpt ?? '',
    content: profile?.bio ?? '',
    profileImage: profile?.profileImage ?? '',
    author: profile?.author ?? '',
    readTime: (profile?.readTime ?? LIMITS.readTimeDefault) as number | string,
    status: profile?.status ?? 'draft',
    featured: profile?.featured ?? false,
    location: profile?.location ?? '',
    birthDate: profile?.birthDate ?? '',
    achievements: profile?.achievements ?? [],
    photoGallery: profile?.photoGallery ?? [],
    socialLinks: {
      twitter: profile?.socialLinks.twitter ?? '', instagram: profile?.socialLinks.instagram ?? '', linkedin: profile?.socialLinks.linkedin ?? '',
    },
  };
}

/**
 * A people profile's create/edit dialog with every field the reader's /people/{id} page shows (contract.md §3, §7),
 * validated with the server's `personInputSchema`. Mounted open; the parent unmounts it to close.
 */
export function PersonForm({ profile, onClose }: { profile: PersonProfile | null; onClose(): void }) {
  const t = useAdminT();
  const notify = useNotify();
  const admin = useAdminClient();
  const contentChanged = useChanged();
  const categories = useCategories();
  const form = useSchemaForm(personInputSchema, profileValues(profile));
  const [achievement, setAchievement] = useState('');
  const [picking, setPicking] = useState(false);
  const uploads = useUploadHold();
  const mediaSrc = useMediaSrc();
  const { values, errors, set, setValues, busy } = form;

  const categoryOptions = (categories.data ?? [])
    .filter((category) => category.active || category.slug === values.category)
    .map((category) => ({ value: category.slug, label: category.name }));
  if (values.category && !categoryOptions.some((option) => option.value === values.category)) {
    categoryOptions.push({ value: values.category, label: values.category });
  }

  const addAchievement = () => {
    const text = achievement.trim();
    if (!text) return;
    set('achievements', [...values.achievements, text]);
    setAchievement('');
  };
  const onAchievementKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    addAchievement();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const saved = await form.submit((body) => (profile ? admin.people.update(profile.id, body) : admin.people.create(body)));
      if (!saved) return;
      notify.success(t(profile ? 'profiles.updated' : 'profiles.created'));
      contentChanged('profile');
      onClose();
    } catch (error) {
      notify.failure(t('profiles.saveFailed'), error);
    }
  };

  return (
    <>
      <Dialog open title={t(profile ? 'profiles.editTitle' : 'profiles.createTitle')} onClose={onClose} wide>
        <form className="admin-form" noValidate onSubmit={onSubmit}>
          <fieldset disabled={busy}>
            <legend>{t('profiles.sectionBasics')}</legend>
            <div className="admin-form-row">
              <TextInput label={t('profiles.name')} value={values.name} onChange={(value) => set('name', value)} error={errors.name} />
              <TextInput label={t('profiles.articleTitle')} value={values.title} onChange={(value) => set('title', value)} error={errors.title} />
            </div>
            <div className="admin-form-row">
              <Select label={t('profiles.category')} value={values.category} onChange={(value) => set('category', value)} error={errors.category}
                options={[{ value: '', label: t('profiles.chooseCategory') }, ...categoryOptions]} />
              <TextInput label={t('profiles.author')} value={values.author} onChange={(value) => set('author', value)} error={errors.author} />
            </div>
            <TextArea label={t('profiles.excerpt')} hint={t('profiles.excerptHint')} rows={2} value={values.excerpt}
              onChange={(value) => set('excerpt', value)} error={errors.excerpt} />
            <TextArea label={t('profiles.content')} hint={t('profiles.contentHint')} rows={10} value={values.content}
              onChange={(value) => set('content', value)} error={errors.content} />
            <div className="admin-form-row">
              <NumberInput label={t('profiles.readTime')} min={LIMITS.readTimeMin} max={LIMITS.readTimeMax} value={values.readTime}
                onChange={(value) => set('readTime', value)} error={errors.readTime} />
              <Select label={t('status.label')} value={values.status} onChange={(value) => set('status', value)} error={errors.status}
                options={CONTENT_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))} />
            </div>
            <Switch label={t('common.featured')} checked={values.featured} onChange={(value) => set('featured', value)} />
          </fieldset>

          <fieldset disabled={busy}>
            <legend>{t('profiles.sectionDetails')}</legend>
            <div className="admin-form-row">
              <TextInput label={t('profiles.location')} value={values.location} onChange={(value) => set('location', value)} error={errors.location} />
              <TextInput label={t('profiles.birthDate')} type="date" value={values.birthDate} onChange={(value) => set('birthDate', value)}
                error={errors.birthDate} />
            </div>
            <FormField label={t('profiles.achievementNew')} error={errors.achievements}>
              {(props) => (
                <div className="admin-inline-add">
                  <input {...props} type="text" value={achievement} onChange={(event) => setAchievement(event.target.value)} onKeyDown={onAchievementKey} />
                  <button type="button" className="button button-small" onClick={addAchievement}>{t('profiles.achievementAdd')}</button>
                </div>
              )}
            </FormField>
            <section aria-label={t('profiles.achievements')}>
              {values.achievements.length === 0 ? <p className="empty">{t('profiles.achievementsEmpty')}</p> : (
                <ul className="admin-list">
                  {values.achievements.map((text, index) => (
                    <li key={`${index}-${text}`} className="admin-row">
                      <span className="admin-row-body">{text}</span>
                      <button type="button" className="button button-ghost button-small" aria-label={t('profiles.achievementRemove', { text })}
                        onClick={() => set('achievements', values.achievements.filter((_, i) => i !== index))}>{t('common.delete')}</button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <div className="admin-form-row">
              {NETWORKS.map((network) => (
                <TextInput key={network} type="url" label={t(`profiles.${network}`)} placeholder="https://" value={values.socialLinks[network]}
                  onChange={(value) => set('socialLinks', { ...values.socialLinks, [network]: value })} />
              ))}
            </div>
            {errors.socialLinks && <p className="field-error" role="alert">{t.message(errors.socialLinks)}</p>}
          </fieldset>

          <fieldset disabled={busy}>
            <legend>{t('profiles.sectionMedia')}</legend>
            <div className="admin-media-field">
              <SingleFileUpload label={t('profiles.profileImage')} kind="image" value={values.profileImage}
                onChange={(url) => set('profileImage', url)} error={errors.profileImage} onBusyChange={uploads.onBusyChange} />
              <button type="button" className="button button-ghost button-small" onClick={() => setPicking(true)}>{t('photos.open')}</button>
            </div>
            <MultiFileUpload label={t('profiles.galleryUpload')} kind="image" maxMB={20} disabled={busy} onBusyChange={uploads.onBusyChange}
              onUploaded={(url) => setValues((current) => ({ ...current, photoGallery: [...current.photoGallery, url] }))} />
            <section aria-label={t('profiles.gallery')}>
              {values.photoGallery.length === 0 ? <p className="empty">{t('profiles.galleryEmpty')}</p> : (
                <ul className="admin-gallery">
                  {values.photoGallery.map((url, index) => (
                    <li key={`${index}-${url}`}>
                      <img src={mediaSrc(url)} alt={t('profiles.galleryPhoto', { n: index + 1 })} loading="lazy" />
                      <button type="button" className="button button-ghost button-small" aria-label={t('profiles.galleryRemove', { n: index + 1 })}
                        onClick={() => set('photoGallery', values.photoGallery.filter((_, i) => i !== index))}>{t('common.delete')}</button>
                    </li>
                  ))}
                </ul>
              )}
              {errors.photoGallery && <p className="field-error">{t.message(errors.photoGallery)}</p>}
            </section>
          </fieldset>

          <div className="admin-form-actions">
            <button type="button" className="button button-ghost" onClick={onClose} disabled={busy}>{t('common.cancel')}</button>
            <button type="submit" className="button button-accent" disabled={busy || uploads.held}>
              {busy ? t('common.saving') : t(profile ? 'profiles.update' : 'profiles.create')}
            </button>
          </div>
        </form>
      </Dialog>
      {/* Beside the form's dialog, not inside it: a nested <dialog>'s close event would close the form too. */}
      <PexelsPicker open={picking} onClose={() => setPicking(false)} onSelect={(photo) => set('profileImage', photo.url)} />
    </>
  );
}

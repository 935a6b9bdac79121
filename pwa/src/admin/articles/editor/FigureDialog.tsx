import { useState, type FormEvent } from 'react';
import { allowedImage } from '@redaktion/shared/content';
import { useAdminT } from '../../i18n';
import { PexelsPicker } from '../../media/PexelsPicker';
import { SingleFileUpload } from '../../media/SingleFileUpload';
import { Dialog } from '../../ui/Dialog';
import { TextInput } from '../../ui/form';

export interface FigureFields { src: string; alt: string; credit: string }

/**
 * A figure's picture, description and credit; a new one's caption too (afterwards the caption is edited under the
 * picture, in the text). The picture is a file of the site's store: uploaded here, or a Pexels photo, which the
 * server saves into the store when it is chosen (as for the article's own image).
 */
export function FigureDialog({ initial, onSave, onClose }: {
  /** The figure being changed; null inserts a new one. */
  initial: FigureFields | null;
  onSave(fields: FigureFields, caption: string): void;
  onClose(): void;
}) {
  const t = useAdminT();
  const [fields, setFields] = useState<FigureFields>(initial ?? { src: '', alt: '', credit: '' });
  const [caption, setCaption] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'src' | 'alt', string>>>({});
  const [uploading, setUploading] = useState(false);
  const [picking, setPicking] = useState(false);
  const set = (name: keyof FigureFields) => (value: string) => {
    setFields((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      src: !fields.src ? t('editor.figureMissing') : !allowedImage(fields.src) ? t('editor.figureNotStored') : undefined,
      alt: fields.alt.trim() ? undefined : t('editor.figureNeedsAlt'),
    };
    setErrors(found);
    if (found.src || found.alt) return;
    onSave({ src: fields.src, alt: fields.alt.trim(), credit: fields.credit.trim() }, caption.trim());
  };

  return (
    <Dialog open title={t(initial ? 'editor.figureEditTitle' : 'editor.figureInsertTitle')} onClose={onClose} wide>
      <form className="admin-form" noValidate onSubmit={submit}>
        <SingleFileUpload label={t('editor.figureFile')} kind="image" value={fields.src} error={errors.src}
          onChange={set('src')} onBusyChange={setUploading} />
        <div>
          <button type="button" className="button button-ghost button-small" onClick={() => setPicking(true)}>{t('articles.pexels')}</button>
        </div>
        <TextInput label={t('articles.imageAlt')} hint={t('articles.imageAltHint')} value={fields.alt} error={errors.alt} onChange={set('alt')} />
        {!initial && <TextInput label={t('editor.figureCaption')} hint={t('editor.figureCaptionHint')} value={caption} onChange={setCaption} />}
        <TextInput label={t('articles.imageCredit')} value={fields.credit} onChange={set('credit')} />
        <div className="admin-form-actions">
          <button type="button" className="button button-ghost" onClick={onClose}>{t('common.cancel')}</button>
          <button type="submit" className="button" disabled={uploading}>{t(initial ? 'common.save' : 'editor.figureInsert')}</button>
        </div>
      </form>
      <PexelsPicker open={picking} onClose={() => setPicking(false)} onSelect={(photo) => {
        setFields((current) => ({ ...current, src: photo.url, alt: current.alt || photo.alt, credit: photo.credit }));
        setErrors({});
        setPicking(false);
      }} />
    </Dialog>
  );
}

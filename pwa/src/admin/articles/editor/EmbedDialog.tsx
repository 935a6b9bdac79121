import { useState, type FormEvent } from 'react';
import { useAdminT } from '../../i18n';
import { usePlatform } from '../../platform';
import { Dialog } from '../../ui/Dialog';
import { TextInput } from '../../ui/form';
import { embedAddress } from './schema';

/** An embed by its address, for those who would rather not paste it on an empty line. */
export function EmbedDialog({ onEmbed, onClose }: { onEmbed(url: string): void; onClose(): void }) {
  const t = useAdminT();
  const { siteUrl } = usePlatform();
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const url = embedAddress(address, siteUrl);
    if (url) onEmbed(url);
    else setError(t('editor.embedInvalid'));
  };

  return (
    <Dialog open title={t('editor.embedTitle')} onClose={onClose}>
      <form className="admin-form" noValidate onSubmit={submit}>
        <TextInput label={t('editor.embedAddress')} hint={t('editor.embedAddressHint')} value={address} error={error}
          onChange={(value) => { setAddress(value); setError(undefined); }} />
        <div className="admin-form-actions">
          <button type="button" className="button button-ghost" onClick={onClose}>{t('common.cancel')}</button>
          <button type="submit" className="button">{t('editor.embedInsert')}</button>
        </div>
      </form>
    </Dialog>
  );
}

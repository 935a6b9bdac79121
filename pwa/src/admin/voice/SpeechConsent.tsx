import { useId } from 'react';
import { useAdminT } from '../i18n';

/**
 * The editor's word that an unpublished or premium episode's audio, or article's text, may leave the newsroom for the
 * configured speech server (ADR 26): the call then carries `confirm: true`, and without the box ticked it is not made.
 */
export function SpeechConsent({ label, checked, onChange }: { label: string; checked: boolean; onChange(checked: boolean): void }) {
  const t = useAdminT();
  const id = useId();
  return (
    <div className="voice-consent">
      <label className="voice-check">
        <input type="checkbox" checked={checked} aria-describedby={id} onChange={(event) => onChange(event.target.checked)} />
        {label}
      </label>
      <p className="field-hint" id={id}>{t('voice.consentHint')}</p>
    </div>
  );
}

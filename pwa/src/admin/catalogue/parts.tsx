import { useAdminT } from '../i18n';

/** The form pieces the catalogue's dialogs share. */

/** Cancel and the submit button (which reads 'Saving…' while the call runs; `held` while a file still uploads). */
export function FormActions({ submitLabel, busy, held = false, onCancel }: { submitLabel: string; busy: boolean; held?: boolean; onCancel?: () => void }) {
  const t = useAdminT();
  return (
    <div className="admin-form-actions">
      {onCancel && <button type="button" className="button button-ghost" onClick={onCancel} disabled={busy}>{t('common.cancel')}</button>}
      <button type="submit" className="button button-accent" disabled={busy || held}>{busy ? t('common.saving') : submitLabel}</button>
    </div>
  );
}

/** Awaits a form's submit: `saved` when the server took it, `failed` with the error when it refused; nothing when the form showed its own messages. */
export async function afterSubmit<R>(submit: Promise<R | null>, saved: (result: R) => void, failed: (error: unknown) => void): Promise<void> {
  try {
    const result = await submit;
    if (result !== null) saved(result);
  } catch (error) {
    failed(error);
  }
}


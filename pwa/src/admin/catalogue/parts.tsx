import { useState } from 'react';
import { useAdminT } from '../i18n';
import { ConfirmDialog } from '../ui/Dialog';
import { failureText, useNotify } from '../ui/feedback';

/** The pieces the Podcasts, Ads and Staff tabs share: row buttons, the delete flow. */

/** Edit and Delete for one item, named after it so that a screen reader's list of buttons says which. */
export function RowActions({ title, onEdit, onDelete }: { title: string; onEdit(): void; onDelete(): void }) {
  const t = useAdminT();
  return (
    <div className="admin-row-actions">
      <button type="button" className="button button-small button-ghost" aria-label={t('catalogue.editLabel', { title })} onClick={onEdit}>
        {t('common.edit')}
      </button>
      <button type="button" className="button button-small button-danger" aria-label={t('catalogue.deleteLabel', { title })} onClick={onDelete}>
        {t('common.delete')}
      </button>
    </div>
  );
}

/**
 * "Are you sure?", then the delete call, its toasts (admin-area.md §8) and the refresh of what showed the item.
 * `failure` is the spec's text; the server's own reason (a series that still has episodes: 409) replaces it.
 */
export function useDeletion<T extends { id: number }>({ remove, titleOf, success, failure, after }: {
  remove(id: number): Promise<unknown>; titleOf(item: T): string; success: string; failure: string; after(): void;
}) {
  const t = useAdminT();
  const notify = useNotify();
  const [target, setTarget] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!target) return;
    setBusy(true);
    try {
      await remove(target.id);
      notify.success(success);
      after();
      setTarget(null);
    } catch (error) {
      notify.error(t('common.error'), failureText(error, failure, t));
    } finally {
      setBusy(false);
    }
  };
  const dialog = (
    <ConfirmDialog open={target !== null} busy={busy} onClose={() => setTarget(null)} onConfirm={() => void confirm()}
      message={target ? t('common.confirmDelete', { title: titleOf(target) }) : ''} />
  );
  return { ask: setTarget, dialog };
}

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


import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useAdminT } from '../i18n';

/**
 * A modal dialog on the native <dialog> element: it traps focus, closes on Escape and returns focus to the
 * opener by itself. Named by its title (contract.md §6).
 */
export function Dialog({ open, title, onClose, children, wide = false }: {
  open: boolean; title: string; onClose(): void; children: ReactNode; wide?: boolean;
}) {
  const t = useAdminT();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  // A dialog removed while open (its form unmounted) does not give the focus back by itself: hand it to the opener,
  // once the dialog has left the document (until then it is still modal, and the page behind it refuses focus).
  useLayoutEffect(() => {
    const dialog = ref.current;
    return () => {
      const back = opener.current;
      if (dialog?.open && back instanceof HTMLElement) queueMicrotask(() => { if (back.isConnected) back.focus(); });
    };
  }, []);
  return (
    <dialog ref={ref} className={`admin-dialog${wide ? ' admin-dialog-wide' : ''}`} aria-labelledby={titleId}
      // React passes a dialog's close and cancel up the component tree: a dialog opened from inside another must not close it.
      onClose={(event) => { event.stopPropagation(); onClose(); }}
      onCancel={(event) => { event.preventDefault(); event.stopPropagation(); onClose(); }}>
      {open && (
        <>
          <header className="admin-dialog-header">
            <h2 id={titleId}>{title}</h2>
            <button type="button" className="icon-button" onClick={onClose} aria-label={t('common.close')}>×</button>
          </header>
          <div className="admin-dialog-body">{children}</div>
        </>
      )}
    </dialog>
  );
}

/** "Are you sure?" before a delete (or the act `confirmLabel` names); `busy` disables the buttons while the call runs. */
export function ConfirmDialog({ open, message, onConfirm, onClose, busy = false, confirmLabel }: {
  open: boolean; message: string; onConfirm(): void; onClose(): void; busy?: boolean; confirmLabel?: string;
}) {
  const t = useAdminT();
  return (
    <Dialog open={open} title={t('common.confirmTitle')} onClose={onClose}>
      <p>{message}</p>
      <div className="admin-form-actions">
        <button type="button" className="button button-ghost" onClick={onClose} disabled={busy}>{t('common.cancel')}</button>
        <button type="button" className="button button-danger" onClick={onConfirm} disabled={busy}>{confirmLabel ?? t('common.delete')}</button>
      </div>
    </Dialog>
  );
}

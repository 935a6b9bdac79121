import { useState, type ReactNode } from 'react';
import type { Query } from '../data';
import { useAdminT } from '../i18n';
import { useChanged, type Change } from '../queries';
import { ConfirmDialog, Dialog } from './Dialog';
import { failureText, useNotify } from './feedback';
import { QueryState } from './QueryState';

/** Create, edit and delete of a list's items: the screens' side of the server's resourceEndpoints. */
export interface ResourceEditing<T> {
  /** The toolbar button that opens the form for a new item. */
  create: string;
  /** The dialog's title for the item being edited, or for a new one (no item). */
  title(item?: T): string;
  /** The form in the dialog; `close` when it has saved or is cancelled. */
  form(item: T | undefined, close: () => void): ReactNode;
  wide?: boolean;
  /** What the row buttons and the "Are you sure?" call an item. */
  nameOf(item: T): string;
  remove(id: number): Promise<unknown>;
  /** The delete's toasts (admin-area.md §8); the server's own reason (a series that still has episodes: 409) replaces `deleteFailed`. */
  deleted: string;
  deleteFailed: string;
  /** What a delete changes, so that every list that showed the item reads again. */
  changes: Change;
}

/**
 * A section listing one kind of item: its heading and toolbar, the read's loading, failure and empty states, a row
 * (or card) per item and, where the items are edited here, the create button, Edit and Delete on each, the form's
 * dialog and the delete flow. The dialogs give the focus back to the button that opened them.
 */
export function ResourceList<T extends { id: number }>({ id, heading, tools, query, data, empty, cards, row, edit }: {
  /** The heading's id, which names the section. */
  id: string;
  heading: string;
  /** More of the toolbar, before the create button. */
  tools?: ReactNode;
  query: Query<T[]>;
  /** The part of the read this section shows, when it is not all of it. */
  data?: T[];
  empty: string;
  /** Shows the items as cards in a grid, each with this class besides admin-card; otherwise as rows. */
  cards?: string;
  /** An item's content; its Edit and Delete follow it. */
  row(item: T): ReactNode;
  edit?: ResourceEditing<T>;
}) {
  const [editing, setEditing] = useState<{ item?: T } | null>(null);
  const deletion = useDeletion(edit);
  const close = () => setEditing(null);
  return (
    <section className="admin-section" aria-labelledby={id}>
      <div className="admin-toolbar">
        <h2 id={id}>{heading}</h2>
        {tools}
        {edit && <button type="button" className="button button-accent" onClick={() => setEditing({})}>{edit.create}</button>}
      </div>
      <QueryState query={query} data={data} empty={empty}>
        {(items) => (
          <ul className={cards ? 'admin-grid' : 'admin-list'}>
            {items.map((item) => (
              <li key={item.id} className={cards ? `admin-card ${cards}` : 'admin-row'}>
                {row(item)}
                {edit && <RowActions title={edit.nameOf(item)} onEdit={() => setEditing({ item })} onDelete={() => deletion.ask(item)} />}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {edit && (
        <Dialog open={editing !== null} wide={edit.wide} title={edit.title(editing?.item)} onClose={close}>
          {editing && edit.form(editing.item, close)}
        </Dialog>
      )}
      {deletion.dialog}
    </section>
  );
}

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

/** "Are you sure?", then the delete call, its toasts and the refresh; the dialog stays open when the call fails. */
function useDeletion<T extends { id: number }>(edit: ResourceEditing<T> | undefined) {
  const t = useAdminT();
  const notify = useNotify();
  const changed = useChanged();
  const [target, setTarget] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!edit || !target) return;
    setBusy(true);
    try {
      await edit.remove(target.id);
      notify.success(edit.deleted);
      changed(edit.changes);
      setTarget(null);
    } catch (error) {
      notify.error(t('common.error'), failureText(error, edit.deleteFailed, t));
    } finally {
      setBusy(false);
    }
  };
  const dialog = edit && (
    <ConfirmDialog open={target !== null} busy={busy} onClose={() => setTarget(null)} onConfirm={() => void confirm()}
      message={target ? t('common.confirmDelete', { title: edit.nameOf(target) }) : ''} />
  );
  return { ask: setTarget, dialog };
}

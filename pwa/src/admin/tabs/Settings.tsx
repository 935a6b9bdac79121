import { useState, type FormEvent } from 'react';
import type { Category } from '@redaktion/shared';
import { useCategories } from '../articles/categories';
import { QueryState } from '../ui/QueryState';
import { useAdminT, type AdminKey } from '../i18n';
import { useAdminClient } from '../platform';
import { useChanged } from '../queries';
import { ConfirmDialog } from '../ui/Dialog';
import { failureText, useNotify } from '../ui/feedback';
import { TextInput } from '../ui/form';
import { VoiceSettings } from '../voice/VoiceSettings';

/** The Settings tab: the categories and the read-aloud voice (saved through the API), and what each role may do. */
export function SettingsTab() {
  return (
    <>
      <CategoriesEditor />
      <VoiceSettings />
      <RolesList />
    </>
  );
}

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase('sv') === b.trim().toLocaleLowerCase('sv');

/** Adds, renames, switches on and off and deletes categories; a blank or taken name is not sent (admin-area.md §5). */
export function CategoriesEditor() {
  const t = useAdminT();
  const notify = useNotify();
  const admin = useAdminClient();
  const changed = useChanged();
  const categories = useCategories();
  const [name, setName] = useState('');
  const [duplicate, setDuplicate] = useState(false);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<Category | null>(null);

  /** Runs one change; on success the admin list and the readers' category list load again. */
  const change = async (run: () => Promise<unknown>, success: AdminKey, failure: AdminKey): Promise<boolean> => {
    setBusy(true);
    try {
      await run();
      notify.success(t(success));
      changed('category');
      return true;
    } catch (error) {
      notify.error(t(failure), failureText(error, t(failure), t));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    if (categories.data?.some((category) => sameName(category.name, trimmed))) {
      setDuplicate(true);
      return;
    }
    if (await change(() => admin.categories.create({ name: trimmed }), 'settings.added', 'settings.addFailed')) setName('');
  };

  return (
    <section className="admin-section" aria-labelledby="settings-categories">
      <h2 id="settings-categories">{t('settings.categories')}</h2>
      <p className="admin-subtitle">{t('settings.categoriesText')}</p>
      <form className="admin-inline-form" noValidate onSubmit={add}>
        <TextInput label={t('settings.newCategory')} value={name} disabled={busy}
          hint={duplicate ? t('settings.duplicate') : undefined}
          onChange={(value) => { setName(value); setDuplicate(false); }} />
        <button type="submit" className="button" disabled={busy}>{t('settings.add')}</button>
      </form>
      <QueryState query={categories} empty={t('settings.emptyCategories')}>
        {(items) => (
          <ul className="admin-list">
            {items.map((category) => (
              <CategoryRow key={category.id} category={category} busy={busy} onDelete={() => setDeleting(category)}
                onRename={(newName) => change(() => admin.categories.update(category.id, { name: newName }), 'settings.updated', 'settings.updateFailed')}
                onActive={(active) => void change(() => admin.categories.update(category.id, { active }), 'settings.updated', 'settings.updateFailed')} />
            ))}
          </ul>
        )}
      </QueryState>
      <ConfirmDialog open={deleting !== null} busy={busy} onClose={() => setDeleting(null)}
        message={t('settings.deleteConfirm', { name: deleting?.name ?? '' })}
        onConfirm={() => deleting && void change(() => admin.categories.remove(deleting.id), 'settings.removed', 'settings.removeFailed')
          .then((done) => done && setDeleting(null))} />
    </section>
  );
}

function CategoryRow({ category, busy, onRename, onActive, onDelete }: {
  category: Category; busy: boolean; onRename(name: string): Promise<boolean>; onActive(active: boolean): void; onDelete(): void;
}) {
  const t = useAdminT();
  const [renaming, setRenaming] = useState<string | null>(null);

  const rename = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = renaming?.trim();
    if (!trimmed) return;
    if (trimmed === category.name || await onRename(trimmed)) setRenaming(null);
  };

  return (
    <li className="admin-row">
      <div className="admin-row-body">
        {renaming === null ? (
          <>
            <p className="admin-row-title">{category.name}</p>
            <p className="admin-row-meta"><span>{category.slug}</span></p>
          </>
        ) : (
          <form className="admin-inline-form" noValidate onSubmit={rename}>
            <TextInput label={t('settings.nameFor', { name: category.name })} value={renaming} onChange={setRenaming} disabled={busy} />
            <button type="submit" className="button button-small" disabled={busy}>{t('common.save')}</button>
            <button type="button" className="button button-small button-ghost" onClick={() => setRenaming(null)} disabled={busy}>
              {t('common.cancel')}
            </button>
          </form>
        )}
      </div>
      <div className="admin-row-actions">
        <span className="admin-switch-row">
          <span aria-hidden="true">{t('common.active')}</span>
          <button type="button" role="switch" className="switch" aria-checked={category.active} disabled={busy}
            aria-label={t('settings.activeFor', { name: category.name })} onClick={() => onActive(!category.active)}>
            <span className="switch-thumb" aria-hidden="true" />
          </button>
        </span>
        {renaming === null && (
          <button type="button" className="button button-small button-ghost" disabled={busy} onClick={() => setRenaming(category.name)}
            aria-label={t('settings.renameLabel', { name: category.name })}>{t('settings.rename')}</button>
        )}
        <button type="button" className="button button-small button-danger" disabled={busy} onClick={onDelete}
          aria-label={t('settings.deleteLabel', { name: category.name })}>{t('common.delete')}</button>
      </div>
    </li>
  );
}

const ROLES: { name: string; text: AdminKey; label?: AdminKey }[] = [
  { name: 'super_admin', text: 'settings.role.super_admin' },
  { name: 'admin', text: 'settings.role.admin' },
  { name: 'editor', label: 'settings.role.editor', text: 'settings.role.editorText' },
  { name: 'content-manager', label: 'settings.role.contentManager', text: 'settings.role.contentManagerText' },
];

/** Text only: it describes the roles and enforces nothing (admin-area.md §6). */
function RolesList() {
  const t = useAdminT();
  return (
    <section className="admin-section" aria-labelledby="settings-roles">
      <h2 id="settings-roles">{t('settings.roles')}</h2>
      <p className="admin-subtitle">{t('settings.rolesText')}</p>
      <dl className="admin-roles">
        {ROLES.map((role) => (
          <div key={role.name} className="admin-card">
            <dt>{role.label ? t(role.label) : <code>{role.name}</code>}</dt>
            <dd>{t(role.text)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

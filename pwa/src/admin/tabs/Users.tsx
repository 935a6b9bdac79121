import { useState, type FormEvent } from 'react';
import { USER_ROLES, type User, type UserRole } from '@redaktion/shared';
import { QueryState } from '../ui/QueryState';
import { useAdminQuery } from '../data';
import { useAdminT } from '../i18n';
import { useAdminClient, usePlatform } from '../platform';
import { QUERY_KEYS, useChanged } from '../queries';
import { failureText, useNotify } from '../ui/feedback';
import { FormField } from '../ui/form';


/**
 * The Users tab (contract.md §7, super_admin only): find an account, change its role, deactivate or reactivate it.
 * The server has the last word (nobody demotes or deactivates themselves); its refusal is shown as it says it.
 */
export function UsersTab() {
  const t = useAdminT();
  const notify = useNotify();
  const admin = useAdminClient();
  const changed = useChanged();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const users = useAdminQuery(`${QUERY_KEYS.users}?q=${query}`, () => admin.users.search(query || undefined));
  const [saving, setSaving] = useState<number | null>(null);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQuery(typed.trim());
  };

  const update = async (user: User, change: { role?: UserRole; active?: boolean }) => {
    setSaving(user.id);
    try {
      await admin.users.update(user.id, change);
      notify.success(t('users.updated'), user.username);
      changed('user');
    } catch (error) {
      notify.error(t('users.updateFailed'), failureText(error, t('users.updateFailed'), t));
    } finally {
      setSaving(null);
    }
  };

  return (
    <div className="admin-section">
      <div className="admin-toolbar"><h2>{t('users.heading')}</h2></div>
      <form role="search" className="admin-inline-form" noValidate onSubmit={search}>
        <FormField label={t('users.search')}>
          {(props) => <input {...props} type="search" value={typed} placeholder={t('users.searchHint')} onChange={(event) => setTyped(event.target.value)} />}
        </FormField>
        <button type="submit" className="button">{t('users.searchButton')}</button>
      </form>
      <QueryState query={users} empty={t('users.empty')}>
        {(items) => (
          <ul className="admin-list">
            {items.map((user) => (
              <UserRow key={user.id} user={user} busy={saving === user.id} onChange={(change) => void update(user, change)} />
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}

function UserRow({ user, busy, onChange }: { user: User; busy: boolean; onChange(change: { role?: UserRole; active?: boolean }): void }) {
  const t = useAdminT();
  const { user: me } = usePlatform();
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return (
    <li className="admin-row">
      <div className="admin-row-body">
        <p className="admin-row-title">
          {user.username}
          {me?.id === user.id && <> <span className="admin-tag">{t('users.you')}</span></>}
        </p>
        <p className="admin-row-meta">
          <span>{user.email}</span>
          {name && <span>{name}</span>}
          <span>{t('users.joined', { date: t.date(user.createdAt, { dateStyle: 'medium' }) })}</span>
          <span className={`admin-status ${user.active ? 'admin-status-published' : 'admin-status-archived'}`}>
            {t(user.active ? 'common.active' : 'common.inactive')}
          </span>
        </p>
      </div>
      <div className="admin-row-actions">
        <select aria-label={t('users.roleFor', { username: user.username })} value={user.role} disabled={busy}
          onChange={(event) => onChange({ role: event.target.value as UserRole })}>
          {USER_ROLES.map((role) => <option key={role} value={role}>{t(`users.role.${role}`)}</option>)}
        </select>
        <button type="button" className={`button button-small ${user.active ? 'button-danger' : 'button-ghost'}`} disabled={busy}
          aria-label={t(user.active ? 'users.deactivateLabel' : 'users.reactivateLabel', { username: user.username })}
          onClick={() => onChange({ active: !user.active })}>
          {t(user.active ? 'users.deactivate' : 'users.reactivate')}
        </button>
      </div>
    </li>
  );
}

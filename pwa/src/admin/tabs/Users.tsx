import { useState, type FormEvent } from 'react';
import { USER_ROLES, type AdminUser, type SharedFeed, type User, type UserRole } from '@redaktion/shared';
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
  // A failed read of the flags leaves the rows untagged: the tab's own work does not depend on it.
  const shared = useAdminQuery(QUERY_KEYS.sharedFeeds, () => admin.users.sharedFeeds());
  const flags = worstSharedDay(shared.data ?? []);
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
              <UserRow key={user.id} user={user} shared={flags.get(user.id)} busy={saving === user.id} onChange={(change) => void update(user, change)} />
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}

/**
 * Each flagged user's day with the most networks, preferring a token still live: a rotated one is already dealt with
 * (GET /api/admin/podcast-feeds/shared, ADR 17).
 */
function worstSharedDay(days: SharedFeed[]): Map<number, SharedFeed> {
  const worst = new Map<number, SharedFeed>();
  for (const day of days) {
    const seen = worst.get(day.userId);
    const worse = !seen || (seen.revoked && !day.revoked) || (seen.revoked === day.revoked && day.networks > seen.networks);
    if (worse) worst.set(day.userId, day);
  }
  return worst;
}

interface UserRowProps { user: AdminUser; shared?: SharedFeed; busy: boolean; onChange(change: { role?: UserRole; active?: boolean }): void }

function UserRow({ user, shared, busy, onChange }: UserRowProps) {
  const t = useAdminT();
  const { user: me } = usePlatform();
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return (
    <li className="admin-row">
      <div className="admin-row-body">
        <p className="admin-row-title">
          {user.username}
          {me?.id === user.id && <> <span className="admin-tag">{t('users.you')}</span></>}
          {shared && <> <SharedFeedTag shared={shared} /></>}
        </p>
        <p className="admin-row-meta">
          <span>{user.email}</span>
          {name && <span>{name}</span>}
          <span>{t('users.joined', { date: t.date(user.createdAt, { dateStyle: 'medium' }) })}</span>
          <PlanOrPass user={user} />
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

function SharedFeedTag({ shared }: { shared: SharedFeed }) {
  const t = useAdminT();
  const hint = t('users.sharedFeedHint', { networks: shared.networks, downloads: shared.downloads });
  if (shared.revoked) return <span className="admin-tag" title={hint}>{t('users.sharedFeedRevoked')}</span>;
  const day = t.date(`${shared.day}T12:00:00Z`, { dateStyle: 'medium' });
  return <span className="admin-status admin-status-pending" title={hint}>{t('users.sharedFeed', { networks: shared.networks, day })}</span>;
}

/** The reader's plan (with Stripe's status) or pass and its end, and the offer they took (contract §9 [revenue]). */
function PlanOrPass({ user }: { user: AdminUser }) {
  const t = useAdminT();
  const date = (value: string) => t.date(value, { dateStyle: 'medium' });
  return (
    <>
      {user.subscriptionPlan && user.subscriptionStatus && (
        <span>{t('users.plan', { plan: t(`offers.plan.${user.subscriptionPlan}`), status: user.subscriptionStatus })}</span>
      )}
      {user.accessUntil && (
        <span>{t(Date.parse(user.accessUntil) > Date.now() ? 'users.pass' : 'users.passEnded', { date: date(user.accessUntil) })}</span>
      )}
      {user.offer && <span>{t('users.offer', { code: user.offer })}</span>}
    </>
  );
}

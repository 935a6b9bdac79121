import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { User } from '@redaktion/shared';
import { useServices } from '../../services/context';
import { useLogout } from '../../services/use-logout';
import { formatDate, useI18n } from '../../i18n';
import { checkoutText } from '../../i18n/checkout';
import type { MessageKey } from '../../i18n/en';
import { isStaff, isSubscriber } from '../../state/session';
import { toast } from '../../state/toasts';
import { errorMessage } from './form-fields';
import { GiftLinks } from './GiftLinks';

const SECTIONS: { to: string; title: MessageKey; text: MessageKey; staffOnly?: boolean }[] = [
  { to: '/admin', title: 'dashboard.admin', text: 'dashboard.adminText', staffOnly: true },
  { to: '/dashboard/profile', title: 'dashboard.profile', text: 'dashboard.profileText' },
  { to: '/dashboard/reading-list', title: 'dashboard.readingList', text: 'dashboard.readingListText' },
  { to: '/dashboard/podcasts', title: 'dashboard.podcasts', text: 'dashboard.podcastsText' },
  { to: '/dashboard/settings', title: 'dashboard.settings', text: 'dashboard.settingsText' },
];

const ROLES: Record<User['role'], MessageKey> = { user: 'role.user', admin: 'role.admin', super_admin: 'role.super_admin' };

/** The account information of the dashboard and of Settings (reader-area.md §2), with the way to Premium or billing. */
export function AccountPanel({ user }: { user: User }) {
  const { t, locale } = useI18n();
  const { api } = useServices();
  const [opening, setOpening] = useState(false);
  const hasSubscription = Boolean(user.subscriptionPlan || user.subscriptionStatus);
  const text = checkoutText(locale);
  const planLine = (plan: 'monthly' | 'yearly', status: string | null) => {
    const name = t(plan === 'yearly' ? 'subscribe.yearly' : 'subscribe.monthly');
    return status ? `${name} (${text.statuses[status] ?? status})` : name;
  };

  async function openBillingPortal() {
    setOpening(true);
    try {
      const { url } = await api.billingPortal();
      window.location.assign(url);
    } catch (caught) {
      toast(t('common.error'), errorMessage(caught, t), 'destructive');
      setOpening(false);
    }
  }

  const rows: [string, string][] = [
    [t('dashboard.username'), user.username],
    [t('dashboard.email'), user.email],
    [t('dashboard.role'), t(ROLES[user.role])],
    [t('dashboard.memberSince'), formatDate(user.createdAt, locale)],
    [t('dashboard.plan'), user.subscriptionPlan ? planLine(user.subscriptionPlan, user.subscriptionStatus) : t('dashboard.freePlan')],
  ];
  // A pass (contract §9 [revenue]): its end, or when it ended.
  const passRunning = user.accessUntil !== null && Date.parse(user.accessUntil) > Date.now();
  if (user.accessUntil) rows.push([text.passLabel, (passRunning ? text.passUntil : text.passEnded)(formatDate(user.accessUntil, locale))]);
  return (
    <section className="account-card" aria-labelledby="account-info">
      <h2 id="account-info">{t('dashboard.account')}</h2>
      <dl className="details">
        {rows.map(([term, value]) => (
          <div key={term}><dt>{term}</dt><dd>{value}</dd></div>
        ))}
      </dl>
      <div className="actions">
        {hasSubscription && (
          <button type="button" className="button button-ghost" onClick={() => void openBillingPortal()} disabled={opening} aria-busy={opening}>
            {t('dashboard.manageSubscription')}
          </button>
        )}
        {!isSubscriber(user) && <Link to="/subscribe" className="button button-accent">{t('dashboard.getPremium')}</Link>}
      </div>
    </section>
  );
}

export function Overview({ user }: { user: User }) {
  const { t } = useI18n();
  const [leaving, setLeaving] = useState(false);

  const signOut = useLogout();
  async function logout() {
    setLeaving(true);
    if (!(await signOut())) setLeaving(false);
  }

  return (
    <div className="container account-page dashboard">
      <header className="page-header dashboard-header">
        <div>
          <h1>{t('dashboard.greeting', { name: user.firstName?.trim() || user.username })}</h1>
          <p className="muted">{t('dashboard.intro')}</p>
        </div>
        <button type="button" className="button button-ghost" onClick={() => void logout()} disabled={leaving}>{t('user.logout')}</button>
      </header>
      <div className="dashboard-layout">
        <nav aria-label={t('user.dashboard')}>
          <ul className="dashboard-cards">
            {SECTIONS.filter((section) => !section.staffOnly || isStaff(user)).map((section) => (
              <li key={section.to}>
                <Link to={section.to} className="dashboard-card">
                  <span className="dashboard-card-title">{t(section.title)}<span aria-hidden="true" className="dashboard-card-arrow">→</span></span>
                  <span className="dashboard-card-text">{t(section.text)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="stack">
          <AccountPanel user={user} />
          <GiftLinks />
        </div>
      </div>
    </div>
  );
}

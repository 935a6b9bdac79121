import { useEffect, useRef, type ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import type { User } from '@redaktion/shared';
import { useSession } from '../../services/context';
import { Loading } from '../../components/cards';
import { useI18n } from '../../i18n';
import { authLink } from './form-fields';

/**
 * The account pages need a reader: a signed-out visitor goes to /auth and comes back here (contract.md §6).
 * A reader who signs out (or deletes the account) here goes home instead of being asked to sign in again.
 */
export function RequireUser({ children }: { children: (user: User) => ReactNode }) {
  const { user, status } = useSession();
  const location = useLocation();
  const hadUser = useRef(false);
  useEffect(() => {
    if (user) hadUser.current = true;
  }, [user]);
  if (status === 'loading') return <Loading />;
  if (!user) return <Navigate to={hadUser.current ? '/' : authLink(location.pathname + location.search)} replace />;
  return <>{children(user)}</>;
}

/** A dashboard sub-page: a way back to the dashboard, the page's title and an optional line under it. */
export function DashboardPage({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  const { t } = useI18n();
  return (
    <div className="container account-page dashboard">
      <nav aria-label={t('dashboard.breadcrumb')} className="dashboard-back">
        <Link to="/dashboard"><span aria-hidden="true">← </span>{t('user.dashboard')}</Link>
      </nav>
      <header className="page-header">
        <h1>{title}</h1>
        {intro && <p className="muted">{intro}</p>}
      </header>
      {children}
    </div>
  );
}

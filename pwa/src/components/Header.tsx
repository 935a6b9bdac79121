import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useSession } from '../app/context';
import { useLogout } from '../app/use-logout';
import { useI18n } from '../i18n';
import { isStaff } from '../state/session';

const SECTIONS = [
  ['/', 'nav.home'], ['/podcasts', 'nav.podcasts'], ['/news', 'nav.news'], ['/opinion', 'nav.opinion'], ['/people', 'nav.people'],
] as const;

export function Header() {
  const { t } = useI18n();
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [userMenuOpen, setUserMenuOpen] = useState(false);
  const userMenu = useRef<HTMLDivElement>(null);

  useEffect(() => {
    setMenuOpen(false);
    setUserMenuOpen(false);
  }, [location.pathname]);

  useEffect(() => {
    if (!userMenuOpen) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !userMenu.current?.contains(event.target as Node)) setUserMenuOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [userMenuOpen]);

  const logout = useLogout();

  const initial = (user?.username?.[0] ?? 'U').toUpperCase();
  const returnTo = encodeURIComponent(location.pathname + location.search);

  return (
    <header className="site-header">
      <a className="skip-link" href="#main">{t('nav.skip')}</a>
      <div className="header-inner">
        <Link to="/" className="brand" aria-label="Redaktion">Redaktion</Link>
        <nav aria-label={t('nav.main')} className="main-nav">
          <ul>
            {SECTIONS.map(([to, key]) => (
              <li key={to}><NavLink to={to} end={to === '/'}>{t(key)}</NavLink></li>
            ))}
          </ul>
        </nav>
        <form role="search" className="header-search" action="/search" onSubmit={(event) => {
          event.preventDefault();
          const q = new FormData(event.currentTarget).get('q');
          if (typeof q === 'string' && q.trim()) navigate(`/search?q=${encodeURIComponent(q.trim())}`);
        }}>
          <label className="visually-hidden" htmlFor="header-search">{t('nav.search')}</label>
          <input id="header-search" name="q" type="search" placeholder={t('nav.searchPlaceholder')} />
        </form>
        <div className="header-actions">
          <Link to="/subscribe" className="button button-accent">{t('nav.subscribe')}</Link>
          {user ? (
            <div className="user-menu" ref={userMenu}>
              <button type="button" className="avatar" aria-haspopup="menu" aria-expanded={userMenuOpen} aria-label={t('user.menu')}
                onClick={() => setUserMenuOpen((open) => !open)}>{initial}</button>
              {userMenuOpen && (
                <div role="menu" className="menu-popover">
                  <div className="menu-identity">
                    <strong>{user.username}</strong>
                    <span>{user.email}</span>
                    {isStaff(user) && <span className="badge">{t('user.adminBadge')}</span>}
                  </div>
                  <Link role="menuitem" to="/dashboard">{t('user.dashboard')}<small>{t('user.viewProfile')}</small></Link>
                  <Link role="menuitem" to="/dashboard/settings">{t('user.settings')}<small>{t('user.preferences')}</small></Link>
                  {isStaff(user) && <Link role="menuitem" to="/admin">{t('user.admin')}<small>{t('user.adminHint')}</small></Link>}
                  <button role="menuitem" type="button" onClick={() => void logout()}>{t('user.logout')}</button>
                </div>
              )}
            </div>
          ) : (
            <Link to={`/auth?returnTo=${returnTo}`} className="button button-ghost">{t('nav.login')}</Link>
          )}
          <button type="button" className="menu-toggle" aria-expanded={menuOpen} aria-controls="mobile-menu"
            onClick={() => setMenuOpen((open) => !open)} aria-label={menuOpen ? t('nav.closeMenu') : t('nav.menu')}>
            <span aria-hidden="true">{menuOpen ? '×' : '☰'}</span>
          </button>
        </div>
      </div>
      {menuOpen && (
        <nav id="mobile-menu" className="mobile-menu" aria-label={t('nav.menu')}>
          <ul>
            {SECTIONS.map(([to, key]) => <li key={to}><NavLink to={to} end={to === '/'}>{t(key)}</NavLink></li>)}
            <li><Link to="/search">{t('nav.search')}</Link></li>
            {/* contract.md §7: the narrow-screen menu shows Admin Dashboard to admins only. */}
            {isStaff(user) && <li><Link to="/admin">{t('user.admin')}</Link></li>}
            {!user && <li><Link to={`/auth?returnTo=${returnTo}`}>{t('nav.login')}</Link></li>}
            <li><Link to="/subscribe">{t('nav.subscribe')}</Link></li>
          </ul>
        </nav>
      )}
    </header>
  );
}

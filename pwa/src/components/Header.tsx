import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useSession } from '../services/context';
import { useLogout } from '../services/use-logout';
import { useI18n } from '../i18n';
import { isStaff } from '../state/session';
import { subscribeLink } from './Paywall';
import { focusElement, mainHeading } from './focus';
import { formValues } from './form-values';

/**
 * An open popover closes on Escape, which returns focus to the button that opened it, and on a click
 * outside both (the button toggles it by itself).
 */
function useDismiss(open: boolean, setOpen: (open: boolean) => void, popover: RefObject<HTMLElement | null>, button: RefObject<HTMLButtonElement | null>) {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!popover.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onPointer);
    };
  }, [open, setOpen, popover, button]);
}

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
  const userMenuButton = useRef<HTMLButtonElement>(null);
  const mobileMenu = useRef<HTMLElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const header = useRef<HTMLElement>(null);

  useEffect(() => {
    setMenuOpen(false);
    setUserMenuOpen(false);
  }, [location.pathname]);

  useDismiss(userMenuOpen, setUserMenuOpen, userMenu, userMenuButton);
  useDismiss(menuOpen, setMenuOpen, mobileMenu, menuButton);

  // The open menu covers the page below it: Tab and screen readers stay in the header until it closes.
  useEffect(() => {
    const root = header.current?.parentElement;
    if (!menuOpen || !root) return;
    const covered = [...root.querySelectorAll<HTMLElement>(':scope > main, :scope > .footer-ad, :scope > footer')];
    for (const element of covered) element.inert = true;
    return () => { for (const element of covered) element.inert = false; };
  }, [menuOpen]);

  const logout = useLogout();

  const initial = (user?.username?.[0] ?? 'U').toUpperCase();
  const returnTo = encodeURIComponent(location.pathname + location.search);
  const subscribe = subscribeLink(location.pathname + location.search);

  return (
    <header ref={header} className="site-header">
      {/* Past any ad above the content to the page's heading; before the app runs, #main is the way. */}
      <a className="skip-link" href="#main" onClick={(event) => {
        const heading = mainHeading();
        if (!heading) return;
        event.preventDefault();
        focusElement(heading);
      }}>{t('nav.skip')}</a>
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
          const q = formValues(event, ['q']).q.trim();
          if (q) navigate(`/search?q=${encodeURIComponent(q)}`);
        }}>
          <label className="visually-hidden" htmlFor="header-search">{t('nav.search')}</label>
          <input id="header-search" name="q" type="search" placeholder={t('nav.searchPlaceholder')} />
        </form>
        <div className="header-actions">
          <Link to={subscribe} className="button button-accent">{t('nav.subscribe')}</Link>
          {user ? (
            // A disclosure of links, not an ARIA menu: Tab moves through it as through any links.
            <div className="user-menu" ref={userMenu}>
              <button ref={userMenuButton} type="button" className="avatar" aria-expanded={userMenuOpen} aria-controls="user-menu" aria-label={t('user.menu')}
                onClick={() => setUserMenuOpen((open) => !open)}>{initial}</button>
              {userMenuOpen && (
                <div id="user-menu" className="menu-popover">
                  <div className="menu-identity">
                    <strong>{user.username}</strong>
                    <span>{user.email}</span>
                    {isStaff(user) && <span className="badge">{t('user.adminBadge')}</span>}
                  </div>
                  <Link to="/dashboard">{t('user.dashboard')}<small>{t('user.viewProfile')}</small></Link>
                  <Link to="/dashboard/settings">{t('user.settings')}<small>{t('user.preferences')}</small></Link>
                  {isStaff(user) && <Link to="/admin">{t('user.admin')}<small>{t('user.adminHint')}</small></Link>}
                  <button type="button" onClick={() => void logout()}>{t('user.logout')}</button>
                </div>
              )}
            </div>
          ) : (
            <Link to={`/auth?returnTo=${returnTo}`} className="button button-ghost">{t('nav.login')}</Link>
          )}
          <button ref={menuButton} type="button" className="menu-toggle" aria-expanded={menuOpen} aria-controls="mobile-menu"
            onClick={() => setMenuOpen((open) => !open)} aria-label={menuOpen ? t('nav.closeMenu') : t('nav.menu')}>
            <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true" focusable="false">
              <path d={menuOpen ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'} />
            </svg>
          </button>
        </div>
      </div>
      {menuOpen && (
        <nav ref={mobileMenu} id="mobile-menu" className="mobile-menu" aria-label={t('nav.menu')}>
          <ul>
            {SECTIONS.map(([to, key]) => <li key={to}><NavLink to={to} end={to === '/'}>{t(key)}</NavLink></li>)}
            <li><Link to="/search">{t('nav.search')}</Link></li>
            {/* contract.md §7: the narrow-screen menu shows Admin Dashboard to admins only. */}
            {isStaff(user) && <li><Link to="/admin">{t('user.admin')}</Link></li>}
            {!user && <li><Link to={`/auth?returnTo=${returnTo}`}>{t('nav.login')}</Link></li>}
            <li><Link to={subscribe}>{t('nav.subscribe')}</Link></li>
          </ul>
        </nav>
      )}
    </header>
  );
}

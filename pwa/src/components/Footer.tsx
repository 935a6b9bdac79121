import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { apiPaths } from '@redaktion/shared/client';
import { useApi } from '../data/api-cache';
import { useI18n } from '../i18n';
import type { MessageKey } from '../i18n/en';
import { AdSlot } from './AdSlot';
import { NewsletterForm, NewsletterReach } from './Newsletter';

/** The publication's profiles; the icons are drawn on a 24-unit grid in the text colour. */
const SOCIAL: { network: string; href: string; icon: ReactNode }[] = [
  {
    network: 'Facebook', href: 'https://www.facebook.com/',
    icon: <path fill="currentColor" stroke="none" d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.5-1.5h1.6V4.4a21 21 0 0 0-2.3-.1c-2.3 0-3.9 1.4-3.9 4v2.2H7.8v3h2.6V21z" />,
  },
  {
    network: 'Instagram', href: 'https://www.instagram.com/',
    icon: <><rect x="3.5" y="3.5" width="17" height="17" rx="5" /><circle cx="12" cy="12" r="4" /><circle cx="17.2" cy="6.8" r="0.6" fill="currentColor" /></>,
  },
  {
    network: 'X', href: 'https://x.com/',
    icon: <path d="M4.5 4h4l11 16h-4zM19.5 4l-6.3 7M4.5 20l6.3-7" />,
  },
  {
    network: 'YouTube', href: 'https://www.youtube.com/',
    icon: <><rect x="2.5" y="5.5" width="19" height="13" rx="4" /><path fill="currentColor" stroke="none" d="M10 9v6l5-3z" /></>,
  },
];

/** reader-area.md §2's About column: the publication has no pages for these, so only the e-mail addresses are links. */
const ABOUT: { label: MessageKey; email?: string }[] = [
  { label: 'footer.ourStory' },
  { label: 'footer.team' },
  { label: 'footer.careers', email: 'jobb@redaktion.example' },
  { label: 'footer.press', email: 'press@redaktion.example' },
  { label: 'footer.contact', email: 'redaktionen@redaktion.example' },
];

/**
 * What the footer reads on every page: the site's configuration, for the responsible publisher. The server makes this
 * read before rendering any page, so the name is in the HTML (Swedish press law expects it on every page).
 */
export const footerReads = () => ({ config: apiPaths.config });

export function Footer() {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const publisher = useApi(footerReads().config).data?.site.responsiblePublisher;
  return (
    <>
      {/* Outside the footer landmark: an ad is a complementary landmark of its own (contract.md §7 'footer' placement). */}
      <div className="footer-ad"><AdSlot placement="footer" viewKey={pathname} /></div>
      <footer className="site-footer">
        <div className="footer-grid">
          <div>
            <p className="brand">Redaktion</p>
            <p>{t('footer.blurb')}</p>
            <ul className="social-links" aria-label={t('footer.social')}>
              {SOCIAL.map(({ network, href, icon }) => (
                <li key={network}>
                  <a href={href} className="icon-button" rel="noopener" aria-label={t('footer.socialLink', { network })}>
                    <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">{icon}</svg>
                  </a>
                </li>
              ))}
            </ul>
          </div>
          <nav aria-labelledby="footer-content">
            <h2 id="footer-content">{t('footer.content')}</h2>
            <ul>
              <li><Link to="/news?category=society">{t('footer.society')}</Link></li>
              <li><Link to="/news">{t('nav.news')}</Link></li>
              <li><Link to="/podcasts">{t('nav.podcasts')}</Link></li>
              <li><Link to="/opinion">{t('nav.opinion')}</Link></li>
              <li><Link to="/people">{t('nav.people')}</Link></li>
            </ul>
          </nav>
          <section aria-labelledby="footer-about">
            <h2 id="footer-about">{t('footer.about')}</h2>
            <ul>
              {ABOUT.map(({ label, email }) => <li key={label}>{email ? <a href={`mailto:${email}`}>{t(label)}</a> : t(label)}</li>)}
            </ul>
          </section>
          <div className="footer-newsletter">
            <h2>{t('footer.newsletter')}</h2>
            <p>{t('footer.newsletterHint')}</p>
            <NewsletterReach />
            <NewsletterForm id="footer-email" />
          </div>
        </div>
        <div className="footer-bottom">
          <p className="footer-rights">© {new Date().getFullYear()} Redaktion. {t('footer.rights')}</p>
          {publisher && <p className="footer-publisher">{t('footer.publisher', { name: publisher })}</p>}
          <nav aria-label={t('footer.legal')}>
            <ul className="footer-legal">
              <li><Link to="/privacy">{t('footer.privacy')}</Link></li>
              <li><Link to="/terms">{t('footer.terms')}</Link></li>
              <li><Link to="/cookies">{t('footer.cookies')}</Link></li>
              <li><Link to={t('accessibility.path')}>{t('footer.accessibility')}</Link></li>
            </ul>
          </nav>
        </div>
      </footer>
    </>
  );
}

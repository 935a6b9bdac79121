import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useI18n } from '../i18n';

export function Footer() {
  const { t } = useI18n();
  const [email, setEmail] = useState('');
  const [done, setDone] = useState(false);
  return (
    <footer className="site-footer">
      <div className="footer-grid">
        <div>
          <p className="brand">Redaktion</p>
          <p>{t('footer.blurb')}</p>
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
        <nav aria-labelledby="footer-about">
          <h2 id="footer-about">{t('footer.about')}</h2>
          <ul>
            <li><Link to="/privacy">{t('footer.privacy')}</Link></li>
            <li><Link to="/terms">{t('footer.terms')}</Link></li>
            <li><Link to="/cookies">{t('footer.cookies')}</Link></li>
            <li><a href="mailto:redaktionen@redaktion.example">{t('footer.contact')}</a></li>
          </ul>
        </nav>
        <form className="footer-newsletter" onSubmit={(event) => {
          event.preventDefault();
          // reader-area.md §4: a non-empty address shows 'Subscribed!' for 2 s; nothing is sent.
          if (!email.trim()) return;
          setDone(true);
          setTimeout(() => { setDone(false); setEmail(''); }, 2000);
        }}>
          <h2>{t('footer.newsletter')}</h2>
          <p>{t('footer.newsletterHint')}</p>
          <label htmlFor="footer-email" className="visually-hidden">{t('footer.email')}</label>
          <div className="inline-form">
            <input id="footer-email" type="email" value={email} onChange={(event) => setEmail(event.target.value)} placeholder={t('footer.email')} />
            <button type="submit" className="button">{done ? t('footer.subscribed') : t('footer.subscribe')}</button>
          </div>
        </form>
      </div>
      <p className="footer-legal">© {new Date().getFullYear()} Redaktion. {t('footer.rights')}</p>
    </footer>
  );
}

import { Link } from 'react-router-dom';
import { useI18n } from '../i18n';
import { NewsletterForm } from './Newsletter';

export function Footer() {
  const { t } = useI18n();
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
        <div className="footer-newsletter">
          <h2>{t('footer.newsletter')}</h2>
          <p>{t('footer.newsletterHint')}</p>
          <NewsletterForm id="footer-email" />
        </div>
      </div>
      <p className="footer-legal">© {new Date().getFullYear()} Redaktion. {t('footer.rights')}</p>
    </footer>
  );
}

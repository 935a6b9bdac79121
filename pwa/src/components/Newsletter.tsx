import { useState } from 'react';
import { useI18n } from '../i18n';
import { AdSlot } from './AdSlot';

/** The newsletter block: like the footer form, nothing is sent (reader-area.md §4); no invented reader counts. */
export function Newsletter() {
  const { t } = useI18n();
  const [email, setEmail] = useState('');
  const [done, setDone] = useState(false);
  return (
    <section className="newsletter" aria-labelledby="newsletter-title">
      <h2 id="newsletter-title">{t('newsletter.title')}</h2>
      <p>{t('newsletter.text')}</p>
      <form className="inline-form" onSubmit={(event) => {
        event.preventDefault();
        if (!email.trim()) return;
        setDone(true);
        setTimeout(() => { setDone(false); setEmail(''); }, 2000);
      }}>
        <label htmlFor="newsletter-email" className="visually-hidden">{t('footer.email')}</label>
        <input id="newsletter-email" type="email" value={email} onChange={(event) => setEmail(event.target.value)} placeholder={t('footer.email')} />
        <button type="submit" className="button button-accent">{done ? t('footer.subscribed') : t('footer.subscribe')}</button>
      </form>
      <AdSlot placement="newsletter" viewKey="newsletter" />
    </section>
  );
}

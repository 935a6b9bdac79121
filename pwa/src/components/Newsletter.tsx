import { useState } from 'react';
import { useI18n } from '../i18n';
import { AdSlot } from './AdSlot';

/**
 * The newsletter sign-up of the footer and the home page: a non-empty address shows 'Subscribed!' for 2 s
 * and clears; nothing is sent to a server (reader-area.md §4). No invented reader counts.
 */
export function NewsletterForm({ id, buttonClass = 'button' }: { id: string; buttonClass?: string }) {
  const { t } = useI18n();
  const [email, setEmail] = useState('');
  const [done, setDone] = useState(false);
  return (
    <form className="inline-form" onSubmit={(event) => {
      event.preventDefault();
      if (!email.trim()) return;
      setDone(true);
      setTimeout(() => { setDone(false); setEmail(''); }, 2000);
    }}>
      <label htmlFor={id} className="visually-hidden">{t('footer.email')}</label>
      <input id={id} type="email" value={email} onChange={(event) => setEmail(event.target.value)} placeholder={t('footer.email')} />
      <button type="submit" className={buttonClass}>{done ? t('footer.subscribed') : t('footer.subscribe')}</button>
      {/* A changed button label is not announced; this region, always present, is. */}
      <span className="visually-hidden" role="status">{done ? t('footer.subscribed') : ''}</span>
    </form>
  );
}

export function Newsletter() {
  const { t } = useI18n();
  return (
    <section className="newsletter" aria-labelledby="newsletter-title">
      <h2 id="newsletter-title">{t('newsletter.title')}</h2>
      <p>{t('newsletter.text')}</p>
      <NewsletterForm id="newsletter-email" buttonClass="button button-accent" />
      <AdSlot placement="newsletter" viewKey="newsletter" />
    </section>
  );
}

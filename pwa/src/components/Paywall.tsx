import { Link, useLocation } from 'react-router-dom';
import { useSession } from '../services/context';
import { useI18n } from '../i18n';

/**
 * The Subscribe page, told where the reader came from so that paying brings them back there (contract.md §7).
 * On the Subscribe page the link keeps the page's own `returnTo`; the payment return and sign-in are no place to come back to.
 */
export function subscribeLink(path: string): string {
  if (/^\/subscribe(?:[?#]|$)/.test(path)) return path;
  return /^\/(?:subscription|auth)\b/.test(path) ? '/subscribe' : `/subscribe?returnTo=${encodeURIComponent(path)}`;
}

/**
 * What a reader without a subscription sees instead of premium content (contract.md §3): the lock, a
 * Subscribe call to action, and for a signed-out reader a way back here after logging in.
 */
export function Paywall({ title, text, className = '', register }: {
  title: string; text: string; className?: string;
  /** The registration wall's offer (a signed-out reader, while metering is on): registering comes first. */
  register?: string;
}) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const { user } = useSession();
  return (
    <div className={`paywall ${className}`} role="region" aria-labelledby="paywall-title">
      <span className="lock" aria-hidden="true">🔒</span>
      <h2 id="paywall-title">{title}</h2>
      <p>{text}</p>
      <div className="paywall-actions">
        {register && !user && <Link to={`/auth?tab=register&returnTo=${encodeURIComponent(pathname)}`} className="button button-accent">{register}</Link>}
        <Link to={subscribeLink(pathname)} className={`button ${register && !user ? 'button-ghost' : 'button-accent'}`}>{t('article.subscribeCta')}</Link>
        {!user && <Link to={`/auth?returnTo=${encodeURIComponent(pathname)}`} className="button button-ghost">{t('article.alreadySubscriber')}</Link>}
      </div>
    </div>
  );
}

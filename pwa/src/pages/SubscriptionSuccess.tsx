import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { useServices, useSession } from '../services/context';
import { Loading } from '../components/cards';
import { useI18n } from '../i18n';
import type { MessageKey } from '../i18n/en';
import { toast } from '../state/toasts';
import { subscribeLink } from '../components/Paywall';
import { authLink, safeReturnTo } from './dashboard/form-fields';

type Outcome = 'checking' | 'succeeded' | 'processing' | 'failed' | 'unknown';

/** Stripe's payment intent statuses, as the reader needs to hear them. */
function outcomeOf(paymentStatus: string): Outcome {
  if (paymentStatus === 'succeeded') return 'succeeded';
  if (paymentStatus === 'processing' || paymentStatus === 'requires_capture') return 'processing';
  if (paymentStatus === 'requires_payment_method' || paymentStatus === 'canceled') return 'failed';
  return 'unknown';
}

const MESSAGES: Record<Outcome, MessageKey> = {
  checking: 'success.checking', succeeded: 'success.succeeded', processing: 'success.processing', failed: 'success.failed', unknown: 'success.unknown',
};

/** The return address after payment (/subscription/success?payment_intent=…). */
export default function SubscriptionSuccess() {
  const { t } = useI18n();
  const { api, session, cache } = useServices();
  const { user, status } = useSession();
  const location = useLocation();
  const [search] = useSearchParams();
  // A trial's return names the setup intent that saved the method for the first charge.
  const paymentIntent = search.get('payment_intent') ?? search.get('setup_intent');
  const returnTo = search.get('returnTo');
  const [outcome, setOutcome] = useState<Outcome>(paymentIntent ? 'checking' : 'unknown');
  const signedIn = Boolean(user);

  useEffect(() => {
    if (!signedIn || !paymentIntent) return;
    let current = true;
    api.subscriptionStatus(paymentIntent)
      .then((answer) => outcomeOf(answer.paymentStatus), () => 'unknown' as const)
      .then(async (result) => {
        if (!current) return;
        setOutcome(result);
        if (result === 'succeeded') toast(t('subscribe.welcome'));
        await session.getState().refresh(api);
        // Premium unlocks articles and episodes and removes ads: read them again.
        cache.invalidate();
      });
    return () => {
      current = false;
    };
    // t is left out on purpose: a language change must not check the payment again.
  }, [api, cache, paymentIntent, session, signedIn]);

  if (status === 'loading') return <Loading />;
  return (
    <div className="container account-page">
      <section className="account-card account-card-narrow result-card">
        {outcome === 'succeeded' && <p className="success-mark" aria-hidden="true">✓</p>}
        <h1 id="success-title" className="account-title">{t('success.title')}</h1>
        {!user ? (
          <>
            <p>{t('success.loginNeeded')}</p>
            <Link to={authLink(location.pathname + location.search)} className="button button-accent button-block">{t('nav.login')}</Link>
          </>
        ) : (
          <>
            <p role="status" className={outcome === 'failed' ? 'result-failed' : undefined}>{t(MESSAGES[outcome])}</p>
            <div className="actions">
              {outcome === 'failed' && <Link to={subscribeLink(safeReturnTo(returnTo))} className="button button-accent">{t('success.tryAgain')}</Link>}
              {returnTo && outcome !== 'failed' && <Link to={safeReturnTo(returnTo)} className="button button-accent">{t('success.continueReading')}</Link>}
              <Link to="/dashboard" className="button button-ghost">{t('user.dashboard')}</Link>
            </div>
          </>
        )}
      </section>
    </div>
  );
}

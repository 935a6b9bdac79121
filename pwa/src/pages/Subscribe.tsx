import { Suspense, lazy, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { useServices, useSession } from '../services/context';
import { useApi } from '../data/api-cache';
import { ErrorNote, Loading } from '../components/cards';
import { LOCALE_TAGS, useI18n } from '../i18n';
import type { MessageKey } from '../i18n/en';
import { isSubscriber } from '../state/session';
import { NeedsNetwork } from '../components/NeedsNetwork';
import { useFocusWhen } from '../components/focus';
import { authLink, safeReturnTo, errorMessage } from './dashboard/form-fields';
import { subscribeReads } from './Subscribe.data';

type Plan = 'monthly' | 'yearly';

const MONTHLY_FEATURES: MessageKey[] = [
  'subscribe.f.unlimited', 'subscribe.f.exclusive', 'subscribe.f.adfree', 'subscribe.f.early', 'subscribe.f.app', 'subscribe.f.newsletter',
];
/** Prices and features of reader-area.md §9. */
const PLANS: { plan: Plan; price: number; per: MessageKey; features: MessageKey[]; popular?: boolean }[] = [
  { plan: 'monthly', price: 199, per: 'subscribe.perMonth', features: MONTHLY_FEATURES },
  {
    plan: 'yearly', price: 1990, per: 'subscribe.perYear', popular: true,
    features: [...MONTHLY_FEATURES, 'subscribe.f.support', 'subscribe.f.events', 'subscribe.f.print', 'subscribe.f.archive'],
  },
];
const planName = (plan: Plan): MessageKey => (plan === 'yearly' ? 'subscribe.yearly' : 'subscribe.monthly');

const StripePayment = lazy(() => import('./StripePayment'));

function PaymentStep({ plan, clientSecret, publishableKey, returnTo, onBack }: {
  plan: Plan; clientSecret: string; publishableKey: string | null; returnTo: string | null; onBack(): void;
}) {
  const { t } = useI18n();
  // The plan's button that had focus is gone: the reader continues from this step's heading.
  const heading = useFocusWhen<HTMLHeadingElement>(true);
  const back = returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : '';
  return (
    <section className="account-card payment-step" aria-labelledby="payment-title">
      <h2 ref={heading} id="payment-title" tabIndex={-1}>{t('subscribe.paymentTitle')}</h2>
      <p className="muted">{t('subscribe.chosenPlan', { plan: t(planName(plan)) })}</p>
      <div role="group" aria-label={t('subscribe.cardForm')} data-client-secret={clientSecret}>
        {publishableKey && (
          <Suspense fallback={<p className="payment-placeholder">{t('subscribe.cardFormLoads')}</p>}>
            <StripePayment publishableKey={publishableKey} clientSecret={clientSecret}
              returnUrl={`${window.location.origin}/subscription/success${back}`} />
          </Suspense>
        )}
      </div>
      <div className="actions">
        <button type="button" className="button button-ghost" onClick={onBack}>{t('subscribe.otherPlan')}</button>
      </div>
    </section>
  );
}

export default function Subscribe() {
  const { t, locale } = useI18n();
  const { api } = useServices();
  const { user } = useSession();
  const location = useLocation();
  const [search] = useSearchParams();
  const config = useApi(subscribeReads().config);
  const [choosing, setChoosing] = useState<Plan | null>(null);
  const [started, setStarted] = useState<{ plan: Plan; clientSecret: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Back from the payment step, the reader continues from the plan they had chosen (a new object each time).
  const [backTo, setBackTo] = useState<{ plan: Plan } | null>(null);
  const backHeading = useFocusWhen<HTMLHeadingElement>(backTo);
  const returnTo = search.get('returnTo') ? safeReturnTo(search.get('returnTo')) : null;
  const enabled = config.data?.payments.enabled === true;
  const price = (amount: number) => new Intl.NumberFormat(LOCALE_TAGS[locale]).format(amount);

  async function choose(plan: Plan) {
    setChoosing(plan);
    setError(null);
    try {
      const { clientSecret } = await api.createSubscription(plan);
      setStarted({ plan, clientSecret });
    } catch (caught) {
      // reader-area.md §4: a failed creation is logged and the button freed; the note says why.
      console.error('Subscription could not be created', caught);
      setError(errorMessage(caught, t));
    } finally {
      setChoosing(null);
    }
  }

  return (
    <div className="container account-page subscribe-page">
      <header className="page-header subscribe-header">
        <h1>{t('subscribe.title')}</h1>
        <p className="muted">{t('subscribe.intro')}</p>
      </header>
      <NeedsNetwork />
      {config.loading ? <Loading /> : !enabled ? (
        <p className="notice" role="status">{t('subscribe.notConfigured')}</p>
      ) : isSubscriber(user) ? (
        <p className="notice" role="status">{t('subscribe.already')} <Link to="/dashboard">{t('user.dashboard')}</Link></p>
      ) : !user ? (
        <p className="notice">{t('subscribe.loginFirst')} <Link to={authLink(location.pathname + location.search)}>{t('nav.login')}</Link></p>
      ) : null}
      {error && <ErrorNote message={error} />}
      {started ? (
        <PaymentStep plan={started.plan} clientSecret={started.clientSecret} publishableKey={config.data?.payments.publishableKey ?? null}
          returnTo={returnTo} onBack={() => { setBackTo({ plan: started.plan }); setStarted(null); }} />
      ) : (
        <div className="grid grid-2 plans">
          {PLANS.map(({ plan, price: amount, per, features, popular }) => (
            <section key={plan} className={`plan-card${popular ? ' plan-card-popular' : ''}`} aria-labelledby={`plan-${plan}`}>
              {popular && <span className="badge plan-badge">{t('subscribe.popular')}</span>}
              <h2 id={`plan-${plan}`} ref={plan === backTo?.plan ? backHeading : undefined} tabIndex={-1}>{t(planName(plan))}</h2>
              <p className="plan-price">{t(per, { price: price(amount) })}</p>
              <p className="plan-save">{plan === 'yearly' ? t('subscribe.save') : '\u00a0'}</p>
              <ul className="plan-features">
                {features.map((feature) => <li key={feature}><span aria-hidden="true">✓</span> {t(feature)}</li>)}
              </ul>
              {enabled && !user ? (
                <Link to={authLink(location.pathname + location.search)} className={`button button-block ${popular ? 'button-accent' : 'button-ghost'}`}>
                  {t('subscribe.choose', { plan: t(planName(plan)) })}
                </Link>
              ) : (
                <button type="button" className={`button button-block ${popular ? 'button-accent' : 'button-ghost'}`}
                  disabled={!enabled || choosing !== null || isSubscriber(user)} aria-busy={choosing === plan} onClick={() => void choose(plan)}>
                  {t('subscribe.choose', { plan: t(planName(plan)) })}
                </button>
              )}
            </section>
          ))}
        </div>
      )}
    </div>
  );
}

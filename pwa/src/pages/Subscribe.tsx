import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { ENTITLED_SUBSCRIPTION_STATUSES, NEWS_VAT_PERCENT, PASSES, type PassKind } from '@redaktion/shared/constants';
import type { PublicOffer } from '@redaktion/shared';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { useServices, useSession } from '../services/context';
import { useApi } from '../data/api-cache';
import { ErrorNote, Loading } from '../components/cards';
import { LOCALE_TAGS, formatDate, useI18n } from '../i18n';
import { checkoutText } from '../i18n/checkout';
import type { MessageKey } from '../i18n/en';
import { NeedsNetwork } from '../components/NeedsNetwork';
import { focusElement, useFocusWhen } from '../components/focus';
import { authLink, safeReturnTo, errorMessage } from './dashboard/form-fields';
import { report } from '../insight/beacon';
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

/** What the reader is paying for: a plan (recurring, card or Klarna) or a pass (once, Swish or card). */
type Chosen = { plan: Plan; pass?: never } | { pass: PassKind; plan?: never };
type OfferState = { status: 'checking' } | { status: 'found'; offer: PublicOffer } | { status: 'gone' } | null;

/**
 * The article the reader came from, for the newsroom's figures: `?from=ID`, or the article the paywall's link returns to.
 */
function articleFrom(from: string | null, returnTo: string | null): number | undefined {
  const id = Number(from ?? /^\/article\/(\d+)(?:[/?#]|$)/.exec(returnTo ?? '')?.[1]);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

const StripePayment = lazy(() => import('./StripePayment'));

function PaymentStep({ chosen, clientSecret, intent, publishableKey, returnTo, onBack }: {
  chosen: Chosen; clientSecret: string; intent: 'payment' | 'setup'; publishableKey: string | null; returnTo: string | null; onBack(): void;
}) {
  const { t, locale } = useI18n();
  const text = checkoutText(locale);
  // The plan's button that had focus is gone: the reader continues from this step's heading.
  const heading = useFocusWhen<HTMLHeadingElement>(true);
  const back = returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : '';
  return (
    <section className="account-card payment-step" aria-labelledby="payment-title">
      <h2 ref={heading} id="payment-title" tabIndex={-1}>{t('subscribe.paymentTitle')}</h2>
      <p className="muted">{chosen.plan ? t('subscribe.chosenPlan', { plan: t(planName(chosen.plan)) }) : text.passChosen(chosen.pass)}</p>
      <div role="group" aria-label={t('subscribe.cardForm')} data-client-secret={clientSecret}>
        {publishableKey && (
          <Suspense fallback={<p className="payment-placeholder">{t('subscribe.cardFormLoads')}</p>}>
            <StripePayment publishableKey={publishableKey} clientSecret={clientSecret} intent={intent}
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
  const text = checkoutText(locale);
  const { api } = useServices();
  const { user } = useSession();
  const location = useLocation();
  const [search] = useSearchParams();
  const config = useApi(subscribeReads().config);
  const [choosing, setChoosing] = useState<string | null>(null);
  const [started, setStarted] = useState<{ chosen: Chosen; clientSecret: string; intent: 'payment' | 'setup' } | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Back from the payment step, the reader continues from what they had chosen (a new object each time).
  const [backTo, setBackTo] = useState<{ id: string } | null>(null);
  const backHeading = useFocusWhen<HTMLHeadingElement>(backTo);
  const [agreed, setAgreed] = useState(false);
  const [consentMissing, setConsentMissing] = useState(false);
  const consent = useRef<HTMLInputElement>(null);
  const [offer, setOffer] = useState<OfferState>(null);
  const returnTo = search.get('returnTo') ? safeReturnTo(search.get('returnTo')) : null;
  const fromArticleId = articleFrom(search.get('from'), returnTo);
  const offerCode = search.get('offer')?.trim() || null;
  const enabled = config.data?.payments.enabled === true;
  const passPrices = config.data?.payments.passPrices;
  const price = (amount: number) => new Intl.NumberFormat(LOCALE_TAGS[locale]).format(amount);
  const subscribed = (ENTITLED_SUBSCRIPTION_STATUSES as readonly (string | null | undefined)[]).includes(user?.subscriptionStatus);
  const passUntil = user?.accessUntil && Date.parse(user.accessUntil) > Date.now() ? user.accessUntil : null;
  const found = offer?.status === 'found' ? offer.offer : null;
  const canPay = enabled && Boolean(user);

  useEffect(() => {
    if (!offerCode) return;
    let current = true;
    setOffer({ status: 'checking' });
    api.offer(offerCode).then(
      (answer) => { if (current) setOffer({ status: 'found', offer: answer }); },
      () => { if (current) setOffer({ status: 'gone' }); },
    );
    return () => { current = false; };
  }, [api, offerCode]);

  /** The reader agrees to immediate access (the right of withdrawal) before any payment starts; else the box says why. */
  function consentGiven(): boolean {
    if (agreed) return true;
    setConsentMissing(true);
    if (consent.current) focusElement(consent.current);
    return false;
  }

  async function start(id: string, chosen: Chosen, begin: () => Promise<{ clientSecret: string; intent?: 'payment' | 'setup' }>) {
    if (!consentGiven()) return;
    // The newsroom's figures: a subscription begun, from the article the reader came from (contract §9 [insight]).
    report(config.data?.insight?.askConsent, {
      type: 'subscribe_start', path: location.pathname + location.search, ...(fromArticleId ? { articleId: fromArticleId } : {}),
    });
    setChoosing(id);
    setError(null);
    try {
      const { clientSecret, intent } = await begin();
      setStarted({ chosen, clientSecret, intent: intent ?? 'payment' });
    } catch (caught) {
      // reader-area.md §4: a failed creation is logged and the button freed; the note says why.
      console.error('Payment could not be started', caught);
      setError(errorMessage(caught, t));
    } finally {
      setChoosing(null);
    }
  }
  const choose = (plan: Plan) => start(plan, { plan }, () => api.createSubscription(plan, {
    ...(found?.plans.includes(plan) ? { offer: found.code } : {}), ...(fromArticleId ? { fromArticleId } : {}),
  }));
  const buyPass = (pass: PassKind) => start(pass, { pass }, () => api.createPass(pass, fromArticleId));
  const signIn = authLink(location.pathname + location.search);
  const planNames = (plans: readonly Plan[]) => new Intl.ListFormat(LOCALE_TAGS[locale]).format(plans.map((plan) => t(planName(plan)).toLowerCase()));

  return (
    <div className="container account-page subscribe-page">
      <header className="page-header subscribe-header">
        <h1>{t('subscribe.title')}</h1>
        <p className="muted">{t('subscribe.intro')}</p>
      </header>
      <NeedsNetwork />
      {offer && (
        <section className="account-card offer-card" aria-labelledby="offer-title" role="status">
          {offer.status === 'checking' ? <p id="offer-title">{text.offerChecking}</p>
            : offer.status === 'gone' ? <p id="offer-title">{text.offerGone}</p> : (
              <>
                <h2 id="offer-title">{text.offerTitle(offer.offer.name)}</h2>
                <p className="offer-gives">{text.gives(offer.offer)}</p>
                <p className="muted">{text.offerCode(offer.offer.code)} · {text.offerPlans(planNames(offer.offer.plans))}</p>
              </>
            )}
        </section>
      )}
      {config.loading ? <Loading /> : !enabled ? (
        <p className="notice" role="status">{t('subscribe.notConfigured')}</p>
      ) : subscribed ? (
        <p className="notice" role="status">{t('subscribe.already')} <Link to="/dashboard">{t('user.dashboard')}</Link></p>
      ) : !user ? (
        <p className="notice">{t('subscribe.loginFirst')} <Link to={signIn}>{t('nav.login')}</Link></p>
      ) : passUntil ? (
        <p className="notice" role="status">{text.passUntil(formatDate(passUntil, locale))}</p>
      ) : null}
      {error && <ErrorNote message={error} />}
      {started ? (
        <PaymentStep chosen={started.chosen} clientSecret={started.clientSecret} intent={started.intent}
          publishableKey={config.data?.payments.publishableKey ?? null}
          returnTo={returnTo} onBack={() => { setBackTo({ id: started.chosen.plan ?? started.chosen.pass }); setStarted(null); }} />
      ) : (
        <>
          {canPay && !subscribed && (
            <div className={`consent${consentMissing && !agreed ? ' consent-missing' : ''}`}>
              <label className="checkbox-row" htmlFor="withdrawal-consent">
                <input ref={consent} id="withdrawal-consent" type="checkbox" checked={agreed} aria-required="true"
                  aria-invalid={consentMissing && !agreed ? true : undefined}
                  aria-describedby={`withdrawal-consent-hint${consentMissing && !agreed ? ' withdrawal-consent-error' : ''}`}
                  onChange={(event) => { setAgreed(event.target.checked); if (event.target.checked) setConsentMissing(false); }} />
                {' '}{text.consent}
              </label>
              <p id="withdrawal-consent-hint" className="muted consent-hint">{text.consentHint}</p>
              {consentMissing && !agreed && <p id="withdrawal-consent-error" className="field-error" role="alert">{text.consentRequired}</p>}
            </div>
          )}
          <div className="grid grid-2 plans">
            {PLANS.map(({ plan, price: amount, per, features, popular }) => (
              <section key={plan} className={`plan-card${popular ? ' plan-card-popular' : ''}`} aria-labelledby={`plan-${plan}`}>
                {popular && <span className="badge plan-badge">{t('subscribe.popular')}</span>}
                <h2 id={`plan-${plan}`} ref={plan === backTo?.id ? backHeading : undefined} tabIndex={-1}>{t(planName(plan))}</h2>
                <p className="plan-price">{t(per, { price: price(amount) })}</p>
                <p className="muted plan-vat">{text.vat(NEWS_VAT_PERCENT)}</p>
                {found?.plans.includes(plan) ? <p className="plan-save plan-offer">{text.offerOnPlan}: {text.gives(found)}</p>
                  : <p className="plan-save">{plan === 'yearly' ? t('subscribe.save') : '\u00a0'}</p>}
                <ul className="plan-features">
                  {features.map((feature) => <li key={feature}><span aria-hidden="true">✓</span> {t(feature)}</li>)}
                </ul>
                {enabled && !user ? (
                  <Link to={signIn} className={`button button-block ${popular ? 'button-accent' : 'button-ghost'}`}>
                    {t('subscribe.choose', { plan: t(planName(plan)) })}
                  </Link>
                ) : (
                  <button type="button" className={`button button-block ${popular ? 'button-accent' : 'button-ghost'}`}
                    disabled={!enabled || choosing !== null || subscribed} aria-busy={choosing === plan} onClick={() => void choose(plan)}>
                    {t('subscribe.choose', { plan: t(planName(plan)) })}
                  </button>
                )}
              </section>
            ))}
          </div>
          {enabled && passPrices && (
            <section className="account-card pass-section" aria-labelledby="pass-title">
              <h2 id="pass-title">{text.passTitle}</h2>
              <p className="muted">{text.passIntro}</p>
              <div className="grid grid-2 passes">
                {PASSES.map((pass) => (
                  <div key={pass} className="pass-option">
                    <h3 id={`pass-${pass}`} ref={pass === backTo?.id ? backHeading : undefined} tabIndex={-1}>{text.passName(pass)}</h3>
                    <p className="plan-price">{text.passPrice(price(passPrices[pass]))}</p>
                    <p className="muted plan-vat">{text.vat(NEWS_VAT_PERCENT)}</p>
                    {!user ? (
                      <Link to={signIn} className="button button-block button-ghost">{text.buyPass(pass, price(passPrices[pass]))}</Link>
                    ) : (
                      <button type="button" className="button button-block button-ghost" disabled={choosing !== null || subscribed}
                        aria-busy={choosing === pass} onClick={() => void buyPass(pass)}>
                        {text.buyPass(pass, price(passPrices[pass]))}
                      </button>
                    )}
                  </div>
                ))}
              </div>
            </section>
          )}
        </>
      )}
    </div>
  );
}

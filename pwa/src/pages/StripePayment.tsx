import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useMemo, useState } from 'react';
import { useI18n } from '../i18n';
import { toast } from '../state/toasts';

/**
 * Stripe's Payment Element (a chunk of its own, loaded only when a reader pays). Stripe.js itself comes
 * from js.stripe.com, which the Content-Security-Policy allows only when payments are configured. The element offers
 * the methods the intent allows: card and Klarna for a subscription, Swish and card for a pass. A trial's intent is a
 * setup intent (nothing is charged now; the method is saved for the first charge).
 */
function PayButton({ returnUrl, intent }: { returnUrl: string; intent: 'payment' | 'setup' }) {
  const { t } = useI18n();
  const stripe = useStripe();
  const elements = useElements();
  const [paying, setPaying] = useState(false);
  async function pay() {
    if (!stripe || !elements) return;
    setPaying(true);
    const confirmParams = { return_url: returnUrl };
    const { error } = intent === 'setup' ? await stripe.confirmSetup({ elements, confirmParams }) : await stripe.confirmPayment({ elements, confirmParams });
    // Without an error Stripe has already left for the return address.
    if (error) toast(t('subscribe.paymentFailed'), error.message, 'destructive');
    setPaying(false);
  }
  return (
    <button type="button" className="button button-accent" disabled={!stripe || paying} aria-busy={paying} onClick={() => void pay()}>
      {t('subscribe.pay')}
    </button>
  );
}

export default function StripePayment({ publishableKey, clientSecret, intent, returnUrl }: {
  publishableKey: string; clientSecret: string; intent: 'payment' | 'setup'; returnUrl: string;
}) {
  const { locale } = useI18n();
  const stripe = useMemo<Promise<Stripe | null>>(() => loadStripe(publishableKey, { locale }), [publishableKey, locale]);
  return (
    <Elements stripe={stripe} options={{ clientSecret }}>
      <div id="payment-element" className="payment-element"><PaymentElement /></div>
      <div className="actions"><PayButton returnUrl={returnUrl} intent={intent} /></div>
    </Elements>
  );
}

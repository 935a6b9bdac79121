import type { OfferDuration, OfferKind, PassKind } from '@redaktion/shared';
import type { Locale } from './index';

/** The words of offers, passes, VAT and the right of withdrawal on /subscribe and the dashboard (contract §9 [revenue]). */
export interface CheckoutText {
  /** What an offer gives: "50 % off for 3 months", "14 days free". */
  gives: (offer: { kind: OfferKind; value: number; duration: OfferDuration; durationInMonths: number | null }) => string;
  offerTitle: (name: string) => string;
  offerCode: (code: string) => string;
  offerPlans: (plans: string) => string;
  offerChecking: string;
  offerGone: string;
  offerOnPlan: string;
  vat: (percent: number) => string;
  consent: string;
  consentHint: string;
  consentRequired: string;
  passTitle: string;
  passIntro: string;
  passName: (pass: PassKind) => string;
  passPrice: (price: string) => string;
  buyPass: (pass: PassKind, price: string) => string;
  passChosen: (pass: PassKind) => string;
  statuses: Record<string, string>;
  passLabel: string;
  passUntil: (date: string) => string;
  passEnded: (date: string) => string;
}

const sv: CheckoutText = {
  gives: (offer) => {
    if (offer.kind === 'trial') return `${offer.value} dagar gratis`;
    const off = offer.kind === 'percent' ? `${offer.value} % rabatt` : `${offer.value} kr rabatt`;
    return `${off} ${offer.duration === 'once' ? 'på första betalningen' : offer.duration === 'forever' ? 'så länge du prenumererar' : `i ${offer.durationInMonths} månader`}`;
  },
  offerTitle: (name) => `Ditt erbjudande: ${name}`,
  offerCode: (code) => `Kod ${code}`,
  offerPlans: (plans) => `Gäller ${plans}.`,
  offerChecking: 'Kontrollerar erbjudandet…',
  offerGone: 'Erbjudandet finns inte längre eller har tagit slut. Du kan fortfarande välja ett abonnemang nedan.',
  offerOnPlan: 'Med ditt erbjudande',
  vat: (percent) => `inkl. ${percent} % moms`,
  consent: 'Jag vill få tillgång direkt och godkänner att min ångerrätt upphör när tillgången börjar.',
  consentHint: 'Digitalt innehåll som levereras direkt har ingen ångerrätt när du har godkänt det (lagen om distansavtal).',
  consentRequired: 'Kryssa i rutan för att få tillgång direkt innan du betalar.',
  passTitle: 'Pass: betala en gång med Swish eller kort',
  passIntro: 'Ett pass ger premium i 30 eller 365 dagar och förnyas inte. Köper du ett nytt innan det tar slut läggs dagarna till.',
  passName: (pass) => (pass === 'year' ? 'Årspass (365 dagar)' : 'Månadspass (30 dagar)'),
  passPrice: (price) => `${price} kr`,
  buyPass: (pass, price) => `Köp ${pass === 'year' ? 'årspass' : 'månadspass'} för ${price} kr`,
  passChosen: (pass) => `Pass: ${pass === 'year' ? 'årspass (365 dagar)' : 'månadspass (30 dagar)'}`,
  statuses: {
    active: 'aktivt', trialing: 'gratisperiod', past_due: 'betalning saknas', incomplete: 'inte betalt', canceled: 'avslutat', unpaid: 'obetalt',
    incomplete_expired: 'avbrutet', paused: 'pausat',
  },
  passLabel: 'Pass',
  passUntil: (date) => `Ditt pass gäller till ${date}. Det förnyas inte.`,
  passEnded: (date) => `Ditt pass tog slut ${date}.`,
};

const en: CheckoutText = {
  gives: (offer) => {
    if (offer.kind === 'trial') return `${offer.value} days free`;
    const off = offer.kind === 'percent' ? `${offer.value} % off` : `${offer.value} SEK off`;
    return `${off} ${offer.duration === 'once' ? 'the first payment' : offer.duration === 'forever' ? 'for as long as you subscribe' : `for ${offer.durationInMonths} months`}`;
  },
  offerTitle: (name) => `Your offer: ${name}`,
  offerCode: (code) => `Code ${code}`,
  offerPlans: (plans) => `For ${plans}.`,
  offerChecking: 'Checking the offer…',
  offerGone: 'This offer no longer exists or has ended. You can still choose a plan below.',
  offerOnPlan: 'With your offer',
  vat: (percent) => `incl. ${percent} % VAT`,
  consent: 'I want access at once and agree that my right of withdrawal ends when access begins.',
  consentHint: 'Digital content delivered at once has no right of withdrawal once you have agreed to that (the Distance Contracts Act).',
  consentRequired: 'Tick the box to get access at once before you pay.',
  passTitle: 'Pass: pay once by Swish or card',
  passIntro: 'A pass gives Premium for 30 or 365 days and does not renew. Buy another before it ends and the days are added.',
  passName: (pass) => (pass === 'year' ? 'Year pass (365 days)' : 'Month pass (30 days)'),
  passPrice: (price) => `${price} SEK`,
  buyPass: (pass, price) => `Buy a ${pass === 'year' ? 'year' : 'month'} pass for ${price} SEK`,
  passChosen: (pass) => `Pass: ${pass === 'year' ? 'year pass (365 days)' : 'month pass (30 days)'}`,
  statuses: {
    active: 'active', trialing: 'free trial', past_due: 'payment missing', incomplete: 'not paid', canceled: 'canceled', unpaid: 'unpaid',
    incomplete_expired: 'abandoned', paused: 'paused',
  },
  passLabel: 'Pass',
  passUntil: (date) => `Your pass runs until ${date}. It does not renew.`,
  passEnded: (date) => `Your pass ended on ${date}.`,
};

/** Apart from the catalogues every page downloads: only /subscribe and the dashboard import these. */
export const checkoutText = (locale: Locale): CheckoutText => (locale === 'en' ? en : sv);

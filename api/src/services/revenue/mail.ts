import { NEWS_VAT_PERCENT, type Locale, type PassKind } from '@redaktion/shared';

/** The e-mails of passes and trials (contract §9 [revenue]), in the reader's language; plain text like the account mail. */

const TIME_ZONE = 'Europe/Stockholm';
const day = (locale: Locale, at: string) =>
  new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'sv-SE', { dateStyle: 'long', timeZone: TIME_ZONE }).format(new Date(at));
const kronor = (locale: Locale, amount: number) =>
  `${new Intl.NumberFormat(locale === 'en' ? 'en-GB' : 'sv-SE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)} kr`;
/** The VAT inside a price that includes it: 6 % of the price without VAT. */
export const vatIncluded = (amountSek: number) => Math.round((amountSek * NEWS_VAT_PERCENT * 100) / (100 + NEWS_VAT_PERCENT)) / 100;

const PASS_NAMES: Record<Locale, Record<PassKind, string>> = {
  sv: { month: 'Månadspass (30 dagar)', year: 'Årspass (365 dagar)' },
  en: { month: 'Month pass (30 days)', year: 'Year pass (365 days)' },
};

export interface Mail { subject: string; text: string }

export function passReceipt(locale: Locale, name: string, receipt: { pass: PassKind; amountSek: number; paidAt: string; accessUntil: string; paymentIntentId: string }): Mail {
  const vat = kronor(locale, vatIncluded(receipt.amountSek));
  const total = kronor(locale, receipt.amountSek);
  return locale === 'en'
    ? {
      subject: 'Your receipt from Redaktion',
      text: `Hello ${name},\n\nThank you for your purchase. Receipt:\n\n${PASS_NAMES.en[receipt.pass]}\nPaid: ${day('en', receipt.paidAt)}\n`
        + `Amount: ${total} incl. ${NEWS_VAT_PERCENT} % VAT (${vat})\nReference: ${receipt.paymentIntentId}\n\n`
        + `Premium is open to you until ${day('en', receipt.accessUntil)}. A pass does not renew: nothing more is charged.\n`
        + 'You asked for access at once, so the right of withdrawal ended when access began.\n\nRedaktion',
    }
    : {
      subject: 'Ditt kvitto från Redaktion',
      text: `Hej ${name}!\n\nTack för ditt köp. Kvitto:\n\n${PASS_NAMES.sv[receipt.pass]}\nBetalt: ${day('sv', receipt.paidAt)}\n`
        + `Belopp: ${total} inkl. ${NEWS_VAT_PERCENT} % moms (${vat})\nReferens: ${receipt.paymentIntentId}\n\n`
        + `Premium är öppet för dig till och med ${day('sv', receipt.accessUntil)}. Ett pass förnyas inte: inget mer dras.\n`
        + 'Du bad om tillgång direkt, så ångerrätten upphörde när tillgången började.\n\nRedaktion',
    };
}

export function passEnding(locale: Locale, name: string, accessUntil: string, subscribeUrl: string): Mail {
  return locale === 'en'
    ? {
      subject: 'Your Redaktion pass ends soon',
      text: `Hello ${name},\n\nYour pass gives you premium until ${day('en', accessUntil)}. It does not renew by itself.\n`
        + `To keep reading, buy a new pass or subscribe:\n\n${subscribeUrl}\n\nRedaktion`,
    }
    : {
      subject: 'Ditt pass hos Redaktion tar snart slut',
      text: `Hej ${name}!\n\nDitt pass ger dig premium till och med ${day('sv', accessUntil)}. Det förnyas inte av sig självt.\n`
        + `Vill du fortsätta läsa kan du köpa ett nytt pass eller prenumerera:\n\n${subscribeUrl}\n\nRedaktion`,
    };
}

export function trialEnding(locale: Locale, name: string, trialEnd: string, manageUrl: string): Mail {
  return locale === 'en'
    ? {
      subject: 'Your free Redaktion trial ends soon',
      text: `Hello ${name},\n\nYour free trial ends on ${day('en', trialEnd)}. Then your subscription starts and the first payment is taken.\n`
        + `If you do not want to continue, cancel before then in your account:\n\n${manageUrl}\n\nRedaktion`,
    }
    : {
      subject: 'Din gratisperiod hos Redaktion tar snart slut',
      text: `Hej ${name}!\n\nDin gratisperiod slutar ${day('sv', trialEnd)}. Då börjar din prenumeration och den första betalningen dras.\n`
        + `Vill du inte fortsätta kan du avsluta innan dess under ditt konto:\n\n${manageUrl}\n\nRedaktion`,
    };
}

import type { Locale } from './index';

/**
 * The words of sign-in by e-mailed code (contract §9 [revenue]): the login page's tab, the one-tap link's page, and
 * the code that confirms an act for an account without a password. `errors`: the words for the error codes only
 * these calls answer, by code, for `errorMessage` (pages/dashboard/form-fields.tsx).
 */
export interface CodeText {
  tab: string;
  askTitle: string;
  intro: string;
  send: string;
  enterTitle: string;
  sentTo: (email: string) => string;
  label: string;
  submit: string;
  resend: string;
  resent: (email: string) => string;
  otherAddress: string;
  sixDigits: string;
  failed: string;
  linkText: (email: string) => string;
  linkInvalid: string;
  requestNew: string;
  confirmHint: string;
  sentToAccount: (email: string) => string;
  errors: { invalid_code: string; code_locked: string };
}

/**
 * Apart from the catalogues (sv.ts, en.ts), which every page downloads: only the pages that sign in or confirm by code
 * import these (the reader routes' script budget has no room for them). The one-tap page's title stays in the
 * catalogues ('code.linkTitle'), since its route names it.
 */
const TEXT: Record<Locale, CodeText> = {
  sv: {
    tab: 'Mejla mig en kod',
    askTitle: 'Logga in med en kod',
    intro: 'Vi mejlar en sexsiffrig kod som loggar in dig, utan lösenord. Har adressen inget konto ännu skapas ett åt dig.',
    send: 'Mejla mig en kod',
    enterTitle: 'Ange koden',
    sentTo: (email) => `Om ${email} kan logga in med kod är en sexsiffrig kod på väg dit. Den gäller i 10 minuter.`,
    label: 'Kod från mejlet',
    submit: 'Logga in',
    resend: 'Skicka en ny kod',
    resent: (email) => `En ny kod är på väg till ${email}. Bara den senaste koden fungerar.`,
    otherAddress: 'Använd en annan adress',
    sixDigits: 'Koden är de sex siffrorna i mejlet',
    failed: 'Inloggningen misslyckades',
    linkText: (email) => `Logga in hos Redaktion som ${email}.`,
    linkInvalid: 'Länken är ofullständig. Be om en ny kod.',
    requestNew: 'Be om en ny kod',
    confirmHint: 'Ditt konto har inget lösenord: bekräfta med en kod som vi mejlar dig.',
    sentToAccount: (email) => `En kod är på väg till ${email}. Den gäller i 10 minuter.`,
    errors: {
      invalid_code: 'Koden är fel eller gäller inte längre. Be om en ny.',
      code_locked: 'För många felaktiga koder för adressen i dag. Försök igen i morgon, eller logga in med ditt lösenord.',
    },
  },
  en: {
    tab: 'E-mail me a code',
    askTitle: 'Sign in with a code',
    intro: 'We e-mail you a 6-digit code that signs you in, no password needed. If the address has no account yet, one is made for you.',
    send: 'E-mail me a code',
    enterTitle: 'Enter the code',
    sentTo: (email) => `If ${email} can sign in by code, a 6-digit code is on its way there. It is valid for 10 minutes.`,
    label: 'Code from the e-mail',
    submit: 'Sign in',
    resend: 'Send a new code',
    resent: (email) => `A new code is on its way to ${email}. Only the newest code works.`,
    otherAddress: 'Use another address',
    sixDigits: 'The code is the 6 digits from the e-mail',
    failed: 'Sign-in failed',
    linkText: (email) => `Sign in to Redaktion as ${email}.`,
    linkInvalid: 'This link is incomplete. Ask for a new code.',
    requestNew: 'Ask for a new code',
    confirmHint: 'Your account has no password: confirm with a code we e-mail you.',
    sentToAccount: (email) => `A code is on its way to ${email}. It is valid for 10 minutes.`,
    errors: {
      invalid_code: 'This code is wrong or no longer valid. Ask for a new one.',
      code_locked: 'Too many wrong codes for this address today. Try again tomorrow, or sign in with your password.',
    },
  },
};

export const codeText = (locale: Locale): CodeText => TEXT[locale];

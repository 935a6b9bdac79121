import type { Locale } from './index';

/** The words of the metered paywall, the registration wall and gift links (contract §9 [revenue]). */
export interface PaywallText {
  left: (n: number, limit: number) => string;
  wallTitle: string;
  wallText: (n: number) => string;
  register: string;
  usedTitle: (n: number) => string;
  usedText: string;
  giftOpen: string;
  giftExpired: string;
  give: string;
  giveHint: (n: number) => string;
  giving: string;
  given: string;
  givenText: (n: number) => string;
  giveFailed: string;
  shareTitle: (title: string) => string;
  giftsTitle: string;
  giftsNone: string;
  giftOpens: (n: number) => string;
  giftExpires: (date: string) => string;
  giftEnded: string;
  revoke: string;
  revokeLabel: (title: string) => string;
  revoked: string;
}

/**
 * Apart from the catalogues (sv.ts, en.ts), which every page downloads: only a premium article's access chunk and the
 * dashboard's gift links import these (the article route's script budget has no room for them).
 */
const TEXT: Record<Locale, PaywallText> = {
  sv: {
    left: (n, limit) => (n === 0 ? `Det här var din sista av ${limit} fria premiumartiklar den här månaden.`
      : `Du har ${n} av ${limit} fria premiumartiklar kvar den här månaden.`),
    wallTitle: 'Registrera dig för att läsa vidare',
    wallText: (n) => `Skapa ett gratis konto och läs ${n} premiumartiklar i månaden. Prenumerera för att läsa allt.`,
    register: 'Skapa gratis konto',
    usedTitle: (n) => `Du har läst dina ${n} fria premiumartiklar den här månaden`,
    usedText: 'Prenumerera för att läsa vidare. Nya fria artiklar får du den 1:a nästa månad.',
    giftOpen: 'En prenumerant har gett dig den här artikeln: läs den i sin helhet.',
    giftExpired: 'Presentlänken fungerar inte längre (den har gått ut, återkallats eller öppnats för många gånger).',
    give: 'Ge bort artikeln',
    giveHint: (n) => `Vem som helst kan läsa den via länken i 14 dagar. Du har ${n} presentlänkar kvar den här månaden.`,
    giving: 'Skapar länk…',
    given: 'Presentlänken är kopierad',
    givenText: (n) => `Klistra in den där du vill dela den. ${n} presentlänkar kvar den här månaden.`,
    giveFailed: 'Kunde inte skapa presentlänken',
    shareTitle: (title) => `En artikel till dig: ${title}`,
    giftsTitle: 'Presentlänkar',
    giftsNone: 'Du har inte gett bort några artiklar än. Som prenumerant kan du ge bort premiumartiklar från artikelsidan.',
    giftOpens: (n) => (n === 1 ? 'Öppnad 1 gång' : `Öppnad ${n} gånger`),
    giftExpires: (date) => `Fungerar till ${date}`,
    giftEnded: 'Fungerar inte längre',
    revoke: 'Återkalla',
    revokeLabel: (title) => `Återkalla presentlänken till ”${title}”`,
    revoked: 'Presentlänken är återkallad',
  },
  en: {
    left: (n, limit) => (n === 0 ? `This was the last of your ${limit} free premium articles this month.`
      : `You have ${n} of ${limit} free premium articles left this month.`),
    wallTitle: 'Register to keep reading',
    wallText: (n) => `Create a free account and read ${n} premium articles a month. Subscribe to read them all.`,
    register: 'Create a free account',
    usedTitle: (n) => `You have read your ${n} free premium articles this month`,
    usedText: 'Subscribe to read on. Your next free articles come on the 1st of next month.',
    giftOpen: 'A subscriber has given you this article: read it in full.',
    giftExpired: 'This gift link no longer works (it has expired, been revoked or been opened too often).',
    give: 'Give this article',
    giveHint: (n) => `Anyone can read it through the link for 14 days. You have ${n} gift links left this month.`,
    giving: 'Making the link…',
    given: 'Gift link copied',
    givenText: (n) => `Paste it wherever you want to share it. ${n} gift links left this month.`,
    giveFailed: 'Could not make the gift link',
    shareTitle: (title) => `An article for you: ${title}`,
    giftsTitle: 'Gift links',
    giftsNone: 'You have not given any articles yet. As a subscriber you can give premium articles from their page.',
    giftOpens: (n) => (n === 1 ? 'Opened once' : `Opened ${n} times`),
    giftExpires: (date) => `Works until ${date}`,
    giftEnded: 'No longer works',
    revoke: 'Revoke',
    revokeLabel: (title) => `Revoke the gift link to “${title}”`,
    revoked: 'Gift link revoked',
  },
};

export const paywallText = (locale: Locale): PaywallText => TEXT[locale];

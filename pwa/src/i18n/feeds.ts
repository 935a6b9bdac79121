import type { Locale } from './index';

/** The words of the dashboard's private podcast feeds: a subscriber's own feed addresses, premium episodes included. */
export interface FeedsText {
  title: string;
  intro: string;
  forSubscribers: string;
  subscribe: string;
  address: (title: string) => string;
  copy: (title: string) => string;
  openIn: (app: string) => string;
  rotate: string;
  rotateText: string;
  rotateConfirm: string;
  rotated: string;
}

/**
 * Apart from the catalogues (sv.ts, en.ts), which every page downloads: only the dashboard's private feeds import
 * these (the reader routes' script budget has no room for them).
 */
const TEXT: Record<Locale, FeedsText> = {
  sv: {
    title: 'Privata poddflöden',
    intro: 'Dina egna flödesadresser, med premiumavsnitten: lägg till en i din poddapp. Dela dem inte.',
    forSubscribers: 'Prenumeranter får privata flöden med alla premiumavsnitt till sin poddapp.',
    subscribe: 'Prenumerera',
    address: (title) => `Flödesadress för ${title}`,
    copy: (title) => `Kopiera flödesadressen för ${title}`,
    openIn: (app) => `Öppna i ${app}`,
    rotate: 'Skapa nya flödesadresser',
    rotateText: 'Delat en adress av misstag? Nya adresser stoppar de gamla direkt; lägg till de nya i dina appar igen.',
    rotateConfirm: 'De gamla flödesadresserna slutar fungera direkt. Skapa nya?',
    rotated: 'Nya flödesadresser skapade',
  },
  en: {
    title: 'Private podcast feeds',
    intro: 'Your own feed addresses, premium episodes included: add one to your podcast app. Keep them to yourself.',
    forSubscribers: 'Subscribers get private feeds with every premium episode for their podcast app.',
    subscribe: 'Subscribe',
    address: (title) => `Feed address of ${title}`,
    copy: (title) => `Copy the feed address of ${title}`,
    openIn: (app) => `Open in ${app}`,
    rotate: 'Make new feed addresses',
    rotateText: 'Shared an address by mistake? New addresses stop the old ones at once; add the new ones to your apps again.',
    rotateConfirm: 'The old feed addresses will stop working at once. Make new ones?',
    rotated: 'New feed addresses made',
  },
};

export const feedsText = (locale: Locale): FeedsText => TEXT[locale];

import type { Locale } from './index';

/** The words of the dashboard's personal access tokens (contract.md §8), which the desktop app and curl sign in with. */
export interface TokensText {
  title: string;
  intro: string;
  name: string;
  namePlaceholder: string;
  nameRequired: string;
  create: string;
  createdTitle: (name: string) => string;
  createdHint: string;
  copy: string;
  copied: string;
  copyFailed: string;
  done: string;
  empty: string;
  created: (date: string) => string;
  lastUsed: (date: string) => string;
  neverUsed: string;
  revoke: string;
  revokeNamed: (name: string) => string;
  confirmRevoke: (name: string) => string;
  revoked: string;
  list: string;
}

/**
 * Apart from the catalogues (sv.ts, en.ts), which every page downloads: only the dashboard's tokens panel imports
 * these (the reader routes' script budget has no room for them).
 */
const TEXT: Record<Locale, TokensText> = {
  sv: {
    title: 'Åtkomsttoken',
    intro: 'En token låter skrivbordsappen eller ett skript (curl) agera som du, med din roll, utan ditt lösenord. Återkalla den du inte längre använder.',
    name: 'Namn på token',
    namePlaceholder: 't.ex. Skrivbordsappen på min laptop',
    nameRequired: 'Ange ett namn på token',
    create: 'Skapa token',
    createdTitle: (name) => `Din nya token ”${name}”`,
    createdHint: 'Kopiera den nu: den visas bara den här gången.',
    copy: 'Kopiera',
    copied: 'Token kopierad till urklipp',
    copyFailed: 'Token kunde inte kopieras: markera den och kopiera för hand',
    done: 'Jag har sparat den',
    empty: 'Du har inga token.',
    created: (date) => `Skapad ${date}`,
    lastUsed: (date) => `senast använd ${date}`,
    neverUsed: 'aldrig använd',
    revoke: 'Återkalla',
    revokeNamed: (name) => `Återkalla ${name}`,
    confirmRevoke: (name) => `Återkalla ”${name}”? Det som använder den slutar fungera direkt.`,
    revoked: 'Token återkallad',
    list: 'Dina token',
  },
  en: {
    title: 'Access tokens',
    intro: 'A token lets the desktop app or a script (curl) act as you, with your role, without your password. Revoke one you no longer use.',
    name: 'Token name',
    namePlaceholder: 'e.g. Desktop app on my laptop',
    nameRequired: 'Token name is required',
    create: 'Create token',
    createdTitle: (name) => `Your new token “${name}”`,
    createdHint: 'Copy it now: it is shown only this once.',
    copy: 'Copy',
    copied: 'Token copied to the clipboard',
    copyFailed: 'Could not copy the token: select it and copy it by hand',
    done: 'I have saved it',
    empty: 'You have no tokens.',
    created: (date) => `Created ${date}`,
    lastUsed: (date) => `last used ${date}`,
    neverUsed: 'never used',
    revoke: 'Revoke',
    revokeNamed: (name) => `Revoke ${name}`,
    confirmRevoke: (name) => `Revoke “${name}”? Anything using it stops working at once.`,
    revoked: 'Token revoked',
    list: 'Your tokens',
  },
};

export const tokensText = (locale: Locale): TokensText => TEXT[locale];

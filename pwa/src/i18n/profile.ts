import type { Locale } from './index';

/** The words of the dashboard's profile page: the reader's details, their password, their data and the deletion. */
export interface ProfileText {
  title: string;
  firstName: string;
  lastName: string;
  bio: string;
  location: string;
  website: string;
  save: string;
  updated: string;
  emailNeedsPassword: string;
  details: string;
  changePassword: string;
  currentPassword: string;
  passwordChanged: string;
  passwordFailed: string;
  passwordRequired: string;
  yourData: string;
  exportText: string;
  export: string;
  deleteTitle: string;
  deleteText: string;
  deleteButton: string;
  deleted: string;
  deleteFailed: string;
}

/**
 * Apart from the catalogues (sv.ts, en.ts), which every page downloads: only the profile page imports these (the
 * reader routes' script budget has no room for them). 'profile.updateFailed' stays in the catalogues: the device's
 * outbox says it too, when an edit it kept is refused.
 */
const TEXT: Record<Locale, ProfileText> = {
  sv: {
    title: 'Redigera profil',
    firstName: 'Förnamn',
    lastName: 'Efternamn',
    bio: 'Om mig',
    location: 'Ort',
    website: 'Webbplats',
    save: 'Spara ändringar',
    updated: 'Profilen har uppdaterats',
    emailNeedsPassword: 'För att byta e-postadress behövs ditt nuvarande lösenord.',
    details: 'Personuppgifter',
    changePassword: 'Byt lösenord',
    currentPassword: 'Nuvarande lösenord',
    passwordChanged: 'Lösenordet har bytts',
    passwordFailed: 'Det gick inte att byta lösenord',
    passwordRequired: 'Lösenord krävs',
    yourData: 'Dina uppgifter',
    exportText: 'Ladda ner allt vi sparar om ditt konto som en JSON-fil.',
    export: 'Ladda ner mina uppgifter',
    deleteTitle: 'Radera konto',
    deleteText: 'Ditt konto tas bort för gott. Bekräfta med ditt lösenord (ett konto utan lösenord: med en kod som vi mejlar dig).',
    deleteButton: 'Radera mitt konto',
    deleted: 'Kontot har raderats',
    deleteFailed: 'Det gick inte att radera kontot',
  },
  en: {
    title: 'Edit profile',
    firstName: 'First name',
    lastName: 'Last name',
    bio: 'Bio',
    location: 'Location',
    website: 'Website',
    save: 'Save changes',
    updated: 'Profile Updated',
    emailNeedsPassword: 'Changing your e-mail address needs your current password.',
    details: 'Personal details',
    changePassword: 'Change password',
    currentPassword: 'Current password',
    passwordChanged: 'Password changed',
    passwordFailed: 'Password change failed',
    passwordRequired: 'Password is required',
    yourData: 'Your data',
    exportText: 'Download everything we store about your account as a JSON file.',
    export: 'Download my data',
    deleteTitle: 'Delete account',
    deleteText: 'This removes your account for good. Confirm with your password (an account without one: with a code we e-mail you).',
    deleteButton: 'Delete my account',
    deleted: 'Account deleted',
    deleteFailed: 'Deletion failed',
  },
};

export const profileText = (locale: Locale): ProfileText => TEXT[locale];

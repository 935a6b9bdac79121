import type { Locale } from './index';

/** The words of following a series (its button) and of auto-download (the settings' group). */
export interface AutoDownloadText {
  follow: string;
  alertsOff: string;
  alertsDenied: string;
  alertsUnsupported: string;
  turnOnAlerts: string;
  failed: string;
  title: string;
  intro: string;
  on: string;
  keep: string;
  keepNote: string;
  unmetered: string;
  unmeteredUnknown: string;
  short: (free: string | null) => string;
}

/**
 * Apart from the catalogues (sv.ts, en.ts), which every page downloads: only the series and episode pages (Follow)
 * and the dashboard's settings import these.
 */
const TEXT: Record<Locale, AutoDownloadText> = {
  sv: {
    follow: 'Följ serien',
    alertsOff: 'Du följer serien, men notiser om nya avsnitt är avstängda på den här enheten.',
    alertsDenied: 'Du följer serien, men notiser är blockerade för webbplatsen i webbläsarens inställningar, så de är avstängda på den här enheten.',
    alertsUnsupported: 'Du följer serien. Den här webbläsaren kan inte visa notiser, så de är avstängda på den här enheten.',
    turnOnAlerts: 'Slå på notiser här',
    failed: 'Det gick inte att ändra. Försök igen.',
    title: 'Automatisk nedladdning',
    intro: 'Gäller den här enheten: nya avsnitt av serier du följer laddas ned av sig själva, så att du kan lyssna utan nät.',
    on: 'Ladda ned nya avsnitt automatiskt',
    keep: 'Avsnitt att behålla per serie',
    keepNote: 'De senaste avsnitten behålls. Avsnitt du har lyssnat klart tas bort efter 7 dagar. Det du själv har sparat tas aldrig bort.',
    unmetered: 'Bara på wifi',
    unmeteredUnknown: 'Den här webbläsaren kan inte skilja wifi från mobildata, så den laddar ned på alla anslutningar.',
    short: (free) => (free
      ? `Automatisk nedladdning har pausats: enheten har för lite lagringsutrymme kvar (${free} ledigt). Ta bort nedladdningar för att göra plats.`
      : 'Automatisk nedladdning har pausats: webbläsaren ger inte webbplatsen mer lagringsutrymme. Ta bort nedladdningar för att göra plats.'),
  },
  en: {
    follow: 'Follow series',
    alertsOff: 'You follow this series, but alerts about new episodes are off on this device.',
    alertsDenied: 'You follow this series, but notifications are blocked for this site in the browser settings, so alerts are off on this device.',
    alertsUnsupported: 'You follow this series. This browser cannot show alerts, so they are off on this device.',
    turnOnAlerts: 'Turn on alerts here',
    failed: 'That could not be changed. Try again.',
    title: 'Auto-download',
    intro: 'On this device: new episodes of the series you follow download by themselves, so you can listen offline.',
    on: 'Download new episodes automatically',
    keep: 'Episodes to keep per series',
    keepNote: 'The newest episodes are kept. Episodes you have finished are removed after 7 days. What you saved yourself is never removed.',
    unmetered: 'Only on Wi-Fi',
    unmeteredUnknown: 'This browser cannot tell Wi-Fi from mobile data, so it downloads on any connection.',
    short: (free) => (free
      ? `Auto-download is paused: this device is running short of storage (${free} free). Remove downloads to make room.`
      : 'Auto-download is paused: the browser allows this site no more storage. Remove downloads to make room.'),
  },
};

export const autoDownloadText = (locale: Locale): AutoDownloadText => TEXT[locale];

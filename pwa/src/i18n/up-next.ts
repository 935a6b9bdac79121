import type { Locale } from './index';

/** The words of Up Next (the queue's list and its announcements) and of the sleep timer. */
export interface UpNextText {
  add: string;
  queued: string;
  addLabel: (title: string) => string;
  removeLabel: (title: string) => string;
  title: string;
  open: (n: number) => string;
  empty: string;
  loading: string;
  move: (title: string) => string;
  instructions: string;
  pickedUp: (title: string, position: number, total: number) => string;
  movedTo: (title: string, position: number, total: number) => string;
  dropped: (title: string, position: number, total: number) => string;
  cancelled: (title: string) => string;
  added: string;
  removed: string;
  failed: string;
  locked: string;
  sleep: string;
  sleepOff: string;
  sleepMinutes: (n: number) => string;
  sleepEpisode: string;
  sleepLeft: (time: string) => string;
  sleepAtEnd: string;
  sleepCancel: string;
}

/**
 * Apart from the catalogues (sv.ts, en.ts), which every page downloads: only Up Next's own chunks import these (the
 * queue buttons, the player's extras and the list), which no reader route loads on its first screen (the script budget
 * has no room for them).
 */
const TEXT: Record<Locale, UpNextText> = {
  sv: {
    add: 'Lägg i kön',
    queued: 'I kön',
    addLabel: (title) => `Lägg i kön: ${title}`,
    removeLabel: (title) => `Ta bort ur kön: ${title}`,
    title: 'Kön',
    open: (n) => `Kön (${n})`,
    empty: 'Kön är tom. Lägg till avsnitt med + på ett avsnitt eller med Lägg i kön på avsnittets sida.',
    loading: 'Läser in kön…',
    move: (title) => `Flytta ${title}`,
    instructions: 'Tryck på blanksteg eller Enter för att lyfta avsnittet, flytta det med pil upp och pil ned och släpp det med blanksteg eller Enter. Escape avbryter.',
    pickedUp: (title, position, total) => `${title} lyft, plats ${position} av ${total}.`,
    movedTo: (title, position, total) => `${title} flyttat till plats ${position} av ${total}.`,
    dropped: (title, position, total) => `${title} släppt på plats ${position} av ${total}.`,
    cancelled: (title) => `Flytten avbröts. ${title} ligger kvar på sin plats.`,
    added: 'Lagt i kön',
    removed: 'Borttaget ur kön',
    failed: 'Kön kunde inte ändras på den här enheten',
    locked: 'För prenumeranter: hoppas över',
    sleep: 'Insomningstimer',
    sleepOff: 'Av',
    sleepMinutes: (n) => `${n} minuter`,
    sleepEpisode: 'När avsnittet är slut',
    sleepLeft: (time) => `Stängs av om ${time}`,
    sleepAtEnd: 'Stängs av när avsnittet är slut',
    sleepCancel: 'Stäng av insomningstimern',
  },
  en: {
    add: 'Add to Up Next',
    queued: 'In Up Next',
    addLabel: (title) => `Add to Up Next: ${title}`,
    removeLabel: (title) => `Remove from Up Next: ${title}`,
    title: 'Up Next',
    open: (n) => `Up Next (${n})`,
    empty: 'Up Next is empty. Add episodes with + on an episode or with Add to Up Next on its page.',
    loading: 'Loading Up Next…',
    move: (title) => `Move ${title}`,
    instructions: 'Press Space or Enter to pick up the episode, move it with the up and down arrow keys and drop it with Space or Enter. Escape cancels.',
    pickedUp: (title, position, total) => `Picked up ${title}, position ${position} of ${total}.`,
    movedTo: (title, position, total) => `${title} moved to position ${position} of ${total}.`,
    dropped: (title, position, total) => `${title} dropped at position ${position} of ${total}.`,
    cancelled: (title) => `Move cancelled. ${title} stays where it was.`,
    added: 'Added to Up Next',
    removed: 'Removed from Up Next',
    failed: 'Up Next could not be changed on this device',
    locked: 'For subscribers: skipped',
    sleep: 'Sleep timer',
    sleepOff: 'Off',
    sleepMinutes: (n) => `${n} minutes`,
    sleepEpisode: 'End of episode',
    sleepLeft: (time) => `Stops in ${time}`,
    sleepAtEnd: 'Stops at the end of the episode',
    sleepCancel: 'Cancel sleep timer',
  },
};

export const upNextText = (locale: Locale): UpNextText => TEXT[locale];

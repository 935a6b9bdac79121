/** Runs work the reader is not waiting for once the browser has nothing better to do. */
export function whenIdle(work: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(work, { timeout: 3000 });
  else setTimeout(work, 200);
}

/** Runs work once the page has finished loading and then the browser is idle: never in the first screen's way. */
export function afterLoadWhenIdle(work: () => void): void {
  if (document.readyState === 'complete') whenIdle(work);
  else window.addEventListener('load', () => whenIdle(work), { once: true });
}

/** How long after loading a reader who does nothing is still looking at the first screen. */
const FIRST_SCREEN_MS = 10_000;
const waiting: (() => void)[] = [];
let pastFirstScreen = false;

function leaveFirstScreen(): void {
  if (pastFirstScreen) return;
  pastFirstScreen = true;
  for (const work of waiting.splice(0)) whenIdle(work);
}

/** Whether the reader is still on the first screen (see afterFirstScreen). */
export const onFirstScreen = (): boolean => !pastFirstScreen;

/**
 * Runs work the first screen does not need (the device's storage: Dexie and IndexedDB) once the reader is past it:
 * at their first tap, key, or scroll, when the network goes, or at idle ten seconds after loading. Neither its
 * download nor its main-thread time competes with the page the reader is opening.
 */
export function afterFirstScreen(work: () => void): void {
  if (pastFirstScreen) return whenIdle(work);
  waiting.push(work);
  if (waiting.length > 1) return;
  for (const event of ['pointerdown', 'keydown', 'scroll', 'touchstart', 'offline']) {
    window.addEventListener(event, leaveFirstScreen, { once: true, passive: true, capture: true });
  }
  afterLoadWhenIdle(() => setTimeout(leaveFirstScreen, FIRST_SCREEN_MS));
}

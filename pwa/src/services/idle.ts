let leaving = false;

/**
 * The page is about to reload into a new version (offline/service-worker.ts): work still waiting for idle time is
 * dropped, as it would only start requests that the departing page never uses and that hold the new version back.
 */
export function dropDeferredWork(): void {
  leaving = true;
}

/** Runs work the reader is not waiting for once the browser has nothing better to do. */
export function whenIdle(work: () => void): void {
  const run = () => void (leaving || work());
  if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 3000 });
  else setTimeout(run, 200);
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
  for (const event of LEAVING_EVENTS) window.removeEventListener(event, onActivity, { capture: true });
  for (const work of waiting.splice(0)) whenIdle(work);
}

/**
 * What a control that takes the reader off this page carries (the Reload into a new version): a tap on it does not
 * end the first screen, or the work kept from it would start just as the page goes.
 */
export const leavesPage = { 'data-leaves-page': '' } as const;
const LEAVING_EVENTS = ['pointerdown', 'keydown', 'scroll', 'touchstart', 'offline'];

function onActivity(event: Event): void {
  if (event.target instanceof Element && event.target.closest('[data-leaves-page]')) return;
  leaveFirstScreen();
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
  for (const event of LEAVING_EVENTS) window.addEventListener(event, onActivity, { passive: true, capture: true });
  afterLoadWhenIdle(() => setTimeout(leaveFirstScreen, FIRST_SCREEN_MS));
}

import { registerSW } from 'virtual:pwa-register';
import { useUpdate } from './update';

/**
 * Registers the service worker (src/sw.ts). A new version waits until the reader says "Reload";
 * then it takes over and the page reloads once.
 *
 * Reload asks the waiting version to take over only once `settle` has loaded what the page would otherwise fetch in
 * that moment: the offline code, which the reader's first tap asks for, and that tap may be on Reload. Chromium stops
 * the old version when the new one skips waiting, and activates the new one once it has stopped; a request from the
 * page in between starts the old version again, which then stops only after its usual 30 s idle (with DevTools
 * attached never, so Chromium's 5-minute limit), and the reload waits that long. Asking again to skip waiting changes
 * nothing: Chromium acts on the first request only.
 */
export function registerServiceWorker(settle: () => Promise<unknown>): void {
  if (!('serviceWorker' in navigator)) return;
  const update = registerSW({
    immediate: true,
    onNeedRefresh: () => useUpdate.getState().offer(() => void settle().catch(() => undefined).then(() => update(true))),
  });
}

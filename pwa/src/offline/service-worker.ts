import { registerSW } from 'virtual:pwa-register';
import { dropDeferredWork } from '../services/idle';
import { useUpdate } from './update';

/**
 * Registers the service worker (src/sw.ts). A new version waits until the reader says "Reload";
 * then it takes over and the page reloads once.
 *
 * Reload drops the work the page deferred to idle time before it asks the waiting version to take over: the reader's
 * tap on Reload is also their first tap, which sets off the work kept from the first screen (the device's storage,
 * the library's sync, the figures), and its requests would come just as the new version takes over. Chromium stops
 * the old version when the new one skips waiting, and activates the new one once it has stopped; a request from the
 * page in between starts the old version again, which then stops only after its usual 30 s idle (with DevTools
 * attached never, so Chromium's 5-minute limit), and the reload waits that long. Asking again to skip waiting changes
 * nothing: Chromium acts on the first request only.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const update = registerSW({
    immediate: true,
    onNeedRefresh: () => useUpdate.getState().offer(() => {
      dropDeferredWork();
      void update(true);
    }),
  });
}

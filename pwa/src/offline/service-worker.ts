import { registerSW } from 'virtual:pwa-register';
import { useUpdate } from './update';

/**
 * Registers the service worker (src/sw.ts). A new version waits until the reader says "Reload";
 * then it takes over and the page reloads once.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const update = registerSW({
    immediate: true,
    onNeedRefresh: () => useUpdate.getState().offer(() => void update(true)),
  });
}

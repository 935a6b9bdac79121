import type { BrowserContext, Page } from 'playwright-core';
import type { BrowserSubscription, startPushService } from '../../api/test/stand-ins/push-service.js';

/**
 * With no internet the browser cannot register with its vendor's push service, so the page's PushManager hands
 * out a subscription at the test's push service instead (kept across page loads, as the browser's is).
 */
export async function withStandInPush(context: BrowserContext, subscription: BrowserSubscription): Promise<void> {
  await context.addInitScript((json) => {
    const KEY = 'e2e.pushSubscription';
    const made = () => ({
      endpoint: json.endpoint, expirationTime: null, toJSON: () => json,
      unsubscribe: async () => { localStorage.removeItem(KEY); return true; },
    });
    PushManager.prototype.getSubscription = async () => (localStorage.getItem(KEY) ? made() : null) as unknown as PushSubscription;
    PushManager.prototype.subscribe = async () => {
      localStorage.setItem(KEY, 'yes');
      localStorage.setItem('e2e.subscribeCalls', String(Number(localStorage.getItem('e2e.subscribeCalls') ?? 0) + 1));
      return made() as unknown as PushSubscription;
    };
  }, subscription.json);
}

/** A device whose reader allowed notifications, subscribed at the test's push service. */
export async function pushingDevice(context: BrowserContext, pushService: Awaited<ReturnType<typeof startPushService>>, origin: string): Promise<BrowserSubscription> {
  await context.grantPermissions(['notifications'], { origin });
  const device = pushService.subscribe();
  await withStandInPush(context, device);
  return device;
}

/** Hands a message to the page's service worker as its push service would (DevTools protocol). */
export async function deliverPush(page: Page, data: unknown): Promise<void> {
  const origin = new URL(page.url()).origin;
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const cdp = await page.context().newCDPSession(page);
  const registration = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
      const found = registrations.find((entry) => !entry.isDeleted && entry.scopeURL.startsWith(origin));
      if (found) resolve(found.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registration, data: JSON.stringify(data) });
}

/** The notifications the page's service worker shows. */
export const shownNotifications = (page: Page) => page.evaluate(async () =>
  (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, lang: n.lang, data: n.data as unknown })));

import type { ProfileUpdateInput } from '@redaktion/shared';
import { ApiError } from '@redaktion/shared/client';
import type { AppServices } from '../services/context';
import { translator } from '../i18n';
import { toast } from '../state/toasts';

/**
 * Writes made with no network wait here (IndexedDB) and go out when it returns, in the order they were made.
 * Only the profile edit queues: it is the reader's own data and a later edit simply wins.
 */
export async function queueProfileEdit({ device }: AppServices, userId: number, body: ProfileUpdateInput): Promise<void> {
  if (!device) throw new Error('No device storage');
  await (await device.open()).outbox.add({ kind: 'profile', userId, body, createdAt: Date.now() });
}

/** In the first seconds after the network returns a request may still fail: tries again, a second apart and more. */
const RETRY_MS = 1_000;
const RETRY_MAX_MS = 30_000;

let running: Promise<void> | null = null;
let again = false;
let retry: ReturnType<typeof setTimeout> | undefined;
let retries = 0;

/**
 * Sends what waits, in order. A call made while a send is under way is not dropped: that send runs once more when it
 * ends, so a network that returns mid-send (or a second reconnect) always gets its own try.
 */
export function flushOutbox(services: AppServices, { retrying = false } = {}): Promise<void> {
  // A reconnect or a new page starts the back-off afresh.
  if (!retrying) retries = 0;
  if (running) {
    again = true;
    return running;
  }
  clearTimeout(retry);
  running = (async () => {
    do {
      again = false;
      await sendWaiting(services);
    } while (again);
  })().finally(() => {
    running = null;
  });
  return running;
}

async function sendWaiting(services: AppServices): Promise<void> {
  const { device, api, session, settings } = services;
  if (!device) return;
  const t = translator(settings.getState().locale);
  try {
    const db = await device.open();
    const items = await db.outbox.orderBy('createdAt').toArray();
    let sent = 0;
    for (const item of items) {
      // An edit waits for the account that made it; another account signed in here never receives it.
      if (item.userId !== session.getState().user?.id) continue;
      try {
        session.getState().setUser(await api.updateProfile(item.body as ProfileUpdateInput));
        sent += 1;
      } catch (error) {
        // Still no network: try again shortly while the browser says it is online (backing off to every 30 s), and
        // in any case when it next comes back. A refusal (signed out, invalid): the edit cannot land; say so.
        if (!(error instanceof ApiError)) {
          if (navigator.onLine) {
            retry = setTimeout(() => void flushOutbox(services, { retrying: true }), Math.min(RETRY_MS * 2 ** retries, RETRY_MAX_MS));
            retries += 1;
          }
          return;
        }
        toast(t('profile.updateFailed'), error.serverMessage, 'destructive');
      }
      await db.outbox.delete(item.id!);
    }
    retries = 0;
    if (sent > 0) toast(t('offline.sent'), t('offline.sentText'));
  } catch {
    /* storage unavailable: nothing was queued */
  }
}

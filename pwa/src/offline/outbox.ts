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

let flushing = false;
/** In the first seconds after the network returns a request may still fail: so many tries, a second apart and more. */
const NETWORK_RETRIES = 4;
const RETRY_MS = 1_000;

export async function flushOutbox(services: AppServices, attempt = 0): Promise<void> {
  const { device, api, session, settings } = services;
  if (!device || flushing) return;
  flushing = true;
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
        // Still no network: try again shortly, then when it next returns. A refusal (signed out, invalid): the edit
        // cannot land; say so.
        if (!(error instanceof ApiError)) {
          if (attempt < NETWORK_RETRIES) setTimeout(() => void flushOutbox(services, attempt + 1), RETRY_MS * 2 ** attempt);
          return;
        }
        toast(t('profile.updateFailed'), error.serverMessage, 'destructive');
      }
      await db.outbox.delete(item.id!);
    }
    if (sent > 0) toast(t('offline.sent'), t('offline.sentText'));
  } catch {
    /* storage unavailable: nothing was queued */
  } finally {
    flushing = false;
  }
}

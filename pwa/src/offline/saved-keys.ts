import { create } from 'zustand';
import { afterFirstScreen } from '../services/idle';
import type { Device } from '../device/device';

/**
 * Which articles and profiles are saved, for every Save button on a page at once: one live query on the
 * device's database instead of one per card, started after the first screen so that it never competes with it.
 */
interface SavedKeysState { keys: ReadonlySet<string> }

export const useSavedKeys = create<SavedKeysState>(() => ({ keys: new Set() }));

let watching = false;

export function watchSavedKeys(device: Device): void {
  if (watching) return;
  watching = true;
  afterFirstScreen(() => {
    void Promise.all([import('dexie'), device.open()]).then(([{ liveQuery }, db]) => {
      liveQuery(() => db.saved.toCollection().primaryKeys()).subscribe({
        next: (keys) => useSavedKeys.setState({ keys: new Set(keys) }),
        error: () => undefined,
      });
    });
  });
}

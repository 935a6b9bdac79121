import { useEffect, useState } from 'react';
import { useServices } from '../services/context';
import type { DeviceDb } from '../device/db';

/**
 * A value read from the device's database that follows every change to it (Dexie's liveQuery), so a Save on
 * one screen shows on every other at once. `undefined` while loading and on the server, which has no device.
 */
export function useDeviceQuery<T>(query: (db: DeviceDb) => Promise<T>, deps: unknown[]): T | undefined {
  const { device } = useServices();
  const [value, setValue] = useState<T | undefined>(undefined);
  useEffect(() => {
    if (!device) return;
    let subscription: { unsubscribe(): void } | null = null;
    let live = true;
    void Promise.all([import('dexie'), device.open()]).then(([{ liveQuery }, db]) => {
      if (live) subscription = liveQuery(() => query(db)).subscribe({ next: setValue, error: () => setValue(undefined) });
    });
    return () => {
      live = false;
      subscription?.unsubscribe();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the query is rebuilt from deps
  }, [device, ...deps]);
  return value;
}

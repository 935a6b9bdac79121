import { describe, expect, it } from 'vitest';
import { createBridge } from './bridge.js';

/** Electron's ipcRenderer as the bridge sees it: what was invoked, and the listeners it holds. */
function fakeElectron() {
  const invoked: [string, unknown][] = [];
  const listeners = new Map<string, Set<(event: unknown, ...args: unknown[]) => void>>();
  return {
    invoked,
    listeners,
    electron: {
      ipcRenderer: {
        invoke: async (channel: string, request: unknown) => { invoked.push([channel, request]); return { ok: true }; },
        on: (channel: string, listener: (event: unknown, ...args: unknown[]) => void) => listeners.set(channel, (listeners.get(channel) ?? new Set()).add(listener)),
        removeListener: (channel: string, listener: (event: unknown, ...args: unknown[]) => void) => listeners.get(channel)?.delete(listener),
      },
      webUtils: { getPathForFile: (file: File) => `/home/anna/Videos/${file.name}` },
    },
  };
}

describe('the preload bridge', () => {
  it('passes known messages to the main process and refuses others before they leave the page', async () => {
    const { electron, invoked } = fakeElectron();
    const bridge = createBridge(electron);
    expect(await bridge.call('uploads:add', { paths: ['/v/a.mp4'] })).toEqual({ ok: true });
    await expect(bridge.call('shell:openPath' as 'uploads:list', {})).rejects.toThrow('Unknown message shell:openPath');
    expect(invoked).toEqual([['uploads:add', { paths: ['/v/a.mp4'] }]]);
    expect(bridge.pathForFile(new File([], 'intervju.mp4'))).toBe('/home/anna/Videos/intervju.mp4');
  });

  it('hands the queue to the page on every change until the page stops listening', () => {
    const { electron, listeners } = fakeElectron();
    const seen: unknown[] = [];
    const stop = createBridge(electron).onUploads((snapshot) => seen.push(snapshot));
    for (const listener of listeners.get('uploads:changed')!) listener({ sender: 'main' }, { pending: 2 });
    stop();
    expect(seen).toEqual([{ pending: 2 }]);
    expect(listeners.get('uploads:changed')!.size).toBe(0);
  });
});

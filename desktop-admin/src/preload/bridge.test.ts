import { describe, expect, it } from 'vitest';
import { createBridge, reportDrops } from './bridge.js';

/** Electron's ipcRenderer as the bridge sees it: what was invoked, and the listeners it holds. */
function fakeElectron() {
  const invoked: [string, unknown][] = [];
  const sent: [string, unknown][] = [];
  const listeners = new Map<string, Set<(event: unknown, ...args: unknown[]) => void>>();
  return {
    invoked,
    sent,
    listeners,
    electron: {
      ipcRenderer: {
        invoke: async (channel: string, request: unknown) => { invoked.push([channel, request]); return { ok: true }; },
        send: (channel: string, report: unknown) => { sent.push([channel, report]); },
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

  it('reports to the main process the paths of what the user dropped, and nothing a script dispatched', () => {
    const { electron, sent } = fakeElectron();
    const listening: [string, (event: Event) => void, unknown][] = [];
    reportDrops({ addEventListener: (...args: unknown[]) => listening.push(args as (typeof listening)[number]) }, electron);
    // It hears the drop on its way down, before the page's own handler asks to queue the files.
    expect(listening.map(([type, , options]) => [type, options])).toEqual([['drop', { capture: true }]]);
    const [[, heard]] = listening as [[string, (event: Event) => void, unknown]];
    const dataTransfer = { files: [new File([], 'intervju.mp4'), new File([], 'Valvakan')] };
    // A drop a script made (with a DataTransfer of its own) is not the user's: the browser marks only real ones trusted.
    heard({ type: 'drop', isTrusted: false, dataTransfer } as unknown as Event);
    expect(sent).toEqual([]);
    heard({ type: 'drop', isTrusted: true, dataTransfer } as unknown as Event);
    expect(sent).toEqual([['files:dropped', ['/home/anna/Videos/intervju.mp4', '/home/anna/Videos/Valvakan']]]);
  });
});

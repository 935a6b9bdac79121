import { FILES_DROPPED, IPC_CHANNELS, UPLOADS_CHANGED, type DesktopBridge, type IpcChannel } from '../bridge.js';
import type { QueueSnapshot } from '../core/upload-queue.js';

type Listener = (event: unknown, ...args: unknown[]) => void;

/** The parts of Electron's preload API the bridge uses; src/main/preload.ts passes the real ones. */
export interface PreloadElectron {
  ipcRenderer: {
    invoke(channel: string, ...args: unknown[]): Promise<unknown>;
    send(channel: string, ...args: unknown[]): void;
    on(channel: string, listener: Listener): unknown;
    removeListener(channel: string, listener: Listener): unknown;
  };
  webUtils: { getPathForFile(file: File): string };
}

const channels: ReadonlySet<string> = new Set(IPC_CHANNELS);

/**
 * The renderer's one door to the main process (`window.redaktionDesktop`): known channels only, and the main
 * process validates every message again. Nothing else of Electron reaches the page.
 */
export function createBridge({ ipcRenderer, webUtils }: PreloadElectron) {
  return {
    call: (<C extends IpcChannel>(channel: C, request: unknown) => {
      if (!channels.has(channel)) return Promise.reject(new Error(`Unknown message ${String(channel)}`));
      return ipcRenderer.invoke(channel, request);
    }) as DesktopBridge['call'],
    onUploads: (listener: (snapshot: QueueSnapshot) => void) => {
      const forward: Listener = (_event, snapshot) => listener(snapshot as QueueSnapshot);
      ipcRenderer.on(UPLOADS_CHANGED, forward);
      return () => { ipcRenderer.removeListener(UPLOADS_CHANGED, forward); };
    },
    pathForFile: (file: File) => webUtils.getPathForFile(file),
  } satisfies DesktopBridge;
}

/**
 * Tells the main process what the user dropped on the app (`uploads:add` queues nothing else): only drops the browser
 * made, never one a script dispatched, with the paths read here, out of the page's reach. It listens while the drop
 * comes down, before the page's own handler asks to queue the files, and the two messages arrive in that order.
 */
export function reportDrops(target: Pick<EventTarget, 'addEventListener'>, { ipcRenderer, webUtils }: PreloadElectron): void {
  target.addEventListener('drop', (event) => {
    const files = (event as DragEvent).dataTransfer?.files;
    if (!event.isTrusted || !files) return;
    ipcRenderer.send(FILES_DROPPED, [...files].map((file) => webUtils.getPathForFile(file)).filter(Boolean));
  }, { capture: true });
}

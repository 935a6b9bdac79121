import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import { IPC_CHANNELS, UPLOADS_CHANGED, type DesktopBridge, type IpcChannel } from '../bridge.js';
import type { QueueSnapshot } from '../core/upload-queue.js';

/** The renderer's one door to the main process: known channels only; the main process validates every message again. */
const channels: ReadonlySet<string> = new Set(IPC_CHANNELS);

const bridge = {
  call: (<C extends IpcChannel>(channel: C, request: unknown) => {
    if (!channels.has(channel)) return Promise.reject(new Error(`Unknown message ${String(channel)}`));
    return ipcRenderer.invoke(channel, request);
  }) as DesktopBridge['call'],
  onUploads: (listener: (snapshot: QueueSnapshot) => void) => {
    const forward = (_event: IpcRendererEvent, snapshot: unknown) => listener(snapshot as QueueSnapshot);
    ipcRenderer.on(UPLOADS_CHANGED, forward);
    return () => ipcRenderer.removeListener(UPLOADS_CHANGED, forward);
  },
  pathForFile: (file: File) => webUtils.getPathForFile(file),
} satisfies DesktopBridge;

contextBridge.exposeInMainWorld('redaktionDesktop', bridge);

import { contextBridge, ipcRenderer, webUtils } from 'electron';
import type { DesktopBridge } from '../bridge.js';
import { createBridge, reportDrops } from '../preload/bridge.js';

// The preload script (sandboxed, bundled to dist/preload/index.cjs): Electron's objects in, one typed bridge out, and
// each drop on the app reported to the main process.
contextBridge.exposeInMainWorld('redaktionDesktop', createBridge({ ipcRenderer, webUtils }) satisfies DesktopBridge);
reportDrops(window, { ipcRenderer, webUtils });

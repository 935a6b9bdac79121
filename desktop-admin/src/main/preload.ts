import { contextBridge, ipcRenderer, webUtils } from 'electron';
import type { DesktopBridge } from '../bridge.js';
import { createBridge } from '../preload/bridge.js';

// The preload script (sandboxed, bundled to dist/preload/index.cjs): Electron's objects in, one typed bridge out.
contextBridge.exposeInMainWorld('redaktionDesktop', createBridge({ ipcRenderer, webUtils }) satisfies DesktopBridge);

/**
 * The part of Electron's API that src/main and src/preload use, for type checks on machines where the
 * `electron` package (and so its own type definitions) is not installed: npm skips it under `--omit=optional`, or
 * on a Node older than its engines (22.12). desktop-admin/tsconfig.json takes Electron's own electron.d.ts whenever it exists
 * and this file only otherwise, so the same code is checked against the real API where Electron is installed.
 */
type Listener<A extends unknown[]> = (...args: A) => void;
interface PreventableEvent { preventDefault(): void }

export interface WebFrameMain { url: string }
export interface IpcMainInvokeEvent { senderFrame: WebFrameMain | null }

export interface WebContents {
  on(event: 'will-navigate' | 'will-redirect' | 'will-frame-navigate', listener: (event: PreventableEvent, url: string) => void): this;
  on(event: 'will-attach-webview', listener: (event: PreventableEvent) => void): this;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' } | { action: 'allow' }): void;
  send(channel: string, ...args: unknown[]): void;
  isDestroyed(): boolean;
}

export interface BrowserWindowConstructorOptions {
  width?: number; height?: number; minWidth?: number; minHeight?: number; title?: string; show?: boolean; backgroundColor?: string;
  webPreferences?: {
    preload?: string; contextIsolation?: boolean; sandbox?: boolean; nodeIntegration?: boolean; nodeIntegrationInWorker?: boolean;
    nodeIntegrationInSubFrames?: boolean; webSecurity?: boolean; webviewTag?: boolean; allowRunningInsecureContent?: boolean;
    experimentalFeatures?: boolean; spellcheck?: boolean;
  };
}
export class BrowserWindow {
  constructor(options?: BrowserWindowConstructorOptions);
  static getAllWindows(): BrowserWindow[];
  webContents: WebContents;
  loadURL(url: string): Promise<void>;
  setProgressBar(progress: number): void;
  on(event: 'close', listener: (event: PreventableEvent) => void): this;
  on(event: 'closed' | 'ready-to-show', listener: () => void): this;
  once(event: 'ready-to-show', listener: () => void): this;
  show(): void;
  focus(): void;
  isDestroyed(): boolean;
}

export const app: {
  isPackaged: boolean;
  getPath(name: 'userData'): string;
  getAppPath(): string;
  getVersion(): string;
  enableSandbox(): void;
  requestSingleInstanceLock(): boolean;
  setAppUserModelId(id: string): void;
  whenReady(): Promise<void>;
  quit(): void;
  on(event: 'web-contents-created', listener: (event: unknown, contents: WebContents) => void): void;
  on(event: 'before-quit', listener: (event: PreventableEvent) => void): void;
  on(event: 'window-all-closed' | 'activate' | 'second-instance', listener: Listener<[]>): void;
};

export const protocol: {
  registerSchemesAsPrivileged(schemes: { scheme: string; privileges: { standard?: boolean; secure?: boolean; supportFetchAPI?: boolean; stream?: boolean; corsEnabled?: boolean; codeCache?: boolean } }[]): void;
  handle(scheme: string, handler: (request: Request) => Response | Promise<Response>): void;
};

export const session: {
  defaultSession: {
    setPermissionRequestHandler(handler: (contents: WebContents, permission: string, callback: (granted: boolean) => void) => void): void;
    setPermissionCheckHandler(handler: (contents: WebContents | null, permission: string) => boolean): void;
  };
};

export const ipcMain: {
  handle(channel: string, listener: (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown): void;
  on(channel: string, listener: (event: IpcMainInvokeEvent, ...args: unknown[]) => void): void;
};

export const shell: { openExternal(url: string): Promise<void> };

export const dialog: {
  showOpenDialog(window: BrowserWindow, options: { title?: string; properties: ('openFile' | 'openDirectory' | 'multiSelections')[]; filters?: { name: string; extensions: string[] }[] }): Promise<{ canceled: boolean; filePaths: string[] }>;
  showMessageBoxSync(window: BrowserWindow, options: MessageBoxOptions): number;
  showMessageBoxSync(options: MessageBoxOptions): number;
};
interface MessageBoxOptions { type?: 'warning' | 'info'; buttons: string[]; defaultId?: number; cancelId?: number; message: string; detail?: string }

export class Notification {
  static isSupported(): boolean;
  constructor(options: { title: string; body: string });
  show(): void;
}

export const powerMonitor: { on(event: 'resume' | 'unlock-screen', listener: Listener<[]>): void };

export const safeStorage: {
  isEncryptionAvailable(): boolean;
  encryptString(plain: string): Buffer;
  decryptString(encrypted: Buffer): string;
  getSelectedStorageBackend(): string;
};

export const contextBridge: { exposeInMainWorld(key: string, api: unknown): void };

export interface IpcRendererEvent { sender: unknown }
export const ipcRenderer: {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  send(channel: string, ...args: unknown[]): void;
  on(channel: string, listener: (event: IpcRendererEvent, ...args: unknown[]) => void): void;
  removeListener(channel: string, listener: (event: IpcRendererEvent, ...args: unknown[]) => void): void;
};

export const webUtils: { getPathForFile(file: File): string };

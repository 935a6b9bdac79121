import os from 'node:os';
import path from 'node:path';
import {
  app, BrowserWindow, dialog, ipcMain, Notification, powerMonitor, protocol, safeStorage, session, shell,
} from 'electron';
import electronUpdater from 'electron-updater';
import { FILES_DROPPED, IPC_CHANNELS, UPLOADS_CHANGED } from '../bridge.js';
import { createBatchWatcher, updateFeedUrl } from '../core/batch-progress.js';
import { createDesktopService, type DesktopService } from '../core/desktop-service.js';
import { isTrustedSender } from '../core/ipc-contract.js';
import { VIDEO_EXTENSIONS } from '../core/upload-queue.js';
import { APP_ORIGIN, APP_SCHEME, externalUrl, isAppUrl } from '../core/trusted-url.js';

/** The update feed baked in at build time (DESKTOP_UPDATE_URL when `npm run build` ran); the environment may override it. */
declare const BUILD_UPDATE_URL: string;

// Before `ready`: the renderer's origin is a standard, secure scheme that fetch() may call.
protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } }]);
app.enableSandbox();

let mainWindow: BrowserWindow | null = null;
let service: DesktopService | null = null;
let quitConfirmed = false;
let stopped = false;

function openOutside(url: string): void {
  const href = externalUrl(url);
  if (href) void shell.openExternal(href);
}

// Every web contents, present and future: no <webview>, no navigation away from the app, no new windows.
app.on('web-contents-created', (_event, contents) => {
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.on('will-navigate', (event, url) => {
    if (isAppUrl(url)) return;
    event.preventDefault();
    openOutside(url);
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.setWindowOpenHandler(({ url }) => {
    openOutside(url);
    return { action: 'deny' };
  });
});

/** Asks before quitting while uploads are under way (they resume at the next start either way). */
function mayQuit(): boolean {
  if (quitConfirmed || !service?.queue.busy) return true;
  const question = {
    type: 'warning' as const,
    buttons: ['Keep uploading', 'Quit anyway'],
    defaultId: 0,
    cancelId: 0,
    message: 'Videos are still uploading',
    detail: 'If you quit now, they continue from where they stopped the next time you open Redaktion.',
  };
  // Attached to the window when there is one; on macOS the app keeps running with its window closed.
  const choice = mainWindow ? dialog.showMessageBoxSync(mainWindow, question) : dialog.showMessageBoxSync(question);
  quitConfirmed = choice === 1;
  return quitConfirmed;
}

function createWindow(): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 860,
    minWidth: 900,
    minHeight: 600,
    title: 'Redaktion',
    show: false,
    webPreferences: {
      preload: path.join(app.getAppPath(), 'dist', 'preload', 'index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      webviewTag: false,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
    },
  });
  window.once('ready-to-show', () => window.show());
  // On macOS closing the window leaves the app (and its uploads) running; elsewhere it quits.
  window.on('close', (event) => {
    if (process.platform !== 'darwin' && !mayQuit()) event.preventDefault();
  });
  window.on('closed', () => { mainWindow = null; });
  void window.loadURL(`${APP_ORIGIN}/`);
  return window;
}

function startUpdates(): void {
  const feed = updateFeedUrl(process.env.DESKTOP_UPDATE_URL || BUILD_UPDATE_URL);
  if (!app.isPackaged || !feed) return;
  const { autoUpdater } = electronUpdater;
  autoUpdater.setFeedURL({ provider: 'generic', url: feed });
  void autoUpdater.checkForUpdatesAndNotify().catch(() => undefined);
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.setAppUserModelId('se.redaktion.desktop');
  app.on('second-instance', () => mainWindow?.focus());

  void app.whenReady().then(async () => {
    session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
    session.defaultSession.setPermissionCheckHandler(() => false);

    const batch = createBatchWatcher();
    service = await createDesktopService({
      dataDir: app.getPath('userData'),
      safeStorage: process.platform === 'linux' ? safeStorage : {
        isEncryptionAvailable: () => safeStorage.isEncryptionAvailable(),
        encryptString: (plain) => safeStorage.encryptString(plain),
        decryptString: (encrypted) => safeStorage.decryptString(encrypted),
      },
      deviceName: `Redaktion desktop on ${os.hostname()}`,
      openExternal: (url) => shell.openExternal(url),
      pickVideos: async () => {
        if (!mainWindow) return [];
        const picked = await dialog.showOpenDialog(mainWindow, {
          title: 'Choose videos or a folder of videos',
          properties: ['openFile', 'multiSelections'],
          filters: [{ name: 'Videos', extensions: Object.keys(VIDEO_EXTENSIONS).map((extension) => extension.slice(1)) }],
        });
        return picked.canceled ? [] : picked.filePaths;
      },
      onUploadsChanged: (snapshot) => {
        if (!mainWindow || mainWindow.isDestroyed()) return;
        mainWindow.webContents.send(UPLOADS_CHANGED, snapshot);
        const { progress, finished } = batch(snapshot);
        mainWindow.setProgressBar(progress ?? -1);
        if (finished && Notification.isSupported()) {
          const body = finished.failed
            ? `${finished.done} uploaded, ${finished.failed} failed: see the upload list`
            : `${finished.done} ${finished.done === 1 ? 'video is' : 'videos are'} uploaded and listed as custom videos`;
          new Notification({ title: 'Uploads finished', body }).show();
        }
      },
    });
    const running = service;
    protocol.handle(APP_SCHEME, running.appProtocol(path.join(app.getAppPath(), 'dist', 'renderer')));
    for (const channel of IPC_CHANNELS) {
      ipcMain.handle(channel, (event, payload) => {
        if (!isTrustedSender(event.senderFrame)) throw new Error('Refused: the message did not come from the app');
        return running.handle(channel, payload);
      });
    }
    ipcMain.on(FILES_DROPPED, (event, paths) => {
      if (isTrustedSender(event.senderFrame)) running.dropped(paths);
    });
    powerMonitor.on('resume', () => running.wake());
    powerMonitor.on('unlock-screen', () => running.wake());
    mainWindow = createWindow();
    startUpdates();
  });

  app.on('activate', () => {
    if (!mainWindow && service) mainWindow = createWindow();
  });
  // The queue is written to disk before the process ends, so the next start resumes every upload.
  app.on('before-quit', (event) => {
    if (stopped) return;
    event.preventDefault();
    if (!mayQuit()) return;
    void (service?.stop() ?? Promise.resolve()).finally(() => {
      stopped = true;
      app.quit();
    });
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
}

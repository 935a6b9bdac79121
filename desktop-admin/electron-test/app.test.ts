import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { _electron as electron, type ElectronApplication, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {} from '../src/bridge.js';

/**
 * The built app in real Electron (playwright-core's _electron): what only Electron can show, the window's settings,
 * the preload bridge, the app:// protocol and the navigation guards. Electron is an optionalDependency: where npm
 * could not download its binary, every check is skipped and says why.
 */
const app = path.resolve(import.meta.dirname, '..');
// The binary's path.txt, never require('electron'), which would start a download.
const electronDir = [path.join(app, 'node_modules/electron'), path.join(app, '../node_modules/electron')]
  .find((dir) => existsSync(path.join(dir, 'path.txt')));
const ABSENT = "Electron's binary is not installed here (optionalDependency; npm install could not download it on this machine)";

let application: ElectronApplication;
let page: Page;
let userData: string;

beforeAll(async () => {
  // The default reporter lists no skipped test: the reason is said once here too.
  if (!electronDir) return console.warn(`The Electron checks are skipped: ${ABSENT}`);
  if (!existsSync(path.join(app, 'dist/main/index.cjs'))) throw new Error('Build the desktop app first: npm run build -w desktop-admin');
  userData = await mkdtemp(path.join(os.tmpdir(), 'redaktion-electron-'));
  application = await electron.launch({
    executablePath: path.join(electronDir, 'dist', readFileSync(path.join(electronDir, 'path.txt'), 'utf8').trim()),
    args: [app, `--user-data-dir=${userData}`],
    env: { ...process.env, ELECTRON_ENABLE_LOGGING: '1' },
  });
  page = await application.firstWindow();
  await page.waitForLoadState('domcontentloaded');
});
afterAll(async () => {
  await application?.close();
  if (userData) await rm(userData, { recursive: true, force: true });
});
beforeEach(({ skip }) => skip(!electronDir, ABSENT));

describe('the desktop app in Electron', () => {
  it('serves the renderer from app://redaktion/, never file://', () => {
    expect(page.url()).toMatch(/^app:\/\/redaktion\//);
  });

  it('keeps the window isolated and sandboxed, without Node', async () => {
    // getLastWebPreferences is Electron's, undocumented and so not in its types: the preferences the window runs with.
    const preferences = await application.evaluate(({ BrowserWindow }) =>
      (BrowserWindow.getAllWindows()[0]!.webContents as unknown as { getLastWebPreferences(): Record<string, unknown> }).getLastWebPreferences());
    expect(preferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, webviewTag: false });
    expect(await page.evaluate(() => typeof require)).toBe('undefined');
  });

  it('has the one bridge, frozen to its three functions', async () => {
    expect(await page.evaluate(() => Object.keys(window.redaktionDesktop).sort())).toEqual(['call', 'onUploads', 'pathForFile']);
    // What a compromised page could send: the bridge takes known channels with valid messages only.
    const send = (message: [string, unknown]) => page.evaluate(([channel, payload]) =>
      (window.redaktionDesktop.call as (channel: string, payload: unknown) => Promise<unknown>)(channel, payload), message);
    await expect(send(['shell:exec', {}])).rejects.toThrow(/Unknown message/);
    await expect(send(['links:open', { url: 42 }])).rejects.toThrow(/Invalid links:open message/);
  });

  it('sends pages with the strict Content-Security-Policy', async () => {
    const csp = await page.evaluate(() => fetch('/').then((response) => response.headers.get('content-security-policy')));
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).toMatch(/script-src 'self'/);
  });

  it('opens links in the system browser, and never navigates away nor opens windows', async () => {
    const opened = await application.evaluateHandle(({ shell }) => {
      const urls: string[] = [];
      shell.openExternal = async (url) => { urls.push(url); };
      return urls;
    });
    const appUrl = page.url();
    for (const [url, target] of [['https://example.invalid/help', '_blank'], ['https://example.invalid/?next=app://redaktion', '']]) {
      await page.evaluate(({ url, target }) => {
        document.body.append(Object.assign(document.createElement('a'), { href: url, target, id: 'outside', textContent: 'outside' }));
      }, { url, target });
      await page.click('#outside', { noWaitAfter: true });
      await page.evaluate(() => document.getElementById('outside')!.remove());
    }
    await page.evaluate(() => window.open('javascript:alert(1)'));
    await page.waitForTimeout(500);
    expect(await opened.jsonValue()).toEqual(['https://example.invalid/help', 'https://example.invalid/?next=app://redaktion']);
    expect(page.url()).toBe(appUrl);
    expect(application.windows()).toHaveLength(1);
  });

  it('denies permission requests', async () => {
    expect(await page.evaluate(() => Notification.requestPermission())).toBe('denied');
  });
});

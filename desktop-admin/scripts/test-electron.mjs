// npm run test:electron: a smoke test of the packaged-to-be app in real Electron (playwright-core's _electron).
// Runs only where Electron is installed (Node 22+, `npm install` downloads it on first launch); npm test does not run it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { _electron as electron } from 'playwright-core';

const app = new URL('..', import.meta.url).pathname;
const electronDir = [path.join(app, 'node_modules/electron'), path.join(app, '../node_modules/electron')].find((dir) => existsSync(dir));
// Looking for the binary, never require('electron'), which would start a download.
if (!electronDir || !existsSync(path.join(electronDir, 'path.txt'))) {
  console.error('Electron is not installed here (it needs Node 22 or later): npm install, then npx electron --version once.');
  process.exit(1);
}
const executablePath = path.join(electronDir, 'dist', readFileSync(path.join(electronDir, 'path.txt'), 'utf8').trim());
if (spawnSync(process.execPath, [path.join(app, 'scripts/build.mjs')], { stdio: 'inherit' }).status !== 0) process.exit(1);

const userData = mkdtempSync(path.join(os.tmpdir(), 'redaktion-electron-'));
const results = [];
const check = async (name, body) => {
  try { await body(); results.push([name, true]); console.log(`✓ ${name}`); } catch (error) { results.push([name, false]); console.log(`✗ ${name}\n  ${error.message}`); }
};

const application = await electron.launch({ executablePath, args: [app, `--user-data-dir=${userData}`], env: { ...process.env, ELECTRON_ENABLE_LOGGING: '1' } });
try {
  const page = await application.firstWindow();
  await page.waitForLoadState('domcontentloaded');

  await check('the renderer is served from app://redaktion/, never file://', async () => {
    assert.match(page.url(), /^app:\/\/redaktion\//);
  });
  await check('the window is isolated and sandboxed, without Node', async () => {
    const preferences = await application.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0].webContents.getLastWebPreferences());
    assert.equal(preferences.contextIsolation, true);
    assert.equal(preferences.sandbox, true);
    assert.equal(preferences.nodeIntegration, false);
    assert.equal(preferences.webSecurity, true);
    assert.equal(preferences.webviewTag, false);
    assert.equal(await page.evaluate(() => typeof require), 'undefined');
  });
  await check('the one bridge is there, frozen to its three functions', async () => {
    assert.deepEqual(await page.evaluate(() => Object.keys(window.redaktionDesktop).sort()), ['call', 'onUploads', 'pathForFile']);
    await assert.rejects(page.evaluate(() => window.redaktionDesktop.call('shell:exec', {})), /Unknown message/);
    await assert.rejects(page.evaluate(() => window.redaktionDesktop.call('links:open', { url: 42 })), /Invalid links:open message/);
  });
  await check('pages carry the strict Content-Security-Policy', async () => {
    const csp = await page.evaluate(() => fetch('/').then((response) => response.headers.get('content-security-policy')));
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /script-src 'self'/);
  });
  await check('links open in the system browser; the app never navigates away nor opens windows', async () => {
    const opened = await application.evaluateHandle(({ shell }) => {
      const urls = [];
      shell.openExternal = async (url) => { urls.push(url); };
      return urls;
    });
    const appUrl = page.url();
    for (const [url, target] of [['https://example.invalid/help', '_blank'], ['https://example.invalid/?next=app://redaktion', '']]) {
      await page.evaluate(({ url, target }) => {
        const link = Object.assign(document.createElement('a'), { href: url, target, id: 'outside', textContent: 'outside' });
        document.body.append(link);
      }, { url, target });
      await page.click('#outside', { noWaitAfter: true });
      await page.evaluate(() => document.getElementById('outside').remove());
    }
    await page.evaluate(() => window.open('javascript:alert(1)'));
    await page.waitForTimeout(500);
    assert.deepEqual(await opened.jsonValue(), ['https://example.invalid/help', 'https://example.invalid/?next=app://redaktion']);
    assert.equal(page.url(), appUrl);
    assert.equal(application.windows().length, 1);
  });
  await check('permission requests are denied', async () => {
    assert.equal(await page.evaluate(() => Notification.requestPermission()), 'denied');
  });
} finally {
  await application.close();
}
const failed = results.filter(([, ok]) => !ok).length;
console.log(`\n${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { startTestServer, type TestServer } from '../../api/test/support/test-server.js';

/** The machine's Chromium (Debian's package): Playwright's own download is not used. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

function chromiumPath(): string {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  return CHROMIUM;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: ARGS });
}

/**
 * Chromium on a profile kept in a folder, as a reader's browser is: installation is offered only there (an
 * ephemeral context counts as incognito), and a restart on the same folder finds what the site stored.
 */
export async function launchProfile(userDataDir: string, options: Parameters<typeof chromium.launchPersistentContext>[1] = {}): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, { executablePath: chromiumPath(), args: ARGS, ...DESKTOP, locale: 'en-GB', ...options });
}

export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } as const;
export const DESKTOP = { viewport: { width: 1366, height: 900 } } as const;

/** A page that records uncaught errors, so a test can say there were none. */
export async function openPage(context: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) errors.push(message.text());
  });
  return { page, errors };
}

/** What has keyboard focus, as `tag: text` (a lost focus is `body`), so a test can say where a keyboard user is. */
export function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'body';
    return `${element.tagName.toLowerCase()}: ${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ')}`;
  });
}

/** Opens the reader's settings and gives the named switch once it can be used: it waits for what the device and the server say. */
export async function settingsSwitch(page: Page, origin: string, name: string): Promise<Locator> {
  await page.goto(`${origin}/dashboard/settings`);
  const toggle = page.getByRole('switch', { name });
  await expect.poll(() => toggle.isEnabled(), { timeout: 15_000 }).toBe(true);
  return toggle;
}

/** The whole server on a fresh database (seeded unless told otherwise) and the machine's Chromium, for one test file. */
export function seededServerAndBrowser({ seed = true } = {}): { server: TestServer; browser: Browser } {
  const env = {} as { server: TestServer; browser: Browser };
  beforeAll(async () => { [env.server, env.browser] = await Promise.all([startTestServer({ seed }), launchBrowser()]); });
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.close();
  });
  return env;
}

/**
 * Opens `path` as a phone does (CPU slowed 4×) with the app's scripts held back until `hydrate()` (or refused from
 * `failScripts()`, as when a chunk is missing; neither: they never arrive): what the test taps before that reaches a
 * page that is on screen but not yet interactive, every time rather than when the race is lost.
 */
export async function openBeforeHydration(context: BrowserContext, url: string): Promise<{ page: Page; errors: string[]; hydrate: () => void; failScripts: () => void }> {
  const { page, errors } = await openPage(context);
  await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let settle!: (scripts: 'load' | 'fail') => void;
  const held = new Promise<'load' | 'fail'>((resolve) => { settle = resolve; });
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await ((await held) === 'load' ? route.continue() : route.abort());
  });
  await page.goto(url, { waitUntil: 'commit' });
  return { page, errors, hydrate: () => settle('load'), failScripts: () => settle('fail') };
}

/** Waits until the page's service worker is activated (`ready` comes a moment before that). */
export async function serviceWorkerActivated(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    await new Promise<void>((resolve) => {
      const worker = registration.active!;
      if (worker.state === 'activated') resolve();
      else worker.addEventListener('statechange', () => worker.state === 'activated' && resolve());
    });
  });
}

/**
 * Every script a page fetches in its first `windowMs` after loading (whether the HTML names it or the app asks for
 * it later), with each one's gzip size: what a phone downloads, not what the HTML lists.
 */
export async function scriptsFetched(page: Page, url: string, windowMs: number): Promise<{ files: [path: string, gzipBytes: number][]; total: number }> {
  const fetched = new Map<string, Promise<number>>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script' || fetched.has(response.url())) return;
    fetched.set(response.url(), response.body().then((body) => gzipSync(body, { level: 9 }).length, () => 0));
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(windowMs);
  const files = await Promise.all([...fetched].map(async ([file, size]) => [new URL(file).pathname, await size] as [string, number]));
  return { files, total: files.reduce((sum, [, size]) => sum + size, 0) };
}

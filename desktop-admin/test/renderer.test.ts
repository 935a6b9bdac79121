import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../api/test/support/test-server.js';
import { signedInUser } from '../../api/test/support/users.js';
import { launchBrowser, openPage } from '../../e2e/support/browser.js';
import { createDesktopService, type DesktopService } from '../src/core/desktop-service.js';
import type { SafeStorageLike } from '../src/core/token-vault.js';
import { startCuttableProxy, type CuttableProxy } from './support/cuttable-proxy.js';
import { serveProtocol } from './support/protocol-server.js';
import { writeMp4 } from './support/videos.js';

/**
 * The built renderer in Chromium, served through the real app:// handler, with a stand-in for the preload
 * bridge that calls the real core modules (what Electron's main process runs), against the real API reached
 * over a network link the test can cut.
 */
const rendererDir = path.resolve(import.meta.dirname, '../dist/renderer');

/** A keyring as on a desktop with one (encryption here only needs to round-trip). */
const keyring: SafeStorageLike = {
  isEncryptionAvailable: () => true,
  encryptString: (plain) => Buffer.from(plain).reverse(),
  decryptString: (encrypted) => Buffer.from(encrypted).reverse().toString(),
};

let server: TestServer;
let proxy: CuttableProxy;
let browser: Browser;
let service: DesktopService;
let app: { origin: string; close(): Promise<void> };
let page: Page;
let errors: string[];
let videos: string[];
const opened: string[] = [];
let staff: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  if (!existsSync(path.join(rendererDir, 'index.html'))) throw new Error('Build the desktop app first: npm run build -w desktop-admin');
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  // About 2 MB/s between the "laptop" and the server: long enough to pause an upload under way.
  proxy = await startCuttableProxy(server.url, { bytesPerSecond: 2 * 1024 * 1024 });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'redaktion-desktop-'));
  videos = await Promise.all([['Valvaka i Umeå.mp4', 65], ['Intervju_Anna_Lind.mp4', 754], ['Hamnen.mp4', 3723]].map(([name, seconds]) =>
    writeMp4(path.join(dataDir, name as string), seconds as number, 3 * 1024 * 1024)));
  service = await createDesktopService({
    dataDir,
    safeStorage: keyring,
    deviceName: 'Redaktion desktop (test)',
    openExternal: async (url) => { opened.push(url); },
    pickVideos: async () => videos,
    uploadChunkSize: 512 * 1024,
    backoff: () => 200,
    onUploadsChanged: (snapshot) => void page?.evaluate((next) => (window as unknown as { __uploads?: (s: unknown) => void }).__uploads?.(next), snapshot).catch(() => undefined),
  });
  app = await serveProtocol(service.appProtocol(rendererDir));
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-GB' });
  await context.exposeBinding('__desktopCall', (_source, channel: unknown, payload: unknown) => service.handle(channel, payload));
  await context.exposeBinding('__desktopDropped', (_source, paths: unknown) => service.dropped(paths));
  await context.addInitScript(() => {
    const listeners = new Set<(snapshot: unknown) => void>();
    const host = window as unknown as {
      __desktopCall(channel: string, payload: unknown): Promise<unknown>; __desktopDropped(paths: string[]): Promise<void>; __uploads(snapshot: unknown): void;
    };
    host.__uploads = (snapshot) => listeners.forEach((listener) => listener(snapshot));
    // Electron's webUtils.getPathForFile: where a dropped file is on disk (the test names them in __paths).
    const pathForFile = (file: File) => (window as unknown as { __paths?: Record<string, string> }).__paths?.[file.name] ?? '';
    // The preload's report of each drop (reportDrops), which the main process has before the page's next message.
    let reported: Promise<void> = Promise.resolve();
    window.addEventListener('drop', (event) => {
      reported = host.__desktopDropped([...event.dataTransfer?.files ?? []].map(pathForFile).filter(Boolean));
    }, { capture: true });
    Object.defineProperty(window, 'redaktionDesktop', {
      value: Object.freeze({
        call: (channel: string, payload: unknown) => reported.then(() => host.__desktopCall(channel, payload)),
        onUploads: (listener: (snapshot: unknown) => void) => { listeners.add(listener); return () => listeners.delete(listener); },
        pathForFile,
      }),
    });
  });
  ({ page, errors } = await openPage(context));
});

afterAll(async () => {
  await service?.stop();
  await app?.close();
  await browser?.close();
  await proxy?.close();
  await server?.close();
});

describe('the desktop renderer in Chromium', () => {
  it('holds no reader page, offline, service-worker or reader storage code', async () => {
    const assets = path.join(rendererDir, 'assets');
    const code = (await Promise.all((await readdir(assets)).filter((name) => name.endsWith('.js')).map((name) => readFile(path.join(assets, name), 'utf8')))).join('\n');
    expect(code).toContain('Admin Dashboard');
    for (const reader of ['Dexie', 'serviceWorker', 'workbox', 'reading-list', 'ReadingList', 'mini-player']) expect(code, reader).not.toContain(reader);
  });

  it('asks for the server, signs in with an access token, and the page never holds it', async () => {
    staff = await signedInUser(server.url, server.db, { role: 'admin' });
    await page.goto(`${app.origin}/`);
    await page.getByLabel('Your newsroom server').fill('http://example.com');
    await page.getByRole('button', { name: 'Add server' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Use https');
    await page.getByLabel('Your newsroom server').fill(proxy.origin);
    await page.getByRole('button', { name: 'Add server' }).click();
    await page.getByLabel('Username').fill(staff.username);
    await page.getByLabel('Password').fill('fel lösenord');
    await page.getByRole('button', { name: /^Sign in to/ }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/password|Invalid/i);
    await page.getByLabel('Password').fill(staff.password);
    await page.getByRole('button', { name: /^Sign in to/ }).click();
    await page.getByText(`· ${staff.username}`).waitFor();
    // The same admin screens as /admin, on this server's data.
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.getByRole('tab', { name: 'Overview' }).waitFor();

    const tokens = (await staff.client.get('/api/tokens')).body as { name: string }[];
    expect(tokens.map((token) => token.name)).toEqual(['Redaktion desktop (test)']);
    const pageState = await page.evaluate(() => JSON.stringify({ storage: { ...localStorage }, session: { ...sessionStorage }, cookie: document.cookie }));
    expect(pageState).not.toContain('rdk_');
    // The renderer's relative /api calls reach the server with the app's token.
    const user = await page.evaluate(() => fetch('/api/user').then((response) => response.json()));
    expect(user).toMatchObject({ username: staff.username, role: 'admin' });
  });

  it('shows the Insights tab and saves its figures as CSV through the app, whose calls carry the token', async () => {
    await page.getByRole('tab', { name: 'Insights' }).click();
    await page.getByText('No figures yet for this period.').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^redaktion-insights-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await readFile((await download.path())!, 'utf8')).toMatch(/^\uFEFFrow,day,id,title,views,/);
  });

  it('writes an article in the same editor as /admin, and the server keeps its Markdown', async () => {
    await page.getByRole('tab', { name: 'Articles' }).click();
    await page.getByRole('button', { name: 'Create Article' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Article' });
    await dialog.getByLabel('Title', { exact: true }).fill('Färjan ställs in');
    await dialog.getByLabel('Excerpt', { exact: true }).fill('Storm över Ålands hav');
    await dialog.getByLabel('Category', { exact: true }).selectOption('news');
    await dialog.getByLabel('Author', { exact: true }).fill('Sara Skribent');
    await dialog.getByRole('textbox', { name: 'Content', exact: true }).click();
    await page.keyboard.type('## Inställda turer');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Inga avgångar i kväll, meddelar rederiet.');
    await dialog.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Subheading' }).waitFor();
    await dialog.getByRole('button', { name: 'Create Article' }).click();
    await page.getByText('Article created successfully!').waitFor();
    const articles = (await staff.client.get('/api/admin/articles?limit=100')).body as { id: number; title: string }[];
    const { id } = articles.find((article) => article.title === 'Färjan ställs in')!;
    expect(((await staff.client.get(`/api/admin/articles/${id}`)).body as { content: string }).content)
      .toBe('## Inställda turer\n\nInga avgångar i kväll, meddelar rederiet.');
  });

  it("shows the article's history in the same editor and restores an earlier version", async () => {
    const stored = async () => {
      const { id } = ((await staff.client.get('/api/admin/articles?limit=100')).body as { id: number; title: string }[])
        .find((article) => article.title === 'Färjan ställs in')!;
      return (await staff.client.get(`/api/admin/articles/${id}`)).body as { id: number; content: string };
    };
    await page.getByRole('button', { name: 'Edit “Färjan ställs in”' }).click();
    let edit = page.getByRole('dialog', { name: 'Edit Article' });
    await edit.getByRole('textbox', { name: 'Content', exact: true }).getByRole('heading', { name: 'Inställda turer' }).waitFor();
    await edit.getByRole('textbox', { name: 'Content', exact: true }).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' Nya besked i morgon.');
    await edit.getByRole('button', { name: 'Update Article' }).click();
    await page.getByText('Article updated successfully').waitFor();
    expect((await stored()).content).toBe('## Inställda turer\n\nInga avgångar i kväll, meddelar rederiet. Nya besked i morgon.');

    await page.getByRole('button', { name: 'Edit “Färjan ställs in”' }).click();
    edit = page.getByRole('dialog', { name: 'Edit Article' });
    await edit.getByRole('button', { name: 'History' }).click();
    const history = edit.getByRole('region', { name: 'Revisions' });
    await history.getByRole('button', { name: new RegExp(`^Saved .+ by ${staff.username}$`) }).waitFor();
    await history.getByRole('button', { name: new RegExp(`^Created .+ by ${staff.username}$`) }).click();
    await history.getByText('Inga avgångar i kväll, meddelar rederiet.', { exact: true }).waitFor();
    await expect.poll(() => history.getByRole('group', { name: 'Changes' }).locator('ins').allTextContents())
      .toEqual(['inserted: Nya besked i morgon. (end of change)']);
    await history.getByRole('button', { name: 'Restore this version' }).click();
    await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Restore this version' }).click();
    await page.getByText('Version restored').waitFor();
    await history.getByRole('button', { name: new RegExp(`^Restored .+ by ${staff.username}$`) }).waitFor();

    const article = await stored();
    expect(article.content).toBe('## Inställda turer\n\nInga avgångar i kväll, meddelar rederiet.');
    expect(((await staff.client.get(`/api/admin/articles/${article.id}/revisions`)).body as { kind: string }[])[0]!.kind).toBe('restored');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await edit.waitFor({ state: 'detached' });
  });

  it('uploads three videos dropped on the Interviews tab, one paused and resumed, and each becomes a custom video', async () => {
    await page.getByRole('tab', { name: 'Interviews' }).click();
    const names = videos.map((video) => path.basename(video));
    await page.evaluate((paths) => { (window as unknown as { __paths: Record<string, string> }).__paths = paths; },
      Object.fromEntries(videos.map((video) => [path.basename(video), video])));
    const dropped = await page.evaluateHandle((files) => {
      const transfer = new DataTransfer();
      for (const name of files) transfer.items.add(new File(['a video'], name, { type: 'video/mp4' }));
      return transfer;
    }, names);
    const drop = page.getByRole('group', { name: 'Upload videos in bulk' });
    await drop.dispatchEvent('drop', { dataTransfer: dropped });
    await page.getByText('Added to the upload queue: 3').waitFor();
    await drop.getByRole('button', { name: 'Follow the upload queue' }).click();
    const list = page.getByRole('list', { name: 'Upload queue' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(3);
    const first = list.getByRole('listitem', { name: 'Valvaka i Umeå.mp4' });
    await first.getByRole('button', { name: 'Pause' }).click();
    await first.getByText(/^Paused/).waitFor();
    const pausedAt = await first.getByRole('progressbar').getAttribute('value');
    await page.waitForTimeout(500);
    expect(await first.getByRole('progressbar').getAttribute('value')).toBe(pausedAt);
    await first.getByRole('button', { name: 'Resume' }).click();
    for (const name of ['Valvaka i Umeå.mp4', 'Intervju_Anna_Lind.mp4', 'Hamnen.mp4']) {
      await list.getByRole('listitem', { name }).getByText(/^Uploaded/).waitFor({ timeout: 60_000 });
    }
    const customVideos = await (await fetch(`${server.url}/api/custom-videos`)).json() as { title: string; duration: string }[];
    expect(customVideos.map(({ title, duration }) => ({ title, duration })).sort((a, b) => a.title.localeCompare(b.title))).toEqual([
      { title: 'Hamnen', duration: '1:02:03' },
      { title: 'Intervju Anna Lind', duration: '12:34' },
      { title: 'Valvaka i Umeå', duration: '1:05' },
    ]);
    // Editable afterwards in the admin screens' video list.
    await page.getByRole('link', { name: 'Admin' }).click();
    await page.getByRole('tab', { name: 'Interviews' }).click();
    await page.getByRole('button', { name: 'YouTube & custom videos' }).click();
    await page.getByRole('button', { name: 'Edit “Intervju Anna Lind”' }).waitFor();
    await page.keyboard.press('Escape');
  });

  it('keeps a draft written offline and sends it when the server answers again', async () => {
    await page.getByRole('link', { name: 'Drafts' }).click();
    await proxy.cut();
    await page.getByLabel('Title').fill('Stormen drar in över kusten');
    await page.getByLabel('Excerpt').fill('SMHI varnar för hårda vindar.');
    await page.getByLabel('Content').fill('Under natten väntas vindbyar av stormstyrka längs Norrlandskusten.');
    await page.getByRole('button', { name: 'Save draft' }).click();
    const outbox = page.getByRole('list', { name: 'Outbox' });
    await outbox.getByRole('listitem', { name: 'Stormen drar in över kusten' }).getByText(/Kept on this computer/).waitFor();

    await proxy.restore();
    await page.getByRole('button', { name: 'Send now' }).click();
    await outbox.getByRole('listitem', { name: 'Stormen drar in över kusten' }).getByText('On the server').waitFor();
    const articles = (await staff.client.get('/api/admin/articles?limit=100')).body as { title: string; status: string }[];
    expect(articles.filter((article) => article.title === 'Stormen drar in över kusten')).toEqual([
      expect.objectContaining({ status: 'draft' }),
    ]);
    expect(errors).toEqual([]);
  });

  it('posts live entries from the same console as /admin, and one written offline goes out when the connection returns', async () => {
    await page.getByRole('link', { name: 'Admin' }).click();
    await page.getByRole('tab', { name: 'Articles' }).click();
    await page.getByRole('button', { name: 'Create Article' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Article' });
    await dialog.getByLabel('Title', { exact: true }).fill('Valnatten direkt');
    await dialog.getByLabel('Excerpt', { exact: true }).fill('Följ valnatten');
    await dialog.getByLabel('Category', { exact: true }).selectOption('news');
    await dialog.getByLabel('Author', { exact: true }).fill('Sara Skribent');
    await dialog.getByLabel('Status', { exact: true }).selectOption('published');
    await dialog.getByLabel('Kind', { exact: true }).selectOption({ label: 'Live coverage' });
    await dialog.getByRole('textbox', { name: 'Content', exact: true }).click();
    await page.keyboard.type('Rösterna räknas.');
    await dialog.getByRole('button', { name: 'Create Article' }).click();
    await page.getByRole('link', { name: 'Live console: Valnatten direkt' }).click();
    const articles = (await staff.client.get('/api/admin/articles?limit=100')).body as { id: number; title: string }[];
    const { id } = articles.find((article) => article.title === 'Valnatten direkt')!;
    const composer = page.getByRole('region', { name: 'New entry' });
    const entries = page.getByRole('region', { name: 'Entries' });
    const onServer = async () => ((await (await fetch(`${server.url}/api/articles/${id}/live`)).json()) as { entries: { title: string }[] })
      .entries.map((entry) => entry.title).reverse();

    await composer.getByLabel('Title (optional)').fill('Vallokalerna stänger');
    await composer.getByRole('textbox', { name: 'Entry' }).click();
    await page.keyboard.type('Klockan 20 stängde vallokalerna.');
    await page.keyboard.press('Control+Enter');
    await entries.getByRole('article', { name: /: Vallokalerna stänger$/ }).waitFor();
    expect(await onServer()).toEqual(['Vallokalerna stänger']);

    // Written while the connection is down: kept on this computer, shown as waiting, published once when it returns.
    await proxy.cut();
    await composer.getByLabel('Title (optional)').fill('Första prognosen');
    await composer.getByRole('textbox', { name: 'Entry' }).click();
    await page.keyboard.type('Valvakans prognos visar ett jämnt läge.');
    await page.keyboard.press('Control+Enter');
    const waiting = entries.getByRole('article', { name: 'Waiting for connection: Första prognosen' });
    await waiting.waitFor();
    await proxy.restore();
    await entries.getByRole('article', { name: /\d: Första prognosen$/ }).waitFor({ timeout: 20_000 });
    await waiting.waitFor({ state: 'detached' });
    expect(await onServer()).toEqual(['Vallokalerna stänger', 'Första prognosen']);
    expect(errors).toEqual([]);
  });
});


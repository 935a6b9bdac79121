import { describe, expect, it } from 'vitest';
import type { Request } from 'playwright-core';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { image } from '../api/test/support/media.js';
import { createAdminWithCli, signedInContext } from './support/admin.js';
import { DESKTOP, launchProfile, openPage, seededServerAndBrowser, serviceWorkerActivated } from './support/browser.js';

const env = seededServerAndBrowser();

type Row = { id: number; title: string; category: string };

describe('offline-first', () => {
  it('is installable: Chromium reports no installability errors', async () => {
    const profile = await mkdtemp(path.join(os.tmpdir(), 'redaktion-profile-'));
    const context = await launchProfile(profile);
    const { page } = await openPage(context);
    await page.goto(env.server.url);
    await serviceWorkerActivated(page);
    // With the worker in charge and the network up, pages still come server-rendered (the shell is for offline).
    const html = await (await page.reload())!.text();
    expect(html).toContain('<h1');
    expect(html).not.toContain('<!--app-html-->');
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors') as { installabilityErrors: { errorId: string }[] };
    expect(installabilityErrors).toEqual([]);
    const manifest = await (await page.request.get(`${env.server.url}/manifest.en.webmanifest`)).json() as { display: string; icons: { purpose: string }[]; shortcuts: { url: string }[] };
    expect(manifest.display).toBe('standalone');
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    expect(manifest.shortcuts.map((shortcut) => shortcut.url)).toEqual(['/podcasts', '/dashboard/reading-list']);
    await context.close();
    await rm(profile, { recursive: true, force: true });
  });

  it('offers a new version with a Reload prompt instead of changing under the reader', async () => {
    const context = await env.browser.newContext({ ...DESKTOP, locale: 'en-GB' });
    // The page registers its worker once loaded and idle. A version deployed before that would be found by the browser
    // on its own, not as an update of the page's registration: the test waits until the page has registered.
    await context.addInitScript(() => {
      const register = ServiceWorkerContainer.prototype.register;
      ServiceWorkerContainer.prototype.register = function (...args: Parameters<typeof register>) {
        return register.apply(this, args).then((registration) => {
          (window as { swRegistered?: boolean }).swRegistered = true;
          return registration;
        });
      };
    });
    const { page, errors } = await openPage(context);
    await page.goto(env.server.url);
    await serviceWorkerActivated(page);
    await page.reload();
    await page.waitForFunction(() => (window as { swRegistered?: boolean }).swRegistered === true);
    const worker = path.resolve('pwa/dist/client/sw.js');
    const original = await readFile(worker, 'utf8');
    try {
      // The next deploy: a different service worker at the same address.
      await writeFile(worker, `${original}\n// the next version\n`);
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
      await page.getByText('A new version of Redaktion is available.').waitFor();
      expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())!.waiting))).toBe(true);
      // Reload is the reader's first tap, held as a finger holds it: the work kept from the first screen does not start
      // as the page goes, the new version takes over, and the page reloads into it (no prompt, no version waiting).
      const reload = (await page.getByRole('button', { name: 'Reload' }).boundingBox())!;
      await page.mouse.move(reload.x + reload.width / 2, reload.y + reload.height / 2);
      const asked: string[] = [];
      const ask = (request: Request) => void asked.push(request.url());
      page.on('request', ask);
      page.once('framenavigated', () => page.off('request', ask));
      await page.mouse.down();
      await page.waitForTimeout(300);
      await Promise.all([page.waitForEvent('load', { timeout: 30_000 }), page.mouse.up()]);
      // A request from the departing page as the new version takes over would hold the reload back (up to 30 s).
      expect(asked).toEqual([`${env.server.url}/`]);
      expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())!.waiting))).toBe(false);
      expect(await page.getByText('A new version of Redaktion is available.').count()).toBe(0);
    } finally {
      await writeFile(worker, original);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a page a signed-out reader has seen, as the server rendered it, with no network; and forgets such pages at sign-in', async () => {
    const { id } = (await env.server.db('articles').where({ status: 'published', premium: false }).orderBy('id', 'desc').first('id')) as Row;
    const context = await env.browser.newContext({ ...DESKTOP, locale: 'en-GB', baseURL: env.server.url });
    const { page, errors } = await openPage(context);
    const keptPages = () => page.evaluate(async () => (await (await caches.open('redaktion-pages')).keys()).map((request) => new URL(request.url).pathname));
    const articleBody = (html: string) => /<div class="article-body">.*?<\/div>/s.exec(html)?.[0];
    await page.goto('/');
    await serviceWorkerActivated(page);
    const online = articleBody(await (await page.goto(`/article/${id}`))!.text());
    expect(online).toMatch(/<p>.+<\/p>/);
    await expect.poll(keptPages).toContain(`/article/${id}`);

    await context.setOffline(true);
    const offline = await page.goto(`/article/${id}`);
    // The text is in the page the worker answers with, before any script runs (not the app shell filled in later).
    expect(offline!.fromServiceWorker()).toBe(true);
    expect(articleBody(await offline!.text())).toBe(online);
    await expect.poll(() => page.locator('.article-body p').count()).toBeGreaterThan(0);
    await context.setOffline(false);

    // Signed in, the reader's pages are theirs (private, no-store): none is kept, and those kept before go.
    const registered = await context.request.post('/api/register', { data: { username: 'fickreader', email: 'fickreader@example.se', password: 'tunnelbana1' } });
    expect(registered.status()).toBe(201);
    await page.goto(`/article/${id}`);
    await expect.poll(keptPages).toEqual([]);
    expect(errors.filter((error) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|NetworkError/.test(error))).toEqual([]);
    await context.close();
  });

  it('reads, saves, downloads and plays with no network, queues a profile edit, and refreshes when the network returns', async () => {
    const [read, saved, unvisited] = (await env.server.db('articles').where({ status: 'published', premium: false })
      .orderBy('id').limit(3).select('id', 'title', 'category')) as Row[];
    const episode = (await env.server.db('podcasts').where({ status: 'published', premium: false }).whereNotNull('audio_file')
      .orderBy('id').first('id', 'title')) as Row;

    const context = await env.browser.newContext({ ...DESKTOP, locale: 'en-GB', baseURL: env.server.url });
    const registered = await context.request.post('/api/register', { data: { username: 'pendlare', email: 'pendlare@example.se', password: 'tunnelbana1' } });
    expect(registered.status()).toBe(201);
    const { page, errors } = await openPage(context);

    await page.goto('/');
    await serviceWorkerActivated(page);
    await page.reload();
    await page.goto(`/article/${read!.id}`);
    await expect.poll(() => page.locator('.article-body').textContent()).toBeTruthy();
    const readText = (await page.locator('.article-body p').first().textContent())!;

    // Saved from a list without being opened: the whole article comes along (its category's list holds it, whatever
    // the newest three of the news page are).
    await page.goto(`/news?category=${saved!.category}`);
    await page.getByRole('button', { name: `Save for offline: ${saved!.title}` }).first().click();
    await expect.poll(() => page.getByRole('button', { name: `Remove from saved: ${saved!.title}` }).count()).toBeGreaterThan(0);

    await page.goto(`/podcast/${episode.id}`);
    await page.getByRole('button', { name: `Save episode for offline listening: ${episode.title}` }).click();
    await page.getByRole('button', { name: `Delete download: ${episode.title}` }).waitFor();
    await page.goto('/dashboard/profile');
    await page.getByLabel('First name').waitFor();

    await context.setOffline(true);

    await page.goto('/');
    await expect.poll(() => page.getByText("You're offline").count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator('main').getByRole('link', { name: new RegExp(read!.title.slice(0, 20)) }).count()).toBeGreaterThan(0);

    await page.goto(`/article/${read!.id}`);
    await expect.poll(() => page.locator('.article-body p').first().textContent()).toBe(readText);

    await page.goto(`/article/${saved!.id}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(saved!.title);
    expect(await page.locator('.article-body p').count()).toBeGreaterThan(0);

    await page.goto(`/article/${unvisited!.id + 100}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Not available offline');

    await page.goto('/dashboard/reading-list');
    await expect.poll(() => page.getByRole('link', { name: saved!.title, exact: true }).count()).toBe(1);
    await page.goto('/dashboard/podcasts');
    await expect.poll(() => page.getByRole('link', { name: episode.title, exact: true }).count()).toBe(1);
    await expect.poll(() => page.getByText(/used of .* available on this device/).count()).toBe(1);

    await page.goto(`/podcast/${episode.id}`);
    await expect.poll(() => page.getByText('Playing from this device').count()).toBe(1);
    const audio = page.locator('audio');
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.readyState)).toBeGreaterThanOrEqual(1);
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime)).toBeGreaterThan(0.5);
    await page.getByRole('button', { name: 'Forward 15 seconds' }).click();
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime)).toBeGreaterThanOrEqual(15);
    await page.getByRole('slider', { name: 'Seek' }).fill('50');
    const duration = await audio.evaluate((element: HTMLAudioElement) => element.duration);
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime)).toBeGreaterThanOrEqual(duration / 2 - 1);
    await page.getByRole('button', { name: 'Pause', exact: true }).click();

    // Still signed in offline (only a real 401 signs out), and the edit waits on the device.
    await page.goto('/dashboard/profile');
    await page.getByLabel('First name').fill('Tunnel');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.getByText('Saved on this device').count()).toBeGreaterThan(0);

    // Paying cannot work offline, and the page says so before the reader tries.
    await page.goto('/subscribe');
    await expect.poll(() => page.getByText('This needs a connection, and you are offline.', { exact: false }).count()).toBe(1);

    // Meanwhile the newsroom changes the article the reader has open.
    await page.goto(`/article/${read!.id}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(read!.title);
    await env.server.db('articles').where({ id: read!.id }).update({ title: 'Uppdaterad rubrik' });
    await env.server.contentChanged();

    await context.setOffline(false);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 }).toBe('Uppdaterad rubrik');
    await expect.poll(() => page.getByText("You're offline").count()).toBe(0);
    await expect.poll(async () => ((await (await context.request.get('/api/user')).json()) as { firstName: string }).firstName, { timeout: 15_000 }).toBe('Tunnel');
    expect(errors.filter((error) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|NetworkError/.test(error))).toEqual([]);
    await context.close();
  });

  it('keeps the pictures inside a saved article, in the size the page picks, and shows them with no network', async () => {
    const editor = { username: 'bildredaktor', email: 'bildredaktor@example.se', password: 'bildredaktorns-losen-2026' };
    await createAdminWithCli(env.server, editor);
    const staff = await signedInContext(env.browser, env.server, editor);
    const upload = await staff.request.post('/api/upload', {
      multipart: { file: { name: 'faerjelaget.jpg', mimeType: 'image/jpeg', buffer: await image('jpeg', 1600, 1000) } },
    });
    expect(upload.status()).toBe(201);
    const { url } = await upload.json() as { url: string };
    const title = 'Färjan i hamn efter stormen';
    const created = await staff.request.post('/api/admin/articles', {
      data: {
        title, excerpt: 'Passagerarna fick vänta', category: 'news', author: 'Sara Skribent', status: 'published',
        content: `Färjan lade till vid midnatt.\n\n::figure[Färjan vid kajen]{src="${url}" alt="En vit färja vid en kaj i mörker" credit="Foto: Redaktion"}\n\nAlla var i behåll.`,
      },
    });
    expect(created.status()).toBe(201);
    const { id } = await created.json() as Row;
    await staff.close();

    const context = await env.browser.newContext({ ...DESKTOP, locale: 'en-GB', baseURL: env.server.url });
    const { page, errors } = await openPage(context);
    await page.goto('/');
    await serviceWorkerActivated(page);
    await page.reload();
    // Saved from a list, never opened: no picture of its text has been on screen (and in the seen-images cache).
    await page.goto('/news');
    await page.getByRole('button', { name: `Save for offline: ${title}` }).first().click();
    await expect.poll(() => page.getByRole('button', { name: `Remove from saved: ${title}` }).count()).toBeGreaterThan(0);
    // The star fills as soon as the text is kept; the reader is told it is saved once its pictures are kept too.
    await expect.poll(() => page.getByText('Saved for offline reading').count()).toBeGreaterThan(0);

    await context.setOffline(true);
    await page.goto(`/article/${id}`);
    const picture = page.locator('.article-body figure').getByRole('img', { name: 'En vit färja vid en kaj i mörker' });
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
    // The size this 720 px column picks from the srcset, not the full original.
    expect(await picture.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).search)).toBe('?w=800');
    expect(await page.locator('.article-body figcaption').textContent()).toBe('Färjan vid kajen Foto: Redaktion');
    expect(errors.filter((error) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|NetworkError/.test(error))).toEqual([]);
    await context.close();
  });
});

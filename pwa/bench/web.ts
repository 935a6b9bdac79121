import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { scriptsFetched, serviceWorkerActivated } from '../../e2e/support/browser.js';

/**
 * npm run bench:web: builds the PWA, starts a fresh server as `npm start` does, then reports the JavaScript a phone's
 * Chromium fetches on the home route in its first 5 s (gzip) and Lighthouse's mobile scores for the home, an article,
 * the richest free demo article (figures, a fact box, embeds) and an episode page, in the Debian Chromium, each page's first request since the start.
 * Targets: home JavaScript ≤ 120 KB gzip; performance ≥ 95; accessibility 100.
 * Offline: the size of what the service worker precaches, and, with the network off and the browser freshly
 * started on a profile that used the site, the time from navigation to the first article text (target < 1 s).
 */
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const root = path.resolve(new URL('../..', import.meta.url).pathname);
const vite = path.join(root, 'node_modules/vite/bin/vite.js');
for (const args of [['build'], ['build', '--ssr', 'src/entry-server.tsx']]) {
  const result = spawnSync(process.execPath, [vite, ...args, path.join(root, 'pwa'), '--logLevel', 'warn'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
spawnSync(process.execPath, [path.join(root, 'scripts/precompress.mjs')], { stdio: 'inherit' });

// A fresh server, started as `npm start` starts it (its own process, a new data folder seeded with the demo content),
// and not warmed: every page below is measured as the first reader after a start meets it.
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'redaktion-bench-web-'));
const port = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address() as { port: number };
    probe.close(() => resolve(free));
  });
});
const origin = `http://127.0.0.1:${port}`;
const started = performance.now();
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'api/src/server.ts')], {
  cwd: root, env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir }, stdio: ['ignore', 'ignore', 'inherit'],
});
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
try {
  for (;;) {
    try {
      if ((await fetch(`${origin}/api/config`)).ok) break;
    } catch { /* not listening yet */ }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  console.log(`Started the server as npm start does (node --import tsx api/src/server.ts, a new seeded DATA_DIR), listening after ${(performance.now() - started).toFixed(0)} ms; no warm-up requests.`);
  const free = ((await (await fetch(`${origin}/api/articles?limit=30`)).json()) as { id: number; premium: boolean }[]).filter((a) => !a.premium);
  const article = free[0]!;
  // The rich article: the free demo article whose body holds the most of the format's blocks (figures, fact boxes, embeds).
  const richness = async (id: number) => {
    const { body = [] } = (await (await fetch(`${origin}/api/articles/${id}`)).json()) as { body?: { type: string }[] };
    return new Set(body.map((block) => block.type).filter((type) => ['figure', 'factbox', 'youtube', 'embed', 'table'].includes(type))).size;
  };
  const scored = await Promise.all(free.map(async (a) => ({ id: a.id, score: await richness(a.id) })));
  const rich = scored.reduce((best, next) => (next.score > best.score ? next : best));
  const episode = ((await (await fetch(`${origin}/api/podcasts?limit=30`)).json()) as { id: number; premium: boolean }[]).find((e) => !e.premium)!;

  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const { files, total } = await scriptsFetched(await context.newPage(), `${origin}/?from=bench`, 5000);
    console.log(`Home route on a phone: Chromium fetched ${files.length} scripts in the first 5 s after load, ${kb(total)} gzip `
      + `(target ≤ 120 KB gzip: ${total <= 120 * 1024 ? 'met' : 'MISSED'}); the CSS is inline in the page.`);
    await context.close();
  } finally {
    await browser.close();
  }

  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    console.log('\nLighthouse 12, mobile profile (simulated throttling):');
    console.log('page                 performance  accessibility  best practices');
    const pages = [['home', '/'], ['article', `/article/${article.id}`], ['rich article', `/article/${rich.id}`], ['episode', `/podcast/${episode.id}`]] as const;
    for (const [name, route] of pages) {
      const result = await lighthouse(`${origin}${route}`, {
        port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'],
      });
      const categories = result!.lhr.categories;
      const score = (key: string) => String(Math.round((categories[key]?.score ?? 0) * 100)).padEnd(15);
      console.log(`${name.padEnd(21)}${score('performance')}${score('accessibility')}${score('best-practices')}`);
    }
  } finally {
    await chrome.kill();
  }
  await offline(origin, article.id);
} finally {
  child.kill('SIGTERM');
  await rm(dataDir, { recursive: true, force: true });
}

async function offline(origin: string, articleId: number) {
  const sw = await readFile(path.join(root, 'pwa/dist/client/sw.js'), 'utf8');
  // The precache manifest Workbox injected: {"revision":…,"url":…} entries.
  const urls = [...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]!);
  let bytes = 0;
  for (const url of urls) bytes += (await stat(path.join(root, 'pwa/dist/client', url))).size;
  console.log(`\nOffline: the service worker precaches ${urls.length} files, ${kb(bytes)} (no admin chunk: ${urls.some((u) => u.includes('/admin/')) ? 'NO' : 'yes'}).`);

  const profile = await mkdtemp(path.join(os.tmpdir(), 'redaktion-bench-'));
  const launch = () => chromium.launchPersistentContext(profile, { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS, viewport: { width: 390, height: 844 } });
  try {
    // A reader who used the site: the app installed itself and the article was read.
    let context = await launch();
    let page = context.pages()[0] ?? await context.newPage();
    await page.goto(origin);
    await serviceWorkerActivated(page);
    await page.goto(`${origin}/article/${articleId}`);
    await page.waitForSelector('.article-body p');
    // A reader reads: scrolling past the first screen is what keeps the page on the device.
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(1500);
    await context.close();

    const times: number[] = [];
    for (let run = 0; run < 5; run += 1) {
      context = await launch();
      await context.setOffline(true);
      page = context.pages()[0] ?? await context.newPage();
      await page.goto(`${origin}/article/${articleId}`, { waitUntil: 'commit' });
      await page.waitForSelector('.article-body p', { timeout: 10_000 });
      times.push(await page.evaluate(() => performance.now()));
      await context.close();
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    console.log(`  First article text with the network off, fresh browser start: median ${median.toFixed(0)} ms of ${times.length} runs (${times.map((t) => t.toFixed(0)).join(', ')}; target < 1000 ms: ${median < 1000 ? 'met' : 'MISSED'})`);
  } finally {
    await rm(profile, { recursive: true, force: true });
  }
}

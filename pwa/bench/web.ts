import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startTestServer } from '../../api/test/support/test-server.js';
import { serviceWorkerActivated } from '../../e2e/support/browser.js';

/**
 * npm run bench:web: builds the PWA, then reports the JavaScript and CSS the home route loads (bytes and
 * gzip) and Lighthouse's mobile scores for the home, an article and an episode page, in the Debian Chromium.
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

const server = await startTestServer({ seed: true });
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
try {
  const html = await (await fetch(`${server.url}/`)).text();
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(js|css))"/g)].map((m) => m[1]!);
  const totals = { js: { raw: 0, gzip: 0 }, css: { raw: 0, gzip: 0 } };
  for (const asset of assets) {
    const bytes = await readFile(path.join(root, 'pwa/dist/client', asset));
    const kind = asset.endsWith('.js') ? 'js' : 'css';
    totals[kind].raw += bytes.length;
    totals[kind].gzip += gzipSync(bytes, { level: 9 }).length;
  }
  // The stylesheet is inlined into the page by the server (api/src/http/client-app.ts).
  for (const [, css] of html.matchAll(/<style>([\s\S]*?)<\/style>/g)) {
    totals.css.raw += Buffer.byteLength(css!);
    totals.css.gzip += gzipSync(Buffer.from(css!), { level: 9 }).length;
  }
  console.log(`Home route loads ${assets.length} script file(s); its CSS is inline:`);
  console.log(`  JavaScript ${kb(totals.js.raw)} (${kb(totals.js.gzip)} gzip; target ≤ 120 KB gzip: ${totals.js.gzip <= 120 * 1024 ? 'met' : 'MISSED'})`);
  console.log(`  CSS        ${kb(totals.css.raw)} (${kb(totals.css.gzip)} gzip)`);

  const article = (await server.db('articles').where({ premium: false }).orderBy('id').first('id')) as { id: number };
  const episode = (await server.db('podcasts').where({ premium: false }).orderBy('id').first('id')) as { id: number };
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    console.log('\nLighthouse 12, mobile profile (simulated throttling):');
    console.log('page                 performance  accessibility  best practices');
    for (const [name, route] of [['home', '/'], ['article', `/article/${article.id}`], ['episode', `/podcast/${episode.id}`]] as const) {
      // A server in production is warm: the first render after start loads the renderer and fills the caches.
      await (await fetch(`${server.url}${route}`)).text();
      const result = await lighthouse(`${server.url}${route}`, {
        port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'],
      });
      const categories = result!.lhr.categories;
      const score = (key: string) => String(Math.round((categories[key]?.score ?? 0) * 100)).padEnd(15);
      console.log(`${name.padEnd(21)}${score('performance')}${score('accessibility')}${score('best-practices')}`);
    }
  } finally {
    await chrome.kill();
  }
  await offline(server.url, article.id);
} finally {
  await server.close();
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
    await page.waitForTimeout(500);
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

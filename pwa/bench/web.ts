import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startTestServer } from '../../api/test/support/test-server.js';

/**
 * npm run bench:web: builds the PWA, then reports the JavaScript and CSS the home route loads (bytes and
 * gzip) and Lighthouse's mobile scores for the home, an article and an episode page, in the Debian Chromium.
 * Targets: home JavaScript ≤ 120 KB gzip; performance ≥ 95; accessibility 100.
 */
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
} finally {
  await server.close();
}

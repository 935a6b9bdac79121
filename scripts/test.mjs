// npm test: type checks, lint, builds the PWA the server tests load, runs every vitest project, then prints
// one summary line ("N passed, N failed") summed from the JSON reports for CI to read.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
const node = (args) => spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' }).status ?? 1;
mkdirSync(`${root}reports`, { recursive: true });

let failedSteps = 0;
for (const project of ['tsconfig.json', 'pwa/tsconfig.json', 'desktop-admin/tsconfig.json']) {
  if (node([`${root}node_modules/typescript/bin/tsc`, '-p', project, '--noEmit']) !== 0) failedSteps += 1;
}
// ESLint over the repository, import boundaries included (a warning passes, an error fails the run).
if (node([`${root}node_modules/eslint/bin/eslint.js`, root]) !== 0) failedSteps += 1;
// The server tests render pages with the built PWA: build it fresh.
for (const args of [['build'], ['build', '--ssr', 'src/entry-server.tsx']]) {
  if (node([`${root}node_modules/vite/bin/vite.js`, ...args, `${root}pwa`, '--logLevel', 'warn']) !== 0) failedSteps += 1;
}
if (node([`${root}scripts/precompress.mjs`]) !== 0) failedSteps += 1;
// The desktop renderer test loads the desktop app's build.
if (node([`${root}desktop-admin/scripts/build.mjs`]) !== 0) failedSteps += 1;
const vitestStatus = node([`${root}node_modules/vitest/vitest.mjs`, 'run', '--reporter=default', '--reporter=json',
  `--outputFile.json=${root}reports/vitest.json`, ...process.argv.slice(2)]);

let passed = 0;
let failed = failedSteps;
if (existsSync(`${root}reports/vitest.json`)) {
  const report = JSON.parse(readFileSync(`${root}reports/vitest.json`, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  if (vitestStatus !== 0 && report.numFailedTests === 0) failed += 1;
} else if (vitestStatus !== 0) {
  failed += 1;
}
console.log(`\n${passed} passed, ${failed} failed${failedSteps ? ` (including ${failedSteps} failed type check, lint or build steps)` : ''}`);
process.exit(failed > 0 ? 1 : 0);

// npm run test:electron: builds the desktop app, then runs the vitest project 'electron' (desktop-admin/electron-test),
// which checks the app in real Electron, or skips each check, saying why, where Electron's binary is not installed.
import { spawnSync } from 'node:child_process';

const root = new URL('../..', import.meta.url).pathname;
const run = (args) => spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' }).status ?? 1;
const status = run([`${root}desktop-admin/scripts/build.mjs`]) || run([`${root}node_modules/vitest/vitest.mjs`, 'run', '--project', 'electron', '--reporter=verbose']);
process.exit(status);

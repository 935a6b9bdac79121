// npm start: builds the PWA when it is not built, then becomes the server (migrations and demo seed happen at its
// start). The server runs in this process, not a child, so that a signal to `npm start` reaches it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { register } from 'tsx/esm/api';

const root = new URL('..', import.meta.url).pathname;
const run = (args) => {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (!existsSync(`${root}pwa/dist/client/index.html`) || !existsSync(`${root}pwa/dist/server/entry-server.js`)) {
  console.log('Building the reader app…');
  run([`${root}node_modules/vite/bin/vite.js`, 'build', `${root}pwa`, '--logLevel', 'warn']);
  run([`${root}node_modules/vite/bin/vite.js`, 'build', '--ssr', 'src/entry-server.tsx', `${root}pwa`, '--logLevel', 'warn']);
  run([`${root}scripts/precompress.mjs`]);
}
register();
await import(`${root}api/src/server.ts`);

// Builds the desktop app's three bundles into dist/: main (Node, CommonJS), preload (sandboxed, CommonJS)
// and the renderer (Vite). Electron itself is not needed to build, only to run and to package.
import { build as esbuild } from 'esbuild';
import { build as vite } from 'vite';

const root = new URL('..', import.meta.url).pathname;
const node = { bundle: true, platform: 'node', format: 'cjs', target: 'node22', sourcemap: true, logLevel: 'warning', external: ['electron'] };

await Promise.all([
  esbuild({
    ...node,
    entryPoints: [`${root}src/main/index.ts`],
    outfile: `${root}dist/main/index.cjs`,
    // electron-updater reads files next to the app at run time: it stays a package of its own in the app.
    external: ['electron', 'electron-updater'],
    define: { BUILD_UPDATE_URL: JSON.stringify(process.env.DESKTOP_UPDATE_URL ?? '') },
  }),
  esbuild({ ...node, entryPoints: [`${root}src/main/preload.ts`], outfile: `${root}dist/preload/index.cjs` }),
]);
await vite({ configFile: `${root}vite.config.ts`, logLevel: 'warn' });

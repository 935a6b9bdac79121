import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { appManifest } from './build/app-manifest.ts';

/**
 * Two builds: the browser's (dist/client, with index.html as the page template and the app shell, and the
 * service worker) and the server renderer (dist/server/entry-server.js), which the Koa server loads to
 * render reader pages.
 */
/** The admin module (@redaktion/pwa/admin) and the PWA's host page for it: staff-only code, never precached. */
const isAdmin = (id: string | null | undefined) => Boolean(id && /[\\/]src[\\/](pages[\\/])?admin[\\/]/.test(id));

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    ...(isSsrBuild ? [] : [
      appManifest(),
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'src',
        filename: 'sw.ts',
        registerType: 'prompt',
        injectRegister: false,
        manifest: false,
        injectManifest: {
          globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
          // Readers never download the admin screens, online or off.
          globIgnores: ['assets/admin/**', 'icons/og-default.png'],
          maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        },
      }),
    ]),
  ],
  build: isSsrBuild
    ? { outDir: 'dist/server', emptyOutDir: true, copyPublicDir: false, rollupOptions: { output: { entryFileNames: 'entry-server.js' } } }
    : {
      outDir: 'dist/client',
      emptyOutDir: true,
      // The server reads it to tell the browser which chunks a page needs (api/src/http/client-app.ts).
      manifest: true,
      rollupOptions: {
        output: {
          // The admin chunk has a folder of its own, so the service worker's precache can leave it out.
          // A chunk holding any admin module is loaded only by admin entries (reader code imports them lazily only).
          chunkFileNames: (chunk) => (chunk.moduleIds.some(isAdmin) ? 'assets/admin/[name]-[hash].js' : 'assets/[name]-[hash].js'),
          assetFileNames: (asset) => (asset.originalFileNames?.some(isAdmin) || asset.names?.some((name) => /admin/i.test(name))
            ? 'assets/admin/[name]-[hash][extname]' : 'assets/[name]-[hash][extname]'),
        },
      },
    },
  ssr: { noExternal: ['@redaktion/shared', '@redaktion/pwa'] },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/uploads': 'http://127.0.0.1:3000' } },
}));

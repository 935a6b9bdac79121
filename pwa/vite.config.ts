import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Two builds: the browser's (dist/client, with index.html as the page template) and the server renderer
 * (dist/server/entry-server.js), which the Koa server loads to render reader pages.
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  build: isSsrBuild
    ? { outDir: 'dist/server', emptyOutDir: true, copyPublicDir: false, rollupOptions: { output: { entryFileNames: 'entry-server.js' } } }
    : { outDir: 'dist/client', emptyOutDir: true },
  ssr: { noExternal: ['@redaktion/shared'] },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/uploads': 'http://127.0.0.1:3000' } },
}));

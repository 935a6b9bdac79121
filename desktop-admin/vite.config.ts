import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The renderer, served from app://redaktion/ by the main process (never file://). */
export default defineConfig({
  root: new URL('./src/renderer', import.meta.url).pathname,
  base: '/',
  plugins: [react()],
  build: {
    outDir: new URL('./dist/renderer', import.meta.url).pathname,
    emptyOutDir: true,
    // No inline scripts or module preload polyfill: the page's CSP allows scripts from the app only.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
  },
});

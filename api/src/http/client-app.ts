import path from 'node:path';
import { readFile } from 'node:fs/promises';
import type { Context, Next } from 'koa';
import { isClientRoute } from '@redaktion/shared';
import { sendFile, safeJoin } from './send-file.js';

/**
 * Serves the built PWA: its files, its routes with 200, and every other path with status 404
 * and the same app, which shows its 404 page. Hashed assets are cached for a year; the shell,
 * the service worker and the manifest are revalidated so that a new release reaches readers.
 */
export function clientApp(distDir: string) {
  const root = path.resolve(distDir);
  let shell: Promise<string> | null = null;
  const readShell = () => (shell ??= readFile(path.join(root, 'index.html'), 'utf8').catch((error: unknown) => {
    shell = null;
    throw error;
  }));

  return async function serveClientApp(ctx: Context, next: Next): Promise<void> {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path === '/articles') {
      // The alternative home links to /articles?category=…; the listing lives at /news.
      ctx.status = 301;
      ctx.redirect(`/news${ctx.querystring ? `?${ctx.querystring}` : ''}`);
      return;
    }
    if (ctx.path !== '/' && path.extname(ctx.path)) {
      const file = safeJoin(root, ctx.path);
      const immutable = ctx.path.startsWith('/assets/');
      if (file && (await sendFile(ctx, file, { immutable, maxAgeSeconds: immutable ? undefined : 0 }))) return;
    }
    let html: string;
    try {
      html = await readShell();
    } catch {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The reader app is not built yet: run `npm run build` (npm start does it for you).';
      return;
    }
    ctx.status = isClientRoute(ctx.path) ? 200 : 404;
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = html;
  };
}

import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import type { Context, Next } from 'koa';
import { sendFile, safeJoin } from './send-file.js';

/** What the PWA's server build exports (pwa/src/entry-server.tsx). */
interface Renderer {
  render(request: { url: string; origin: string; apiBase: string; cookie: string | undefined; acceptLanguage: string | undefined }): Promise<{
    status: number; html: string; head: string; boot: string; htmlAttributes: { lang: string; theme: string }; modules: string[];
  }>;
}

/** Vite's build manifest: each source module's chunk and the chunks it imports. */
type BuildManifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

/**
 * <link rel="modulepreload"> for a page's own chunks: the browser fetches them beside the app's script
 * instead of after it, so hydration does not wait a round trip longer. The entry itself is already loading.
 */
export function preloadLinks(manifest: BuildManifest, modules: string[]): string {
  const graph = (keys: string[], into = new Set<string>()) => {
    for (const key of keys) {
      const chunk = manifest[key];
      if (!chunk || into.has(chunk.file)) continue;
      into.add(chunk.file);
      graph(chunk.imports ?? [], into);
    }
    return into;
  };
  // The page template already preloads the entry and what it imports.
  const inTemplate = graph(Object.keys(manifest).filter((key) => manifest[key]!.isEntry));
  return [...graph(modules)].filter((file) => !inTemplate.has(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
}

/**
 * Serves the PWA: its built files, and every other GET as a server-rendered page (status 404 for a path
 * that is no route, or whose subject does not exist). The renderer reads the API through this same
 * server over loopback, with the reader's cookie, so what the page shows is what the API allows.
 * Hashed assets are cached for a year; pages, the service worker and the manifest are revalidated.
 */
export function clientApp(distDir: string, renderApiBase: () => string | undefined = () => undefined) {
  const clientDir = path.resolve(distDir, 'client');
  const serverEntry = path.resolve(distDir, 'server', 'entry-server.js');
  let loaded: Promise<{ template: string; renderer: Renderer; manifest: BuildManifest }> | null = null;
  const load = () => (loaded ??= Promise.all([
    readFile(path.join(clientDir, 'index.html'), 'utf8').then(inlineStylesheets),
    import(pathToFileURL(serverEntry).href) as Promise<Renderer>,
    readFile(path.join(clientDir, '.vite', 'manifest.json'), 'utf8').then((text) => JSON.parse(text) as BuildManifest, () => ({})),
  ]).then(([template, renderer, manifest]) => ({ template, renderer, manifest })).catch((error: unknown) => {
    loaded = null;
    throw error;
  }));

  /**
   * The stylesheet goes into the page itself: a separate file would block the first paint for a whole
   * round trip on a phone network, and the CSS is small (about 7 KB compressed).
   */
  async function inlineStylesheets(template: string): Promise<string> {
    let html = template;
    for (const match of template.matchAll(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g)) {
      const css = await readFile(path.join(clientDir, match[1]!), 'utf8');
      html = html.replace(match[0], `<style>${css}</style>`);
    }
    // The app's script goes after the content it hydrates, so nothing in <head> competes with the first paint.
    for (const match of template.matchAll(/<script type="module" crossorigin src="[^"]+"><\/script>/g)) {
      html = html.replace(match[0], '').replace('</body>', `${match[0]}\n</body>`);
    }
    return html;
  }

  return async function serveClientApp(ctx: Context, next: Next): Promise<void> {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path === '/articles') {
      // The alternative home links to /articles?category=…; the listing lives at /news.
      ctx.status = 301;
      ctx.redirect(`/news${ctx.querystring ? `?${ctx.querystring}` : ''}`);
      return;
    }
    if (ctx.path !== '/' && path.extname(ctx.path)) {
      const file = safeJoin(clientDir, ctx.path);
      const immutable = ctx.path.startsWith('/assets/');
      if (file && (await sendFile(ctx, file, { immutable, maxAgeSeconds: immutable ? undefined : 0, precompressed: immutable }))) return;
    }
    let app: { template: string; renderer: Renderer; manifest: BuildManifest };
    try {
      app = await load();
    } catch {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The reader app is not built yet: run `npm run build` (npm start does it for you).';
      return;
    }
    const socket = ctx.req.socket;
    const host = socket.localAddress?.includes(':') ? `[${socket.localAddress}]` : socket.localAddress;
    const page = await app.renderer.render({
      url: ctx.url,
      origin: `${ctx.protocol}://${ctx.host}`,
      apiBase: renderApiBase() ?? `http://${host}:${socket.localPort}`,
      cookie: ctx.get('Cookie') || undefined,
      acceptLanguage: ctx.get('Accept-Language') || undefined,
    });
    ctx.status = page.status;
    // The database was away for one of the page's reads: the reader is told to come back, not that nothing is there.
    if (page.status === 503) ctx.set('Retry-After', '5');
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('Vary', 'Cookie, Accept-Language');
    ctx.body = app.template
      .replace('<html lang="sv" data-theme="light">', `<html lang="${page.htmlAttributes.lang}" data-theme="${page.htmlAttributes.theme}">`)
      .replace('/manifest.sv.webmanifest', `/manifest.${page.htmlAttributes.lang}.webmanifest`)
      .replace('<!--app-head-->', page.head + preloadLinks(app.manifest, page.modules))
      .replace('<!--app-html-->', page.html)
      .replace('<!--app-boot-->', page.boot);
  };
}

import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { PassThrough, Writable } from 'node:stream';
import type { Context, Middleware } from 'koa';
import type { User } from '@redaktion/shared';
import { toUser } from '../services/accounts/users.js';
import type { AppContext } from './context.js';
import { PERSONAL_HEADERS } from './endpoint.js';
import { overloaded, type Admission } from '../admission.js';
import { HttpError } from '../errors.js';
import { linkOriginOf } from './link-origin.js';
import type { InProcessRead } from './in-process.js';
import { etagOf, type CachedAnswer, type ResponseCache } from './response-cache.js';
import { sendFile, safeJoin } from './send-file.js';

/** What the PWA's server build exports (pwa/src/entry-server.tsx). */
interface Renderer {
  render(request: {
    url: string; origin: string; read: (path: string) => Promise<{ status: number; body: string }>; user: User | null;
    cookie: string | undefined; acceptLanguage: string | undefined; signal: AbortSignal;
  }): Promise<RenderedPage>;
  variant(cookie: string | undefined, acceptLanguage: string | undefined): { locale: string; darkMode: boolean };
}

interface RenderedPage {
  status: number; head: string; boot: string; htmlAttributes: { lang: string; theme: string }; modules: string[];
  youtubePlayer: boolean;
  pipe(into: Writable): void;
}

export interface PageOptions {
  read: InProcessRead;
  /** Where signed-out pages are kept, beside the API's answers, so the same writes and schedules clear them. */
  cache: ResponseCache;
  /** Renders wait here for their turn, and are refused (503) after waiting too long. */
  admission: Admission;
  /** A render that takes longer is stopped and answered 503. */
  renderBudgetMs: number;
  sessionCookie: string;
  /** Absolute links in a page (canonical, Open Graph, structured data) are built on it (link-origin.ts). */
  publicOrigin: string | null;
  /** The Content-Security-Policy of a page whose article embeds a YouTube video; every other keeps the app's own. */
  youtubePlayerPolicy: string;
}

/**
 * A CDN may keep a signed-out page for a second and serve it stale while it asks again; a browser always revalidates
 * (the ETag makes that a 304). Our own cache is cleared by every write, so edits show within a second. The stale
 * allowance goes to CDNs alone (`CDN-Cache-Control`, RFC 9213): in `Cache-Control` Chromium's cache applies it to
 * `fetch()`, so the service worker's fetch of a page gave the reader a copy up to 30 s old (a 404 for an article
 * published since).
 */
const SHARED_CACHE_HEADERS = { 'Cache-Control': 'public, max-age=0, s-maxage=1', 'CDN-Cache-Control': 'max-age=1, stale-while-revalidate=30' };
/** The language and theme of a page come from the cookie (the reader's choice) or else the browser's language. */
const VARY = 'Accept-Language, Cookie';
const BUSY = 'Servern har mycket att göra just nu: försök igen om en stund. / The server is busy: please try again in a moment.';

/** The database was away for one of the page's reads: the reader is told to come back, not that nothing is there. */
function answerUnavailable(ctx: Context): void {
  ctx.status = 503;
  ctx.set('Retry-After', '5');
  ctx.set('Cache-Control', 'no-store');
}

/** A GET of a reader page rather than of a file or the API. */
const isPage = (ctx: Context) => (ctx.method === 'GET' || ctx.method === 'HEAD') && !ctx.path.startsWith('/api')
  && (ctx.path === '/' || !path.extname(ctx.path)) && !ctx.path.startsWith('/uploads/') && !ctx.path.startsWith('/media/');

/** A path without empty or dot segments and without a trailing slash, as a browser resolves it ('//a/./b/' is '/a/b'). */
function canonicalPath(pathname: string): string {
  const segments: string[] = [];
  for (const segment of pathname.split('/')) {
    if (segment === '..') segments.pop();
    else if (segment !== '' && segment !== '.') segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

interface LoadedApp { template: string; renderer: Renderer; manifest: BuildManifest }

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
 * that is no route, or whose subject does not exist). The renderer reads the API in this process, through
 * the endpoints' own handlers with the reader's user, so what the page shows is what the API allows.
 * Hashed assets are cached for a year; pages, the service worker and the manifest are revalidated.
 */
export function clientApp(distDir: string, options: PageOptions) {
  const { read, cache, admission, renderBudgetMs, sessionCookie, publicOrigin, youtubePlayerPolicy } = options;
  const clientDir = path.resolve(distDir, 'client');
  const serverEntry = path.resolve(distDir, 'server', 'entry-server.js');
  let loaded: Promise<LoadedApp> | null = null;
  /** Set once the build is loaded, so that the fast path can answer without waiting for anything. */
  let ready: LoadedApp | null = null;
  const load = () => (loaded ??= Promise.all([
    readFile(path.join(clientDir, 'index.html'), 'utf8').then(inlineStylesheets),
    import(pathToFileURL(serverEntry).href) as Promise<Renderer>,
    readFile(path.join(clientDir, '.vite', 'manifest.json'), 'utf8').then((text) => JSON.parse(text) as BuildManifest, () => ({})),
  ]).then(([template, renderer, manifest]) => (ready = { template, renderer, manifest })).catch((error: unknown) => {
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

  /**
   * A preview link's page and a gift link's are for whoever holds the token: never kept, indexed, or passed on as a
   * referrer (contract §9); nor is a page a metered reader is shown (a signed-in reader who is not entitled).
   */
  const isPersonal = (ctx: Context) => ctx.path.startsWith('/preview/') || ctx.query.gift !== undefined
    || (Boolean((ctx as AppContext).state.user) && (ctx as AppContext).state.audience === 'reader');
  /** Only a request with no session cookie and no Authorization header is answered from, or stored in, the shared cache. */
  const shared = (ctx: Context) => !ctx.headers.cookie?.includes(`${sessionCookie}=`) && !ctx.headers.authorization && ctx.query.gift === undefined
    && !ctx.path.startsWith('/preview/');
  /** Every key names the audience: a signed-out reader's page, in one language and theme. */
  const pageKey = (app: LoadedApp, ctx: Context) => {
    const { locale, darkMode } = app.renderer.variant(ctx.get('Cookie') || undefined, ctx.get('Accept-Language') || undefined);
    return `page reader ${locale} ${darkMode ? 'dark' : 'light'} ${cache.scopedUrl(ctx)}`;
  };

  /** What a page sends besides the app's own headers, kept with it in the cache. */
  const pageHeaders = (page: RenderedPage): Record<string, string> | undefined =>
    (page.youtubePlayer ? { 'Content-Security-Policy': youtubePlayerPolicy } : undefined);

  function sendShared(ctx: Context, answer: CachedAnswer): void {
    ctx.set('Vary', VARY);
    // Also on a 304: a browser updates the page it keeps with the headers that come with one.
    if (answer.headers) ctx.set(answer.headers);
    if (answer.status === 503) {
      answerUnavailable(ctx);
      ctx.type = answer.type;
      ctx.body = answer.body;
      return;
    }
    ctx.set(SHARED_CACHE_HEADERS);
    ctx.set('ETag', answer.etag);
    if (answer.status === 200 && ctx.get('If-None-Match') === answer.etag) {
      ctx.status = 304;
      return;
    }
    ctx.status = answer.status;
    ctx.type = answer.type;
    ctx.body = answer.body;
  }

  /** The page's HTML around the app's: everything before it, and everything after it. */
  function frame(app: LoadedApp, page: RenderedPage): [string, string] {
    const [before, after] = app.template
      .replace('<html lang="sv" data-theme="light">', `<html lang="${page.htmlAttributes.lang}" data-theme="${page.htmlAttributes.theme}">`)
      .replace('/manifest.sv.webmanifest', `/manifest.${page.htmlAttributes.lang}.webmanifest`)
      .replace('<!--app-head-->', page.head + preloadLinks(app.manifest, page.modules))
      .replace('<!--app-boot-->', page.boot)
      .split('<!--app-html-->') as [string, string];
    return [before, after];
  }

  /** Streams the app's HTML into `out` between the page's frame, and ends it. */
  function pipeInto(out: Writable, app: LoadedApp, page: RenderedPage): void {
    const [before, after] = frame(app, page);
    out.write(before);
    page.pipe(new Writable({
      write: (chunk, _encoding, done) => (out.write(chunk) ? done() : out.once('drain', () => done())),
      final: (done) => { out.end(after); done(); },
    }));
  }

  /** Renders a page within the render budget and stops it when `signal` fires; waits for its turn first. */
  function render(app: LoadedApp, ctx: Context, signal: AbortSignal): Promise<RenderedPage> {
    const { user, audience } = (ctx as AppContext).state;
    return app.renderer.render({
      url: ctx.url,
      origin: linkOriginOf(publicOrigin, ctx),
      read: (apiPath) => read(apiPath, { user, audience, request: ctx }),
      user: user ? toUser(user) : null,
      cookie: ctx.get('Cookie') || undefined,
      acceptLanguage: ctx.get('Accept-Language') || undefined,
      signal,
    });
  }

  /** A busy event loop may run a whole render before the budget's timer fires: the time taken decides too. */
  const overBudget = (started: number) => {
    if (performance.now() - started > renderBudgetMs) throw overloaded();
  };

  /** A signed-out page rendered whole (so that it has an ETag and can be kept), once for all who ask at the same time. */
  const flights = new Map<string, { answer: Promise<CachedAnswer>; readers: number; stop: AbortController }>();
  function renderShared(app: LoadedApp, ctx: Context, key: string, hungUp: AbortSignal): Promise<CachedAnswer> {
    let flight = flights.get(key);
    if (!flight) {
      const stop = new AbortController();
      const timer = setTimeout(() => stop.abort(overloaded()), renderBudgetMs);
      const generation = cache.begin();
      const answer = admission.run(async () => {
        const started = performance.now();
        const page = await render(app, ctx, stop.signal);
        const html = await new Promise<string>((resolve, reject) => {
          const chunks: Buffer[] = [];
          const sink = new Writable({
            write: (chunk: Buffer, _encoding, done) => { chunks.push(chunk); done(); },
            final: (done) => { resolve(Buffer.concat(chunks).toString('utf8')); done(); },
          });
          stop.signal.addEventListener('abort', () => reject(stop.signal.reason), { once: true });
          pipeInto(sink, app, page);
        });
        stop.signal.throwIfAborted();
        overBudget(started);
        const rendered: CachedAnswer = { body: html, etag: etagOf(html), status: page.status, type: 'text/html; charset=utf-8', headers: pageHeaders(page) };
        if (page.status === 200 || page.status === 404) cache.put(key, rendered, generation);
        return rendered;
      }, stop.signal).finally(() => {
        clearTimeout(timer);
        flights.delete(key);
      });
      flight = { answer, readers: 0, stop };
      flights.set(key, flight);
    }
    const current = flight;
    current.readers += 1;
    // The render stops when everyone waiting for it has hung up.
    hungUp.addEventListener('abort', () => {
      current.readers -= 1;
      if (current.readers === 0) current.stop.abort(hungUp.reason);
    }, { once: true });
    return current.answer;
  }

  /** A signed-in reader's page, rendered for them and streamed as it is rendered. */
  async function renderPrivate(app: LoadedApp, ctx: Context, hungUp: AbortSignal): Promise<void> {
    const stop = new AbortController();
    const timer = setTimeout(() => stop.abort(overloaded()), renderBudgetMs);
    const onHangUp = () => stop.abort(hungUp.reason);
    hungUp.addEventListener('abort', onHangUp, { once: true });
    try {
      const page = await admission.run(async () => {
        const started = performance.now();
        const rendered = await render(app, ctx, stop.signal);
        overBudget(started);
        return rendered;
      }, stop.signal);
      ctx.status = page.status;
      if (page.status === 503) answerUnavailable(ctx);
      ctx.type = 'text/html; charset=utf-8';
      ctx.set('Cache-Control', 'private, no-store');
      ctx.set('Vary', VARY);
      ctx.set(pageHeaders(page) ?? {});
      if (isPersonal(ctx)) ctx.set(PERSONAL_HEADERS);
      const out = new PassThrough();
      out.once('close', () => {
        clearTimeout(timer);
        hungUp.removeEventListener('abort', onHangUp);
      });
      pipeInto(out, app, page);
      ctx.body = out;
    } catch (error) {
      clearTimeout(timer);
      hungUp.removeEventListener('abort', onHangUp);
      throw error;
    }
  }

  /** Answers a signed-out reader's page from the cache before sessions run: a breaking story's traffic stops here. */
  const fastPath: Middleware = async (ctx, next) => {
    const hit = ready && isPage(ctx) && shared(ctx) ? cache.lookup(pageKey(ready, ctx)) : undefined;
    if (hit) sendShared(ctx, hit);
    else await next();
  };

  const serve: Middleware = async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path === '/articles') {
      // The alternative home links to /articles?category=…; the listing lives at /news.
      ctx.status = 301;
      ctx.redirect(`/news${ctx.querystring ? `?${ctx.querystring}` : ''}`);
      return;
    }
    const canonical = canonicalPath(ctx.path);
    if (canonical !== ctx.path) {
      // One address per page, the one its links use: '/privacy/' is '/privacy', and '//' is '/', not a host.
      ctx.status = 301;
      ctx.redirect(`${canonical}${ctx.querystring ? `?${ctx.querystring}` : ''}`);
      return;
    }
    if (ctx.path !== '/' && path.extname(ctx.path)) {
      const file = safeJoin(clientDir, ctx.path);
      const immutable = ctx.path.startsWith('/assets/');
      if (file && (await sendFile(ctx, file, { immutable, maxAgeSeconds: immutable ? undefined : 0, precompressed: immutable }))) return;
    }
    let app: LoadedApp;
    try {
      app = await load();
    } catch {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The reader app is not built yet: run `npm run build` (npm start does it for you).';
      return;
    }
    const hangUp = new AbortController();
    const onClose = () => {
      if (!ctx.res.writableFinished) hangUp.abort(new Error('The reader hung up'));
    };
    ctx.res.once('close', onClose);
    try {
      if (shared(ctx)) sendShared(ctx, await renderShared(app, ctx, pageKey(app, ctx), hangUp.signal));
      else await renderPrivate(app, ctx, hangUp.signal);
    } catch (error) {
      if (hangUp.signal.aborted) return;
      if (!(error instanceof HttpError && error.status === 503)) throw error;
      ctx.status = 503;
      ctx.set('Retry-After', '1');
      ctx.set('Cache-Control', 'no-store');
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = BUSY;
    }
  };

  return {
    fastPath,
    serve,
    /** Loads the build ahead of the first reader, so that the first page after a start does not wait for it. */
    warm: () => load().then(() => undefined, () => undefined),
  };
}

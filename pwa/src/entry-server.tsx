import type { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import type { Article, User } from '@redaktion/shared';
import { createApiClient } from '@redaktion/shared/client';
import { EARLY_TAPS_SCRIPT } from '@redaktion/shared/early-taps';
import { App, documentTitle, findRoute } from './app/App';
import { YOUTUBE_PLAYER_META, bodyOf, embedsYouTube } from './components/ArticleBody';
import { footerReads } from './components/Footer';
import { AppProviders, type AppServices } from './services/context';
import { ApiCache } from './data/api-cache';
import { localeFromAcceptLanguage, provideCatalogue, translator, type Locale } from './i18n';
import { en } from './i18n/en';
import { escapeHtml, scriptJson } from './app/html-text';
import { canonicalUrl, seoByRoute, seoTags } from './app/seo';
import { defaultShareImage, shareImage } from './app/structured-data';
import { createSessionStore } from './state/session';
import { createSettingsStore, parsePrefsCookie } from './state/settings';

export interface RenderRequest {
  url: string;
  origin: string;
  /** Makes one of the page's API reads in the server's own process, for this reader (status and JSON text). */
  read: (path: string) => Promise<{ status: number; body: string }>;
  /** The signed-in reader, as `GET /api/user` answers (null when signed out). */
  user: User | null;
  /** The reader's cookie: the language and theme they chose live there. */
  cookie: string | undefined;
  acceptLanguage: string | undefined;
  /** Aborted when the reader hangs up or the render's time is up: the render stops. */
  signal: AbortSignal;
}

export interface RenderResult {
  status: number;
  /** Streams the page's body into `into` (and ends it): the first screen leaves before the rest is rendered. */
  pipe(into: Writable): void;
  head: string;
  boot: string;
  htmlAttributes: { lang: string; theme: 'light' | 'dark' };
  /** The source modules of the page's own chunks, for the server to preload beside the app's script. */
  modules: string[];
  /** The page's article embeds a YouTube video: its security policy must allow YouTube's player (contract §9). */
  youtubePlayer: boolean;
}

/** The pages whose subject is an article shown whole (ArticleView), body and all. */
// The server renders either language from the first request.
provideCatalogue('en', en);

const ARTICLE_PAGES = new Set(['/article/:id', '/preview/:token']);

/** What chooses a page's variant besides its URL: the language and theme (the reader's cookie, else their browser's language). */
export function variant(cookie: string | undefined, acceptLanguage: string | undefined): { locale: Locale; darkMode: boolean } {
  const prefs = parsePrefsCookie(cookie);
  return { locale: prefs.locale ?? localeFromAcceptLanguage(acceptLanguage), darkMode: prefs.darkMode ?? false };
}

/**
 * Renders a reader page on the server: the route's API reads are made first (by the API's own handlers in
 * this process, for this reader, so premium gating holds), then React renders with them and the answers
 * travel in the page so the browser hydrates without asking again.
 */
export async function render(request: RenderRequest): Promise<RenderResult> {
  const url = new URL(request.url, request.origin);
  const { locale, darkMode } = variant(request.cookie, request.acceptLanguage);
  // The API client the page's reads go through: its fetch is the server's own in-process read.
  const api = createApiClient({
    fetch: async (input) => {
      const answer = await request.read(String(input));
      return new Response(answer.body, { status: answer.status, headers: { 'Content-Type': 'application/json' } });
    },
  });
  const cache = new ApiCache(api);
  const { route, params } = findRoute(url.pathname);

  const own = route.data?.(params, url.searchParams) ?? [];
  // The page's own reads (the first is its subject) and what the footer of every page shows, which never fails a page.
  const paths = [...new Set([...own, ...Object.values(footerReads())])];
  // The page's chunk and the page's reads, all at once.
  await Promise.all([route.clientOnly ? undefined : route.load?.(), ...paths.map((path) => cache.load(path))]);
  // Then what only some subjects need (a live article's coverage): its chunk and its reads.
  const parts = route.clientOnly ? [] : route.parts?.(params, cache, url.searchParams) ?? [];
  await Promise.all(parts.flatMap((part) => [part.chunk.load(), ...part.reads.map((path) => cache.load(path))]));
  const { user } = request;
  const services: AppServices = {
    api, cache, session: createSessionStore(user), settings: createSettingsStore({ locale, darkMode }),
  };

  request.signal.throwIfAborted();
  const pipe = await new Promise<(into: Writable) => void>((resolve, reject) => {
    const stream = renderToPipeableStream(
      <AppProviders services={services}>
        <StaticRouter location={url.pathname + url.search}>
          <App />
        </StaticRouter>
      </AppProviders>,
      // No boundary is sent out of order: that needs inline scripts, which the CSP forbids (the reads are all made already).
      { onShellReady: () => resolve((into) => stream.pipe(into)), onShellError: reject, progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    request.signal.addEventListener('abort', () => stream.abort(request.signal.reason), { once: true });
  });

  const required = typeof route.subjectRequired === 'function' ? route.subjectRequired(params) : route.subjectRequired;
  const subjectStatus = required && own[0] ? cache.get(own[0])?.error?.status : undefined;
  // A read the server could not answer (its database away) makes the page a 503, never an empty 200 or a false 404.
  const unavailable = own.some((path) => (cache.get(path)?.error?.status ?? 0) >= 500);
  const status = unavailable ? 503 : route.path === '*' || subjectStatus === 404 || subjectStatus === 400 ? 404 : 200;
  const t = translator(locale);
  const head = unavailable ? { title: t('unavailable.title') } : route.head?.(params, cache, t, url.searchParams) ?? { title: 'Redaktion' };
  const canonical = head.canonicalPath ? `${request.origin}${head.canonicalPath}` : canonicalUrl(request.origin, url);
  const image = shareImage(request.origin, head.image) ?? defaultShareImage(request.origin);
  const description = head.description ?? t('brand.tagline');
  const seo = status === 200 ? seoByRoute[route.path]?.(params, cache, request.origin) ?? {} : {};
  const article = status === 200 && ARTICLE_PAGES.has(route.path) ? cache.get(own[0]!)?.data as Article | undefined : undefined;
  const youtubePlayer = article !== undefined && !article.locked && embedsYouTube(bodyOf(article));
  const headHtml = [
    `<script>${EARLY_TAPS_SCRIPT}</script>`,
    `<title>${escapeHtml(documentTitle(head.title))}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    `<meta property="og:site_name" content="Redaktion">`,
    `<meta property="og:title" content="${escapeHtml(head.title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:url" content="${escapeHtml(canonical)}">`,
    `<meta property="og:image" content="${escapeHtml(image)}">`,
    `<meta property="og:type" content="${seo.article ? 'article' : 'website'}">`,
    `<meta property="og:locale" content="${locale === 'sv' ? 'sv_SE' : 'en_GB'}">`,
    `<meta property="og:locale:alternate" content="${locale === 'sv' ? 'en_GB' : 'sv_SE'}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    seoTags(seo),
    youtubePlayer ? YOUTUBE_PLAYER_META : '',
  ].join('');

  return {
    status,
    pipe,
    head: headHtml,
    boot: scriptJson({ cache: cache.snapshot(), user, locale, darkMode }),
    htmlAttributes: { lang: locale, theme: darkMode ? 'dark' : 'light' },
    modules: route.module && !route.clientOnly ? [route.module, ...parts.map((part) => part.chunk.module)] : [],
    youtubePlayer,
  };
}

import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import type { User } from '@redaktion/shared';
import { ApiError, createApiClient, type ApiPath } from '@redaktion/shared/client';
import { App, documentTitle, findRoute } from './app/App';
import { AppProviders, type AppServices } from './app/context';
import { ApiCache } from './data/api-cache';
import { localeFromAcceptLanguage, translator } from './i18n';
import { escapeHtml, scriptJson } from './app/html-text';
import { canonicalUrl, seoByRoute, seoTags } from './app/seo';
import { shareImage } from './app/structured-data';
import { createSessionStore } from './state/session';
import { createSettingsStore, parsePrefsCookie } from './state/settings';

export interface RenderRequest {
  url: string;
  origin: string;
  /** Where the server reaches its own API (loopback), and the reader's cookie to send there. */
  apiBase: string;
  cookie: string | undefined;
  acceptLanguage: string | undefined;
}

export interface RenderResult {
  status: number;
  html: string;
  head: string;
  boot: string;
  htmlAttributes: { lang: string; theme: 'light' | 'dark' };
  /** The source modules of the page's own chunks, for the server to preload beside the app's script. */
  modules: string[];
}


/**
 * Renders a reader page on the server: the route's API reads are made first (through the same API the
 * browser uses, with the reader's cookie, so premium gating holds), then React renders with them and
 * the answers travel in the page so the browser hydrates without asking again.
 */
export async function render(request: RenderRequest): Promise<RenderResult> {
  const url = new URL(request.url, request.origin);
  const prefs = parsePrefsCookie(request.cookie);
  const locale = prefs.locale ?? localeFromAcceptLanguage(request.acceptLanguage);
  const darkMode = prefs.darkMode ?? false;
  const api = createApiClient({ baseUrl: request.apiBase, headers: request.cookie ? { Cookie: request.cookie } : {} });
  const cache = new ApiCache(api);
  const { route, params } = findRoute(url.pathname);

  const hasSession = /(?:^|;\s*)redaktion\.sid=/.test(request.cookie ?? '');
  const paths = route.data?.(params, url.searchParams) ?? [];
  // The page's chunk, the user and the page's reads, all at once.
  const [user] = await Promise.all([
    // Only a real 401 means signed out; another failure leaves the user unknown, for the browser to ask again.
    hasSession ? api.get('/api/user' as ApiPath<User>).catch((error: unknown) => (error instanceof ApiError && error.status === 401 ? null : undefined)) : Promise.resolve(null),
    route.clientOnly ? undefined : route.load?.(),
    ...paths.map((path) => cache.load(path)),
  ]);
  const services: AppServices = {
    api, cache, session: createSessionStore(user), settings: createSettingsStore({ locale, darkMode }),
  };

  const html = renderToString(
    <AppProviders services={services}>
      <StaticRouter location={url.pathname + url.search}>
        <App />
      </StaticRouter>
    </AppProviders>,
  );

  const required = typeof route.subjectRequired === 'function' ? route.subjectRequired(params) : route.subjectRequired;
  const subjectStatus = required && paths[0] ? cache.get(paths[0])?.error?.status : undefined;
  // A read the server could not answer (its database away) makes the page a 503, never an empty 200 or a false 404.
  const unavailable = paths.some((path) => (cache.get(path)?.error?.status ?? 0) >= 500);
  const status = unavailable ? 503 : route.path === '*' || subjectStatus === 404 || subjectStatus === 400 ? 404 : 200;
  const t = translator(locale);
  const head = unavailable ? { title: t('unavailable.title') } : route.head?.(params, cache, t, url.searchParams) ?? { title: 'Redaktion' };
  const canonical = canonicalUrl(request.origin, url);
  const image = shareImage(request.origin, head.image) ?? `${request.origin}/icons/og-default.png`;
  const description = head.description ?? t('brand.tagline');
  const seo = status === 200 ? seoByRoute[route.path]?.(params, cache, request.origin) ?? {} : {};
  const headHtml = [
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
  ].join('');

  return {
    status,
    html,
    head: headHtml,
    boot: scriptJson({ cache: cache.snapshot(), user: hasSession ? user : null, locale, darkMode }),
    htmlAttributes: { lang: locale, theme: darkMode ? 'dark' : 'light' },
    modules: route.module && !route.clientOnly ? [route.module] : [],
  };
}

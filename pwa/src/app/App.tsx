import { useEffect, useRef, useState, type ComponentType } from 'react';
import { Route, Routes, matchRoutes, useLocation, useParams } from 'react-router-dom';
import { Footer } from '../components/Footer';
import { Header } from '../components/Header';
import { MiniPlayer } from '../components/MiniPlayer';
import { OfflineBar } from '../components/OfflineBar';
import { PlayerHost } from '../components/PlayerHost';
import { Toaster } from '../components/Toaster';
import { Loading } from '../components/cards';
import { focusElement, mainHeading } from '../components/focus';
import { useIsClient } from '../data/api-cache';
import { useI18n } from '../i18n';
import { useServices } from '../services/context';
import { afterFirstScreen } from '../services/idle';
import { notFoundRoute, routes, validParams, type RouteDef } from './routes';

export const documentTitle = (title: string) => (title === 'Redaktion' ? title : `${title} – Redaktion`);

/** The route for a path, the 404 route when none matches. */
export function findRoute(pathname: string): { route: RouteDef; params: Record<string, string | undefined> } {
  const match = matchRoutes(routes.map((route) => ({ path: route.path, route })), pathname)?.[0];
  const route = match && (match.route as unknown as { route: RouteDef }).route;
  return route && validParams(route, match.params) ? { route, params: match.params } : { route: notFoundRoute, params: {} };
}

/** Keeps the tab title in step when the reader moves between pages in the browser. */
function TitleKeeper() {
  const location = useLocation();
  const { cache } = useServices();
  const { t } = useI18n();
  useEffect(() => {
    const update = () => {
      const { route, params } = findRoute(location.pathname);
      if (route.head) document.title = documentTitle(route.head(params, cache, t, new URLSearchParams(location.search)).title);
    };
    update();
    return cache.subscribe(update);
  }, [cache, location.pathname, location.search, t]);
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);
  return null;
}

/** How long a page reached in the app has to show its heading (its chunk and data on a slow phone) before focus stays put. */
const HEADING_WAIT_MS = 10_000;

/**
 * A page reached inside the app (the first one the browser announces itself): once its heading shows (its chunk and
 * data may still be on the way), focus moves there and a polite live region says the page's title.
 */
function PageChangeAnnouncer() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  const [announced, setAnnounced] = useState('');
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const from = document.activeElement;
    const arrive = () => {
      const heading = mainHeading();
      if (!heading) return false;
      // A reader who moved on while the page loaded keeps their place. The page was scrolled to its top: a
      // heading below an ad must not scroll it away.
      const moved = document.activeElement !== from && document.activeElement !== document.body;
      if (!moved) focusElement(heading, { preventScroll: true });
      setAnnounced(document.title);
      return true;
    };
    const main = document.getElementById('main');
    if (arrive() || !main) return;
    const observer = new MutationObserver(() => arrive() && stop());
    // A page that never shows a heading (an error, a page without one) is not watched for ever: a heading that
    // comes later than this is not what the reader's move brought, so it must not take their focus either.
    const giveUp = window.setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(giveUp);
    };
    observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [pathname]);
  return <p className="visually-hidden" aria-live="polite">{announced}</p>;
}

/**
 * The newsroom's figures (insight/): a chunk of their own, fetched once the reader is past the first screen. A chunk
 * that cannot come (offline before it was kept) leaves the figures out, never the page.
 */
function LateInsight() {
  const [Insight, setInsight] = useState<ComponentType | null>(null);
  useEffect(() => afterFirstScreen(() => void import('../insight/Insight').then(({ default: loaded }) => setInsight(() => loaded), () => undefined)), []);
  return Insight && <Insight />;
}

function ClientOnly({ children }: { children: React.ReactNode }) {
  return useIsClient() ? <>{children}</> : <Loading />;
}

/** A route's page, or the 404 page when its parameters are not what the route takes (checked before the page reads anything). */
function RoutePage({ route }: { route: RouteDef }) {
  const params = useParams();
  const { Component } = validParams(route, params) ? route : notFoundRoute;
  return route.clientOnly ? <ClientOnly><Component /></ClientOnly> : <Component />;
}

export function App() {
  const { session, api } = useServices();
  useEffect(() => {
    if (session.getState().status === 'loading') void session.getState().refresh(api);
  }, [api, session]);
  return (
    <>
      <Header />
      <OfflineBar />
      <main id="main" tabIndex={-1}>
        <Routes>
          {routes.map((route) => (
            <Route key={route.path} path={route.path} element={<RoutePage route={route} />} />
          ))}
          <Route path="*" element={<notFoundRoute.Component />} />
        </Routes>
      </main>
      <Footer />
      <MiniPlayer />
      <PlayerHost />
      <Toaster />
      <TitleKeeper />
      <PageChangeAnnouncer />
      <LateInsight />
    </>
  );
}

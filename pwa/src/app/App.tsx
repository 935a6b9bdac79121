import { useEffect } from 'react';
import { Route, Routes, matchRoutes, useLocation, useParams } from 'react-router-dom';
import { Footer } from '../components/Footer';
import { Header } from '../components/Header';
import { MiniPlayer } from '../components/MiniPlayer';
import { OfflineBar } from '../components/OfflineBar';
import { PlayerHost } from '../components/PlayerHost';
import { Toaster } from '../components/Toaster';
import { Loading } from '../components/cards';
import { useIsClient } from '../data/api-cache';
import { useI18n } from '../i18n';
import { useServices } from '../services/context';
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
    </>
  );
}

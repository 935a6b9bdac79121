import { Suspense, lazy } from 'react';
import { Loading } from '../components/cards';
import type { ComponentType } from 'react';
import type { Article, CustomVideo, Episode, PersonProfile, PodcastSeries } from '@redaktion/shared';
import { apiPaths } from '@redaktion/shared/client';
import type { ApiCache } from '../data/api-cache';
import type { Translate } from '../i18n';
import Article_ from '../pages/Article';
import { articleData } from '../pages/Article';
import Auth from '../pages/Auth';
import Dashboard from '../pages/Dashboard';
import Episode_ from '../pages/Episode';
import ForgotPassword from '../pages/ForgotPassword';
import Home, { homeData } from '../pages/Home';
import Legal from '../pages/Legal';
import News, { newsData } from '../pages/News';
import NotFound from '../pages/NotFound';
import Opinion, { opinionData } from '../pages/Opinion';
import People from '../pages/People';
import Person from '../pages/Person';
import Podcasts from '../pages/Podcasts';
import ResetPassword from '../pages/ResetPassword';
import Search, { searchData } from '../pages/Search';
import Series from '../pages/Series';
import Subscribe from '../pages/Subscribe';
import SubscriptionSuccess from '../pages/SubscriptionSuccess';
import Watch from '../pages/Watch';

/** The admin screens are their own chunk: readers never download them. */
const AdminApp = lazy(() => import('../admin/AdminApp'));
function Admin() {
  return <Suspense fallback={<Loading />}><AdminApp /></Suspense>;
}

export interface Head { title: string; description?: string; image?: string | null }
type Params = Record<string, string | undefined>;

export interface RouteDef {
  path: string;
  Component: ComponentType;
  /** The API reads the server makes before rendering this page (the first is the page's own subject). */
  data?: (params: Params, search: URLSearchParams) => string[];
  /** When the subject's read answers 404, so does the page. */
  subjectRequired?: boolean;
  head?: (params: Params, cache: ApiCache, t: Translate) => Head;
  /** Rendered in the browser only (the admin area and the device's own pages). */
  clientOnly?: boolean;
}

const subject = <T,>(cache: ApiCache, path: string) => cache.get(path)?.data as T | undefined;

export const routes: RouteDef[] = [
  { path: '/', Component: Home, data: (_p, s) => homeData(s), head: (_p, _c, t) => ({ title: 'Redaktion', description: t('brand.tagline') }) },
  { path: '/home', Component: Home, data: (_p, s) => homeData(s), head: (_p, _c, t) => ({ title: 'Redaktion', description: t('brand.tagline') }) },
  { path: '/news', Component: News, data: (_p, s) => newsData(s), head: (_p, _c, t) => ({ title: t('nav.news'), description: t('news.tagline.news') }) },
  { path: '/opinion', Component: Opinion, data: opinionData, head: (_p, _c, t) => ({ title: t('opinion.title'), description: t('opinion.tagline') }) },
  {
    path: '/article/:id', Component: Article_, data: articleData, subjectRequired: true,
    head: (p, c, t) => {
      const article = subject<Article>(c, apiPaths.article(p.id ?? ''));
      return article ? { title: article.title, description: article.excerpt, image: article.imageUrl } : { title: t('article.notFound') };
    },
  },
  {
    path: '/watch/:videoId', Component: Watch, data: (p) => [apiPaths.customVideo(p.videoId ?? '')],
    head: (p, c, t) => {
      const video = subject<CustomVideo>(c, apiPaths.customVideo(p.videoId ?? ''));
      return video ? { title: video.title, description: video.description, image: video.thumbnailUrl } : { title: t('watch.player') };
    },
  },
  {
    path: '/podcasts', Component: Podcasts, data: () => [apiPaths.seriesList, apiPaths.podcasts({ limit: 12 })],
    head: (_p, _c, t) => ({ title: t('podcasts.title') }),
  },
  {
    path: '/podcast/:id', Component: Episode_, data: (p) => [apiPaths.podcast(p.id ?? '')], subjectRequired: true,
    head: (p, c, t) => {
      const episode = subject<Episode>(c, apiPaths.podcast(p.id ?? ''));
      return episode ? { title: episode.title, description: episode.description, image: episode.imageUrl } : { title: t('episode.notFound') };
    },
  },
  {
    path: '/podcast-series/:id', Component: Series, data: (p) => [apiPaths.series(p.id ?? ''), apiPaths.seriesEpisodes(p.id ?? '')], subjectRequired: true,
    head: (p, c, t) => {
      const series = subject<PodcastSeries>(c, apiPaths.series(p.id ?? ''));
      return series ? { title: series.title, description: series.description, image: series.imageUrl } : { title: t('series.notFound') };
    },
  },
  {
    path: '/people', Component: People, data: () => [apiPaths.interviews(50), apiPaths.people(50)],
    head: (_p, _c, t) => ({ title: t('people.title'), description: t('people.intro') }),
  },
  {
    path: '/people/:id', Component: Person, data: (p) => [apiPaths.person(p.id ?? '')], subjectRequired: true,
    head: (p, c, t) => {
      const person = subject<PersonProfile>(c, apiPaths.person(p.id ?? ''));
      return person ? { title: person.name, description: person.excerpt, image: person.profileImage } : { title: t('person.notFound') };
    },
  },
  { path: '/search', Component: Search, data: (_p, s) => searchData(s), head: (_p, _c, t) => ({ title: t('search.title') }) },
  { path: '/subscribe', Component: Subscribe, data: () => [apiPaths.config], head: (_p, _c, t) => ({ title: t('subscribe.title'), description: t('subscribe.intro') }) },
  { path: '/subscription/success', Component: SubscriptionSuccess, clientOnly: true, head: (_p, _c, t) => ({ title: t('success.title') }) },
  { path: '/auth', Component: Auth, head: (_p, _c, t) => ({ title: t('nav.login') }) },
  { path: '/forgot-password', Component: ForgotPassword, head: (_p, _c, t) => ({ title: t('forgot.title') }) },
  { path: '/reset-password', Component: ResetPassword, head: (_p, _c, t) => ({ title: t('reset.title') }) },
  { path: '/dashboard/*', Component: Dashboard, clientOnly: true, head: (_p, _c, t) => ({ title: t('user.dashboard') }) },
  { path: '/admin/*', Component: Admin, clientOnly: true, head: () => ({ title: 'Admin' }) },
  { path: '/privacy', Component: Legal, head: (_p, _c, t) => ({ title: t('legal.privacy') }) },
  { path: '/terms', Component: Legal, head: (_p, _c, t) => ({ title: t('legal.terms') }) },
  { path: '/cookies', Component: Legal, head: (_p, _c, t) => ({ title: t('legal.cookies') }) },
];

export const notFoundRoute: RouteDef = { path: '*', Component: NotFound, head: (_p, _c, t) => ({ title: t('notFound.title') }) };

import type { ComponentType } from 'react';
import type { Article, Author, CustomVideo, Episode, PersonProfile, PodcastSeries } from '@redaktion/shared';
import { MAX_ID } from '@redaktion/shared/constants';
import { apiPaths } from '@redaktion/shared/client';
import { categoryLabel, categoryTagline } from '../components/cards';
import { chunk, type Chunk } from '../components/chunk';
import type { ApiCache } from '../data/api-cache';
import type { Translate } from '../i18n';
import { isYouTubeId } from '../components/youtube';
import NotFound from '../pages/NotFound';
import { articleParts, articleReads } from '../pages/Article.data';
import { episodeReads } from '../pages/Episode.data';
import { homeReads } from '../pages/Home.data';
import { journalistReads } from '../pages/Journalist.data';
import { newsReads } from '../pages/News.data';
import { opinionReads } from '../pages/Opinion.data';
import { peopleReads } from '../pages/People.data';
import { personReads } from '../pages/Person.data';
import { previewReads } from '../pages/Preview.data';
import { podcastsReads } from '../pages/Podcasts.data';
import { searchReads } from '../pages/Search.data';
import { seriesReads } from '../pages/Series.data';
import { subscribeReads } from '../pages/Subscribe.data';
import { watchReads } from '../pages/Watch.data';

/** Each page is a chunk of its own (components/chunk.tsx). */
const Home = chunk('pages/Home', () => import('../pages/Home'));
const News = chunk('pages/News', () => import('../pages/News'));
const Opinion = chunk('pages/Opinion', () => import('../pages/Opinion'));
const Article_ = chunk('pages/Article', () => import('../pages/Article'));
const Preview = chunk('pages/Preview', () => import('../pages/Preview'));
const Watch = chunk('pages/Watch', () => import('../pages/Watch'));
const Podcasts = chunk('pages/Podcasts', () => import('../pages/Podcasts'));
const Episode_ = chunk('pages/Episode', () => import('../pages/Episode'));
const Series = chunk('pages/Series', () => import('../pages/Series'));
const People = chunk('pages/People', () => import('../pages/People'));
const Person = chunk('pages/Person', () => import('../pages/Person'));
const Journalist = chunk('pages/Journalist', () => import('../pages/Journalist'));
const Search = chunk('pages/Search', () => import('../pages/Search'));
const Subscribe = chunk('pages/Subscribe', () => import('../pages/Subscribe'));
const SubscriptionSuccess = chunk('pages/SubscriptionSuccess', () => import('../pages/SubscriptionSuccess'));
const Auth = chunk('pages/Auth', () => import('../pages/Auth'));
const ForgotPassword = chunk('pages/ForgotPassword', () => import('../pages/ForgotPassword'));
const ResetPassword = chunk('pages/ResetPassword', () => import('../pages/ResetPassword'));
const SignInCode = chunk('pages/SignInCode', () => import('../pages/SignInCode'));
const Dashboard = chunk('pages/Dashboard', () => import('../pages/Dashboard'));
const Legal = chunk('pages/Legal', () => import('../pages/Legal'));
const Accessibility = chunk('pages/Accessibility', () => import('../pages/Accessibility'));
/** The admin screens are their own chunk too, in a folder the service worker leaves out: readers never download them. */
const Admin = chunk('pages/admin/AdminPage', () => import('../pages/admin/AdminPage'));

/** A part of a page with a chunk and reads of its own. */
export interface PagePart { chunk: Pick<Chunk<never>, 'module' | 'load'>; reads: string[] }

/** `canonicalPath`: the page's own address in the reader's language, for a page with one address per language. */
export interface Head { title: string; description?: string; image?: string | null; canonicalPath?: string }
type Params = Record<string, string | undefined>;

export interface RouteDef {
  path: string;
  Component: ComponentType;
  /** Fetches the page's chunk (before the server renders it and before the browser hydrates it). */
  load?: () => Promise<void>;
  /** The page's source module, as the build manifest names it. */
  module?: string;
  /** The API reads the server makes before rendering this page (the first is the page's own subject). */
  data?: (params: Params, search: URLSearchParams) => string[];
  /** When the subject's read answers 404, so does the page (a function decides by the route's parameters). */
  subjectRequired?: boolean | ((params: Params) => boolean);
  /** `search` is the query string, for pages whose subject is named there (/news?category=, /reset-password?token=). */
  head?: (params: Params, cache: ApiCache, t: Translate, search: URLSearchParams) => Head;
  /** Rendered in the browser only (the admin area and the device's own pages). */
  clientOnly?: boolean;
  /**
   * Parts of the page that only some subjects need (a live article's coverage), once the reads of `data` are in: each
   * with its chunk and reads of its own, loaded before the server renders and before the browser hydrates.
   */
  parts?: (params: Params, cache: ApiCache, search: URLSearchParams) => PagePart[];
  /**
   * What each route parameter may be. Anything else is not found before a byte of data is read, so a segment like
   * '..%2Fadmin%2Fusers' never becomes part of an API path.
   */
  params?: Record<string, Pick<RegExp, 'test'>>;
}

/** A database id, as the API's id parameters take it: a larger one names nothing, so the page reads nothing. */
const ID = { test: (value: string) => /^[1-9][0-9]{0,9}$/.test(value) && Number(value) <= MAX_ID };
/** A custom video's slug (slugify) or a YouTube video id. */
const SLUG = /^[A-Za-z0-9_-]{1,100}$/;

/** Whether a route's parameters are what it declares; a route without declarations takes no parameters that matter. */
export const validParams = (route: RouteDef, params: Params): boolean =>
  Object.entries(route.params ?? {}).every(([name, pattern]) => pattern.test(params[name] ?? ''));

const subject = <T,>(cache: ApiCache, path: string) => cache.get(path)?.data as T | undefined;

/** The paths of a page's reads (its `.data.ts` beside it names them), in order: the first is the page's subject. */
const paths = (reads: Record<string, string | string[] | null>): string[] => Object.values(reads).flatMap((read) => read ?? []);

export const routes: RouteDef[] = [
  { path: '/', ...Home, data: (_p, s) => paths(homeReads(s)), head: (_p, _c, t) => ({ title: 'Redaktion', description: t('brand.tagline') }) },
  { path: '/home', ...Home, data: (_p, s) => paths(homeReads(s)), head: (_p, _c, t) => ({ title: 'Redaktion', description: t('brand.tagline') }) },
  {
    path: '/news', ...News, data: (_p, s) => paths(newsReads(s)),
    head: (_p, _c, t, search) => {
      const category = search.get('category');
      return { title: category ? categoryLabel(t, category) : t('nav.news'), description: categoryTagline(t, category ?? 'news') };
    },
  },
  { path: '/opinion', ...Opinion, data: () => paths(opinionReads()), head: (_p, _c, t) => ({ title: t('opinion.title'), description: t('opinion.tagline') }) },
  {
    // `?gift=` is a gift link's token (contract §9 [revenue]): the article read carries it.
    path: '/article/:id', ...Article_, params: { id: ID }, data: (p, s) => paths(articleReads(p.id ?? '', s.get('gift'))), subjectRequired: true,
    parts: (p, cache, s) => articleParts(p.id ?? '', subject<Article>(cache, articleReads(p.id ?? '', s.get('gift')).article)),
    head: (p, c, t, s) => {
      const article = subject<Article>(c, articleReads(p.id ?? '', s.get('gift')).article);
      return article ? { title: article.title, description: article.excerpt, image: article.imageUrl } : { title: t('article.notFound') };
    },
  },
  {
    // A preview link's token: never in a shared cache, never indexed (the server answers it private, no-store).
    path: '/preview/:token', ...Preview, params: { token: /^[\w-]{32}$/ }, data: (p) => paths(previewReads(p.token ?? '')), subjectRequired: true,
    head: (p, c, t) => {
      const article = subject<Article>(c, previewReads(p.token ?? '').article);
      return article ? { title: article.title, description: article.excerpt } : { title: t('article.notFound') };
    },
  },
  {
    // An unknown slug that looks like a YouTube id is played from YouTube; any other is not found.
    path: '/watch/:videoId', ...Watch, params: { videoId: SLUG }, data: (p) => paths(watchReads(p.videoId?.trim() ?? '')), subjectRequired: (p) => !isYouTubeId(p.videoId ?? ''),
    head: (p, c, t) => {
      const video = subject<CustomVideo>(c, watchReads(p.videoId?.trim() ?? '').custom);
      return video ? { title: video.title, description: video.description, image: video.thumbnailUrl } : { title: t('watch.player') };
    },
  },
  {
    path: '/podcasts', ...Podcasts, data: () => paths(podcastsReads()),
    head: (_p, _c, t) => ({ title: t('podcasts.title') }),
  },
  {
    path: '/podcast/:id', ...Episode_, params: { id: ID }, data: (p) => paths(episodeReads(p.id ?? '')), subjectRequired: true,
    head: (p, c, t) => {
      const episode = subject<Episode>(c, episodeReads(p.id ?? '').episode);
      return episode ? { title: episode.title, description: episode.description, image: episode.imageUrl } : { title: t('episode.notFound') };
    },
  },
  {
    path: '/podcast-series/:id', ...Series, params: { id: ID }, data: (p) => paths(seriesReads(p.id ?? '')), subjectRequired: true,
    head: (p, c, t) => {
      const series = subject<PodcastSeries>(c, seriesReads(p.id ?? '').series);
      return series ? { title: series.title, description: series.description, image: series.imageUrl } : { title: t('series.notFound') };
    },
  },
  {
    path: '/people', ...People, data: () => paths(peopleReads()),
    head: (_p, _c, t) => ({ title: t('people.title'), description: t('people.intro') }),
  },
  {
    path: '/people/:id', ...Person, params: { id: ID }, data: (p) => paths(personReads(p.id ?? '')), subjectRequired: true,
    head: (p, c, t) => {
      const person = subject<PersonProfile>(c, personReads(p.id ?? '').person);
      return person ? { title: person.name, description: person.excerpt, image: person.profileImage } : { title: t('person.notFound') };
    },
  },
  {
    path: '/journalists/:id', ...Journalist, params: { id: ID }, data: (p) => paths(journalistReads(p.id ?? '')), subjectRequired: true,
    head: (p, c, t) => {
      const journalist = subject<Author>(c, journalistReads(p.id ?? '').journalist);
      return journalist ? { title: journalist.name, description: journalist.title ?? undefined, image: journalist.profileImage } : { title: t('journalist.notFound') };
    },
  },
  { path: '/search', ...Search, data: (_p, s) => paths(searchReads(s)), head: (_p, _c, t) => ({ title: t('search.title') }) },
  { path: '/subscribe', ...Subscribe, data: () => paths(subscribeReads()), head: (_p, _c, t) => ({ title: t('subscribe.title'), description: t('subscribe.intro') }) },
  { path: '/subscription/success', ...SubscriptionSuccess, clientOnly: true, head: (_p, _c, t) => ({ title: t('success.title') }) },
  { path: '/auth', ...Auth, head: (_p, _c, t) => ({ title: t('nav.login') }) },
  { path: '/forgot-password', ...ForgotPassword, head: (_p, _c, t) => ({ title: t('forgot.title') }) },
  // Its address carries a sign-in code: rendered in the browser only, so that no server render keeps one.
  { path: '/sign-in/code', ...SignInCode, clientOnly: true, head: (_p, _c, t) => ({ title: t('code.linkTitle') }) },
  {
    path: '/reset-password', ...ResetPassword,
    head: (_p, _c, t, search) => ({ title: search.get('token')?.trim() ? t('reset.title') : t('reset.invalid') }),
  },
  { path: '/dashboard/*', ...Dashboard, clientOnly: true, head: (_p, _c, t) => ({ title: t('user.dashboard') }) },
  { path: '/admin/*', ...Admin, clientOnly: true, head: () => ({ title: 'Admin' }) },
  { path: '/privacy', ...Legal, head: (_p, _c, t) => ({ title: t('legal.privacy') }) },
  { path: '/terms', ...Legal, head: (_p, _c, t) => ({ title: t('legal.terms') }) },
  { path: '/cookies', ...Legal, head: (_p, _c, t) => ({ title: t('legal.cookies') }) },
  // The accessibility statement (contract §9 [revenue]) at both addresses, each language's own the canonical one.
  ...['/tillganglighet', '/accessibility'].map((path): RouteDef => ({
    path, ...Accessibility, data: () => [apiPaths.config], head: (_p, _c, t) => ({ title: t('accessibility.title'), canonicalPath: t('accessibility.path') }),
  })),
];

export const notFoundRoute: RouteDef = { path: '*', Component: NotFound, head: (_p, _c, t) => ({ title: t('notFound.title') }) };

import type { RequestListener } from 'node:http';
import { constants as zlibConstants } from 'node:zlib';
import Koa from 'koa';
import compress from 'koa-compress';
import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import type { Db } from './db/connection.js';
import { isPostgres } from './db/connection.js';
import { DatabaseAvailability } from './db/availability.js';
import { createPgChangeBus } from './db/change-bus.js';
import type { AppContext } from './http/context.js';
import { answering, checkAccess, mount, refuseOtherMethods, type AnyEndpoint } from './http/endpoint.js';
import { notFound } from './errors.js';
import { errorHandler } from './http/errors.js';
import { createMetrics } from './http/metrics.js';
import { failFastWhileDatabaseDown, logRequestError, observeRequests, operationsEndpoints, type Readiness } from './http/operations.js';
import { docsPage, openApiDocument } from './http/openapi.js';
import { ResponseCache } from './http/response-cache.js';
import { resumableUploads, resumableUploadsReference } from './http/resumable-uploads.js';
import { createResumableUploads } from './services/media/resumable-uploads.js';
import { ABANDONED_PART_MS, sweepStaleUploadParts } from './services/media/uploads.js';
import { sameOriginWrites } from './http/same-origin.js';
import { Admission } from './admission.js';
import { contentSecurityPolicy, securityHeaders, streamSecurityHeaders } from './http/security-headers.js';
import { currentUser, SESSION_COOKIE, sessions } from './http/session.js';
import { clientApp } from './http/client-app.js';
import { inProcessReads } from './http/in-process.js';
import { accountEndpoints } from './routes/account.js';
import { articleEndpoints } from './routes/articles.js';
import { giftEndpoints } from './routes/gifts.js';
import { liveEndpoints, liveReads } from './routes/live.js';
import { LiveHub, signedOutStreams } from './http/live-hub.js';
import { catalogueEndpoints } from './routes/catalogue.js';
import { metaEndpoints } from './routes/meta.js';
import { podcastEndpoints } from './routes/podcasts.js';
import { createServices, type Services } from './services/index.js';
import { createAdminServices } from './services/admin/index.js';
import { adminEndpoints } from './routes/admin/index.js';
import { engageEndpoints } from './routes/engage.js';
import { videoEndpoints } from './routes/videos.js';
import { subscriptionEndpoints } from './routes/subscription.js';
import { feedEndpoints } from './routes/feeds.js';
import { mediaFileRoutes } from './routes/media-files.js';
import { tokenEndpoints } from './routes/tokens.js';
import { libraryEndpoints, takesJsonOfAnyType } from './routes/library.js';
import { COLLECT_PATH, insightEndpoints, isCollect } from './routes/insight.js';
import { INSIGHT_ROLLUP_MINUTES } from './services/insight/figures.js';
import { createAiGenerator } from './integrations/ai.js';
import { createAiJobs } from './integrations/ai-jobs.js';
import { createAiAudio } from './integrations/ai-audio.js';
import { createReadAloud } from './services/read-aloud/read-aloud.js';
import { readAloudAdminEndpoints } from './routes/admin/read-aloud.js';
import { createTranscription } from './services/voice/transcription.js';
import { transcriptEndpoints } from './routes/admin/transcripts.js';
import { createPexels } from './integrations/pexels.js';
import { createStripeBilling } from './integrations/stripe.js';
import { createYouTube } from './integrations/youtube.js';
import type { ServingConfig } from './services/accounts/server-secrets.js';
import { log } from './log.js';

export interface App {
  koa: Koa;
  /** What the HTTP server runs for each request: signed-out readers' live streams at once, everything else through Koa. */
  callback: RequestListener;
  endpoints: AnyEndpoint[];
  cache: ResponseCache;
  services: Services;
  availability: DatabaseAvailability;
  readiness: Readiness;
  /** Loads the reader app's build, so that the first page after a start does not wait for it. */
  warm(): Promise<void>;
  /** Ends the open event streams (the process is draining: their browsers reconnect to another process). */
  endStreams(): void;
  close(): Promise<void>;
}

/** Builds the whole server for one database: the API, the public uploads and the PWA. */
export function createApp(db: Db, config: ServingConfig): App {
  const koa = new Koa({ proxy: config.trustProxy });
  const services = createServices(db, config);
  const bus = isPostgres(db) ? createPgChangeBus(db, config) : null;
  const cache = new ResponseCache(bus, services.nextScheduledChange, config.publicOrigin);
  // The sign-up blocks show the confirmed count: a confirmation or a departure makes the cached answers and pages stale.
  services.newsletter.onReachChange(() => void cache.invalidate().catch((error: unknown) => console.error('Invalidating the cache failed:', error)));
  const availability = new DatabaseAvailability(db);
  const readiness: Readiness = { draining: false };
  const admin = createAdminServices(db, config, services.sessions, services.accessTokens, services.storage, services.jobs);
  const uploads = createResumableUploads(config, admin.placement);
  const ai = createAiGenerator(db, config, admin.images);
  const aiJobs = createAiJobs(db, services.jobs, ai);
  const aiAudio = createAiAudio(config);
  const readAloud = createReadAloud(db, config, services.storage, services.jobs, aiAudio);
  const transcription = createTranscription(db, services.jobs, services.storage, aiAudio, services.transcripts, config.aiAudio.transcribePartBytes);
  // Once an hour in the whole cluster: expired sessions, closed throttle and rate-limit windows, unfinished resumable
  // uploads past their 24 hours, parts of multipart uploads a killed process left, settled AI jobs past their week,
  // expired preview links, silent editors, and month-old autosaves of articles never published.
  // Upload leftovers are also swept as the app starts (on SQLite the hourly work first runs an hour later), so that a
  // restart frees their space at once; server.ts has by then removed the parts a minute old, before any request.
  const sweepUploads = () => Promise.all([uploads.sweep(), sweepStaleUploadParts(config.dataDir, ABANDONED_PART_MS)]);
  void sweepUploads().catch((error: unknown) => log.warn({ err: error }, 'Sweeping expired uploads failed'));
  services.jobs.every('housekeeping.hourly', 60, async () => {
    await Promise.all([
      services.sessions.purgeExpired(), services.throttle.purgeExpired(), services.loginCodes.purgeExpired(), services.rateLimit.purgeExpired(), sweepUploads(), aiJobs.purgeSettled(),
      services.newsletter.purgeConfirmations(), services.previews.purgeExpired(), services.presence.purgeSilent(),
      admin.editorial.articles.pruneAutosaves(),
    ]);
  });
  const admission = new Admission(config.load.concurrency, config.load.queueBudgetMs);
  // Live streams follow their articles through the cache's changes: this process's writes and the other processes'.
  const liveHub = new LiveHub(liveReads(services).source, config.liveKeepAliveMs, streamSecurityHeaders(config));
  cache.onChange((scope) => liveHub.changed(scope?.article));
  const metrics = createMetrics(db, cache, services.jobs, () => liveHub.size);
  const billing = createStripeBilling(db, config, services.offers, services.passes, services.conversions);
  // Passes ending within three days get their reminder; each end is reminded once, whichever process sweeps.
  services.jobs.every('revenue.pass-reminders', 60, async () => { await services.passes.remindEndingPasses(); });
  // Raw insight events past their 30 days, and the salts of ended days (each process also drops those as a day begins).
  services.jobs.every('insight.retention', 60, () => services.insight.purge());
  // The figures of the open days, made again from the raw events: what the Insights tab shows is at most this old.
  services.jobs.every('insight.rollup', INSIGHT_ROLLUP_MINUTES, async () => { await services.insightFigures.rollUp(); });

  const endpoints: AnyEndpoint[] = [
    ...accountEndpoints(services),
    ...tokenEndpoints(services),
    ...articleEndpoints(services),
    ...giftEndpoints(services, config),
    ...liveEndpoints(services, liveHub),
    ...podcastEndpoints(services),
    ...libraryEndpoints(services),
    ...insightEndpoints(services.insight, config),
    ...catalogueEndpoints(services),
    ...metaEndpoints(config, services.push),
    ...engageEndpoints(services, config),
    ...feedEndpoints(services, config),
    ...subscriptionEndpoints(billing, services, config),
    ...videoEndpoints(createYouTube(config), services.youtubeThumbnails, services.storage),
    ...adminEndpoints(admin, config, { services, ai, aiJobs, pexels: createPexels(db, config, admin.images), billing }),
    ...readAloudAdminEndpoints(readAloud, services.storage),
    ...transcriptEndpoints(services, transcription),
  ];
  const document = openApiDocument(endpoints, resumableUploadsReference);
  const docs = docsPage(document);

  // Paths match as written, as the document lists them: every rule keyed on a path prefix (private answers, the admin
  // guard, bearer tokens) then sees exactly the calls the router serves; /API/user is no second name for /api/user.
  const router = new Router({ sensitive: true });
  router.get('/api/openapi.json', (ctx) => { ctx.body = document; });
  router.get('/api/docs', (ctx) => { ctx.type = 'html'; ctx.body = docs; });
  mount(router, endpoints, cache, admission);
  const pages = clientApp(config.pwaDistDir, {
    read: inProcessReads(endpoints, cache, availability), cache, admission, publicOrigin: config.publicOrigin, renderBudgetMs: config.load.renderBudgetMs, sessionCookie: SESSION_COOKIE,
    youtubePlayerPolicy: contentSecurityPolicy(config, { youtubePlayer: true }),
  });

  const parseBody = bodyParser({ enableTypes: ['json'], jsonLimit: '1mb', parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'], detectJSON: (ctx) => takesJsonOfAnyType(ctx) || isCollect(ctx) });
  koa.use(observeRequests(metrics));
  koa.use(errorHandler(availability));
  // Pages and API answers travel compressed to clients that ask; media and build-time copies are left alone.
  koa.use(compress({ threshold: 1024, br: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } }, gzip: { level: 6 }, deflate: false }));
  koa.use(securityHeaders(config));
  koa.use(sameOriginWrites(config, SESSION_COOKIE));
  // The insight beacon comes with every page a reader opens and needs none of the layers below (the caches, admission,
  // sessions: it is tied to no one, so its session is never even read): it is answered here, as its endpoint says.
  const collect = answering(endpoints.find((definition) => definition.path === COLLECT_PATH)!, cache, admission);
  koa.use((ctx, next) => (isCollect(ctx) ? parseBody(ctx, () => collect(ctx, next)) : next()));
  // Before admission and sessions: a load balancer's probe is answered even when the server is saturated.
  koa.use(operationsEndpoints({ availability, readiness, metrics, metricsToken: config.metricsToken }));
  // Answers already kept are served while the database is away; only what needs it fails fast.
  koa.use(cache.readerFastPath(SESSION_COOKIE));
  koa.use(pages.fastPath);
  koa.use(failFastWhileDatabaseDown(availability, SESSION_COOKIE));
  for (const middleware of sessions(koa, config, services.sessions)) koa.use(middleware);
  koa.use(currentUser(services.users, services.accessTokens));
  // What a signed-in reader is answered is theirs alone: no shared cache keeps it, nor the browser's disk.
  koa.use(async (ctx, next) => {
    await next();
    if ((ctx as AppContext).state.user && (ctx.path.startsWith('/api/') || ctx.response.is('html'))) ctx.set('Cache-Control', 'private, no-store');
  });
  // The guard covers every admin path, also those with no route: a reader learns nothing there.
  koa.use(async (ctx, next) => {
    if (ctx.path.startsWith('/api/admin') || ctx.path === '/api/upload') checkAccess('admin', (ctx as AppContext).state.user);
    await next();
  });
  koa.use(resumableUploads(uploads));
  koa.use(parseBody);
  koa.use(router.routes());
  koa.use(router.allowedMethods());
  // Only requests no route took get this far: the path is matched a second time for them alone.
  koa.use(refuseOtherMethods(router));
  koa.use(async (ctx, next) => {
    // Also for /API/user and the like (paths are case-sensitive): a client that miscapitalises is told in the API's terms.
    if (/^\/api(\/|$)/i.test(ctx.path)) throw notFound(`No such API endpoint: ${ctx.method} ${ctx.path}`);
    await next();
  });
  koa.use(mediaFileRoutes(services));
  koa.use(pages.serve);
  koa.on('error', logRequestError);

  // E-mail, push alerts, AI generations and image variants go on in the background, and jobs left unfinished by a restart resume here.
  void services.jobs.work({ ...services.accountMail.jobs, ...services.newsletter.jobs, ...services.push.jobs, ...services.passes.jobs, ...aiJobs.jobs, ...admin.images.jobs, ...readAloud.jobs, ...transcription.jobs }, services.push.announceEpisodes)
    .catch((error: unknown) => log.error({ err: error }, 'Background jobs did not start'));
  // The push keys are made (or read) as the process starts, while there is room: every page's config is then a read.
  void services.push.publicKey().catch((error: unknown) => log.warn({ err: error }, 'The push keys could not be read or made'));

  return {
    koa,
    callback: signedOutStreams(liveHub, SESSION_COOKIE, metrics, koa.callback()),
    endpoints,
    cache,
    services,
    availability,
    readiness,
    warm: pages.warm,
    endStreams: () => liveHub.close(),
    close: async () => {
      liveHub.close();
      // Events still waiting are written before the database goes.
      await services.insight.flush();
      await services.jobs.stop();
      availability.stop();
      await bus?.close();
    },
  };
}

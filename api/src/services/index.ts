import type { Db } from '../db/connection.js';
import { createAccessTokens } from './accounts/access-tokens.js';
import { createAccountMail } from './messaging/account-mail.js';
import { createAdvertisementReads } from './content/advertisements.js';
import { createArticleReads } from './content/articles.js';
import { createCategoryReads } from './content/categories.js';
import { createCustomVideoReads } from './content/custom-videos.js';
import { createEmbeds } from './content/embeds.js';
import { createCorrections } from './editor/corrections.js';
import { createPresence } from './editor/presence.js';
import { createPreviews } from './editor/previews.js';
import { createGifts } from './revenue/gifts.js';
import { createMeter } from './revenue/meter.js';
import type { ServingConfig } from './accounts/server-secrets.js';
import { createJobQueue } from './jobs/index.js';
import { createLoginCodes } from './accounts/login-codes.js';
import { createLoginThrottle } from './accounts/login-throttle.js';
import { createMailer } from './messaging/mailer.js';
import { createNewsletter } from './messaging/newsletter.js';
import { createPasswordResetTokens } from './accounts/password-reset.js';
import { createJournalistReads } from './content/journalists.js';
import { createPeopleReads } from './content/people.js';
import { createPodcastReads, createSeriesReads } from './content/podcasts.js';
import { createPush } from './messaging/push.js';
import { createLiveEntries } from './live/entries.js';
import { createRateLimit } from './rate-limit.js';
import { createSchedule } from './content/schedule.js';
import { createSessionStore } from './accounts/session-store.js';
import { createUserService } from './accounts/users.js';
import { createFeedTokens } from './accounts/feed-tokens.js';
import { createArticleFeeds } from './feeds/article-feeds.js';
import { createPodcastFeeds } from './feeds/podcast-feed.js';
import { createTranscripts } from './voice/transcripts.js';
import { createReadAloudFeed } from './feeds/read-aloud-feed.js';
import { createSitemaps } from './feeds/sitemaps.js';
import { createRasterImages } from './media/raster-images.js';
import { createYouTubeThumbnails } from './media/youtube-thumbnails.js';
import { createStorage } from '../storage/index.js';
import { createOffers } from './revenue/offers.js';
import { createPasses } from './revenue/passes.js';
import { createLibrary } from './library/library.js';
import { createInsight } from './insight/collect.js';
import { createConversions } from './insight/conversions.js';
import { createInsightFigures } from './insight/figures.js';

export function createServices(db: Db, config: ServingConfig) {
  const mailer = createMailer(config);
  const jobs = createJobQueue(db, config);
  const users = createUserService(db);
  const resetTokens = createPasswordResetTokens(db);
  // Every stored file, whichever process wrote it, is read and written through this one store.
  const storage = createStorage(config);
  const push = createPush(db, config, jobs);
  const sessions = createSessionStore(db);
  const accessTokens = createAccessTokens(db);
  const loginCodes = createLoginCodes(db, users, sessions, accessTokens);
  return {
    storage,
    users,
    sessions,
    accessTokens,
    throttle: createLoginThrottle(db),
    resetTokens,
    loginCodes,
    mailer,
    jobs,
    accountMail: createAccountMail(jobs, users, resetTokens, loginCodes, mailer, config),
    rateLimit: createRateLimit(db),
    newsletter: createNewsletter(db, config, mailer, jobs),
    push,
    live: createLiveEntries(db, push),
    articles: createArticleReads(db),
    embeds: createEmbeds(db),
    previews: createPreviews(db),
    meter: createMeter(db, config.meter.freeArticles),
    gifts: createGifts(db, { ...config.gifts, secret: config.sessionSecret }),
    corrections: createCorrections(db),
    presence: createPresence(db),
    podcasts: createPodcastReads(db),
    series: createSeriesReads(db),
    people: createPeopleReads(db),
    journalists: createJournalistReads(db),
    advertisements: createAdvertisementReads(db),
    customVideos: createCustomVideoReads(db),
    categories: createCategoryReads(db),
    nextScheduledChange: createSchedule(db),
    feedTokens: createFeedTokens(db),
    podcastFeeds: createPodcastFeeds(db, config, storage),
    transcripts: createTranscripts(db),
    readAloudFeed: createReadAloudFeed(db, config),
    articleFeeds: createArticleFeeds(db),
    sitemaps: createSitemaps(db),
    rasterImages: createRasterImages(storage, config.load.queueBudgetMs),
    youtubeThumbnails: createYouTubeThumbnails(config, storage),
    offers: createOffers(db),
    passes: createPasses(db, config, mailer, jobs),
    library: createLibrary(db),
    insight: createInsight(db),
    conversions: createConversions(db),
    insightFigures: createInsightFigures(db),
  };
}

export type Services = ReturnType<typeof createServices>;

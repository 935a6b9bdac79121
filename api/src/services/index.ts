import type { Config } from '../config.js';
import type { Db } from '../db/connection.js';
import { createAccessTokens } from './access-tokens.js';
import { createAccountMail } from './account-mail.js';
import { createAdvertisementReads } from './advertisements.js';
import { createArticleReads } from './articles.js';
import { createCategoryReads } from './categories.js';
import { createCustomVideoReads } from './custom-videos.js';
import { createJobQueue } from './jobs.js';
import { createLoginThrottle } from './login-throttle.js';
import { createMailer } from './mailer.js';
import { createNewsletter } from './newsletter.js';
import { createPasswordResetTokens } from './password-reset.js';
import { createJournalistReads } from './journalists.js';
import { createPeopleReads } from './people.js';
import { createPodcastReads, createSeriesReads } from './podcasts.js';
import { createPush } from './push.js';
import { createRateLimit } from './rate-limit.js';
import { createSchedule } from './schedule.js';
import { createSessionStore } from './session-store.js';
import { createUserService } from './users.js';
import { createFeedTokens } from './feed-tokens.js';
import { createArticleFeeds } from './feeds/article-feeds.js';
import { createPodcastFeeds } from './feeds/podcast-feed.js';
import { createSitemaps } from './feeds/sitemaps.js';
import { createRasterImages } from './raster-images.js';
import { createStorage } from '../storage/index.js';

export function createServices(db: Db, config: Config) {
  const mailer = createMailer(config);
  const jobs = createJobQueue(db, config);
  const users = createUserService(db);
  const resetTokens = createPasswordResetTokens(db);
  // Every stored file, whichever process wrote it, is read and written through this one store.
  const storage = createStorage(config);
  return {
    storage,
    users,
    sessions: createSessionStore(db),
    accessTokens: createAccessTokens(db),
    throttle: createLoginThrottle(db),
    resetTokens,
    mailer,
    jobs,
    accountMail: createAccountMail(jobs, users, resetTokens, mailer, config),
    rateLimit: createRateLimit(db),
    newsletter: createNewsletter(db, config, mailer, jobs),
    push: createPush(db, config, jobs),
    articles: createArticleReads(db),
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
    articleFeeds: createArticleFeeds(db),
    sitemaps: createSitemaps(db),
    rasterImages: createRasterImages(storage, config.load.queueBudgetMs),
  };
}

export type Services = ReturnType<typeof createServices>;

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { RESUMABLE_LIMITS_MB, type PassKind, type SubscriptionPlan } from '@redaktion/shared';
import { z } from 'zod';
import type { S3Settings } from './storage/s3.js';

/** Where stored files live (contract.md §8 [ops]): files under DATA_DIR, or one S3 bucket. */
export type StorageConfig =
  | { driver: 'local' }
  | { driver: 's3'; s3: S3Settings; publicMediaOrigin: string | null; presignedUrls: boolean };

/** Everything the server reads from its environment, read once (README lists each variable). */
export interface Config {
  port: number;
  host: string;
  production: boolean;
  dataDir: string;
  databaseUrl: string | null;
  /** SESSION_SECRET, or null: then one generated once is kept in the database (services/accounts/server-secrets.ts). */
  sessionSecret: string | null;
  /** The longest wait on the database (connecting, a pooled connection, a statement) before answering 503. */
  dbTimeoutMs: number;
  /** A direct connection for LISTEN when DATABASE_URL goes through a transaction-pooling proxy. */
  databaseListenUrl: string | null;
  metricsToken: string | null;
  seedDemo: boolean;
  trustProxy: boolean;
  /** PUBLIC_ORIGIN as set: the site's own origin for the cross-site check (else the request's). */
  publicOrigin: string | null;
  /** Whether PUBLIC_ORIGIN is https: then cookies are Secure and HSTS is sent, whatever NODE_ENV says. */
  https: boolean;
  /** Where e-mailed and provider-facing links point: PUBLIC_ORIGIN, else this server's own address; never a request header. */
  linkOrigin: string;
  mailDir: string;
  smtpUrl: string | null;
  mailFrom: string;
  /** LIST_UNSUBSCRIBE_MAILTO: the mailbox someone processes for `mailto:` unsubscribes; without it the newsletter offers none. */
  listUnsubscribeMailto: string | null;
  /** `prices`: a plan's configured Stripe price id (`STRIPE_PRICE_MONTHLY`/`_YEARLY`); null finds or creates it by lookup key. */
  stripe: {
    secretKey: string | null; publishableKey: string | null; webhookSecret: string | null; apiBase: string | null;
    prices: Record<SubscriptionPlan, string | null>;
    /** A pass's price in whole SEK incl. VAT (`PASS_PRICE_MONTH_SEK`, `PASS_PRICE_YEAR_SEK`). */
    passPrices: Record<PassKind, number>;
  };
  /** `waitMs`: how long generate-article and generate-image wait for their job before answering 504 with its id. */
  openai: { apiKey: string | null; baseUrl: string | null; textModel: string; imageModel: string | null; timeoutMs: number; waitMs: number };
  /**
   * Speech work (contract §9 [voice]): its own server (`AI_AUDIO_BASE_URL`, `AI_AUDIO_API_KEY`; unset, the text
   * integration's), so that a newsroom can keep its audio in the house. `speechMaxChars`: the longest part spoken at once.
   */
  aiAudio: {
    /** A server of its own may need no key (a local whisper.cpp): it is configured by its address alone. */
    configured: boolean; apiKey: string | null; baseUrl: string | null; transcribeModel: string; speechModel: string; speechVoice: string;
    speechMaxChars: number; timeoutMs: number;
    /** The largest part of an episode's audio sent to be transcribed at once (`AI_TRANSCRIBE_PART_BYTES`). */
    transcribePartBytes: number;
  };
  pexels: { apiKey: string | null; apiBase: string | null };
  youtube: { channelUrl: string | null; apiKey: string | null; apiBase: string | null; feedBase: string | null; thumbBase: string | null };
  /** Web Push: configured VAPID keys (else generated once into the database), the contact, and the push services allowed. */
  push: { publicKey: string | null; privateKey: string | null; subject: string | null; allowedOrigins: string[] | null };
  /**
   * What every page says about the publication (contract §9 [revenue]): the responsible publisher (ansvarig utgivare)
   * the footer names, and the address the accessibility statement gives for reporting a problem.
   */
  site: { responsiblePublisher: string | null; accessibilityContact: string };
  /** Podcast feeds: the owner Apple and Spotify write to, and how many networks a day make a private feed look shared. */
  podcast: { ownerName: string; ownerEmail: string; sharedFeedNetworks: number };
  /** The largest video the resumable upload endpoint takes, in bytes (`UPLOAD_MAX_VIDEO_MB`). */
  uploadMaxVideoBytes: number;
  pwaDistDir: string;
  storage: StorageConfig;
  /** Overload: how much work that needs a render or the database runs at once, how long the rest may wait, how long a render may take. */
  load: { concurrency: number; queueBudgetMs: number; renderBudgetMs: number };
  /** How long a background job may run on PostgreSQL before it counts as lost (its process died) and runs again. */
  jobTimeoutSeconds: number;
  /** How often a live article's open streams get a comment line, which keeps proxies from closing them (at most 25 s). */
  liveKeepAliveMs: number;
  /** The metered paywall: free premium articles a month for a signed-in reader who is not entitled (0: no meter). */
  meter: { freeArticles: number };
  /** Gift links: how many an entitled reader makes a month, and how many opens each gives. */
  gifts: { perMonth: number; maxOpens: number };
  /** The newsroom's figures: whether the reader app asks before it counts visits (`INSIGHT_CONSENT`). */
  insight: { askConsent: boolean };
}

type Env = Record<string, string | undefined>;

/** The demo publication's responsible publisher: a fictional person, never a real one. */
export const DEMO_PUBLISHER = 'Vera Utgivare (demo)';

const text = (value: string | undefined): string | null => (value && value.trim() !== '' ? value.trim() : null);

/** The bare address of "Name <address>". */
const addressOf = (mailbox: string): string => /<([^>]+)>/.exec(mailbox)?.[1] ?? mailbox;

/** A whole number of at least 0, or the default when unset; anything else stops the start with a message naming it. */
function count(name: string, value: string | undefined, fallback: number): number {
  const given = text(value);
  if (given === null) return fallback;
  if (!/^\d+$/.test(given)) throw new Error(`${name} must be a whole number of 0 or more, such as ${fallback}`);
  return Number(given);
}

/** A bare e-mail address, or null when unset; anything else would make a broken header in every newsletter. */
function mailboxAddress(name: string, value: string | null): string | null {
  if (value && !z.email().safeParse(value).success) throw new Error(`${name} must be a bare e-mail address, such as unsubscribe@redaktion.se`);
  return value;
}

/** PUBLIC_ORIGIN as a bare origin (scheme, host, port); anything else is a configuration mistake worth stopping for. */
function originOf(value: string | null): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`PUBLIC_ORIGIN must be an origin such as https://redaktion.se, not '${value}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`PUBLIC_ORIGIN must be an http(s) origin, not '${value}'`);
  return url.origin;
}

/** A price in whole SEK (a pass's), else the fallback when unset; a price that is not one would charge nonsense. */
function wholeSek(name: string, value: string | undefined, fallback: number): number {
  const given = text(value);
  if (!given) return fallback;
  if (!/^\d{1,6}$/.test(given) || Number(given) < 3) throw new Error(`${name} must be a whole number of SEK (3 or more), not '${value}'`);
  return Number(given);
}

/** A whole number from 1, else the fallback when unset. */
function wholeNumberSetting(name: string, value: string | undefined, fallback: number): number {
  const given = text(value);
  if (!given) return fallback;
  if (!/^\d{1,9}$/.test(given) || Number(given) < 1) throw new Error(`${name} must be a whole number from 1, not '${value}'`);
  return Number(given);
}

/** A yes/no variable: 1/true/yes or 0/false/no, else the fallback when unset; anything else is a mistake worth stopping for. */
function flag(env: Env, name: string, fallback: boolean): boolean {
  const value = text(env[name])?.toLowerCase();
  if (!value) return fallback;
  if (['1', 'true', 'yes'].includes(value)) return true;
  if (['0', 'false', 'no'].includes(value)) return false;
  throw new Error(`${name} must be 1 or 0, not '${env[name]}'`);
}

/** An http(s) URL as a prefix for paths: no query, no trailing slash. */
function urlPrefix(name: string, value: string | null): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an http(s) URL such as https://media.redaktion.se, not '${value}'`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash) {
    throw new Error(`${name} must be an http(s) URL without query or fragment, not '${value}'`);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

function storageConfig(env: Env): StorageConfig {
  const driver = text(env.STORAGE) ?? 'local';
  if (driver === 'local') return { driver };
  if (driver !== 's3') throw new Error(`STORAGE must be 'local' or 's3', not '${driver}'`);
  const required = (name: string): string => {
    const value = text(env[name]);
    if (!value) throw new Error(`${name} is required with STORAGE=s3`);
    return value;
  };
  const endpoint = urlPrefix('S3_ENDPOINT', text(env.S3_ENDPOINT));
  return {
    driver,
    s3: {
      endpoint,
      region: required('S3_REGION'),
      bucket: required('S3_BUCKET'),
      accessKeyId: required('S3_ACCESS_KEY_ID'),
      secretAccessKey: required('S3_SECRET_ACCESS_KEY'),
      // Stores other than AWS (an S3_ENDPOINT) mostly want bucket names in the path, not in the host name.
      forcePathStyle: flag(env, 'S3_FORCE_PATH_STYLE', endpoint !== null),
    },
    publicMediaOrigin: urlPrefix('PUBLIC_MEDIA_ORIGIN', text(env.PUBLIC_MEDIA_ORIGIN)),
    presignedUrls: flag(env, 'S3_PRESIGNED_URLS', false),
  };
}

export function loadConfig(env: Env = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  // It holds the database, the mail and every upload: the server's user alone may look inside.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });

  const databaseUrl = text(env.DATABASE_URL);
  const publicOrigin = originOf(text(env.PUBLIC_ORIGIN));
  if (!publicOrigin && production) {
    throw new Error('PUBLIC_ORIGIN is required with NODE_ENV=production (e.g. PUBLIC_ORIGIN=https://redaktion.se): e-mailed links are built from it');
  }
  const port = Number(env.PORT ?? 3000);
  const host = env.HOST ?? '127.0.0.1';
  const ownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  const configuredSecret = text(env.SESSION_SECRET);
  if (!configuredSecret && production && databaseUrl) {
    throw new Error('SESSION_SECRET is required with NODE_ENV=production and DATABASE_URL: every API process must share it');
  }

  const aiTimeoutMs = Number(env.AI_TIMEOUT_MS ?? 90_000);
  const uploadMaxVideoMb = Number(env.UPLOAD_MAX_VIDEO_MB ?? RESUMABLE_LIMITS_MB.video);
  if (!Number.isFinite(uploadMaxVideoMb) || uploadMaxVideoMb <= 0) throw new Error('UPLOAD_MAX_VIDEO_MB must be a positive number of megabytes');

  return {
    port,
    host,
    production,
    dataDir,
    databaseUrl,
    sessionSecret: configuredSecret,
    dbTimeoutMs: Number(env.DB_TIMEOUT_MS ?? 1500),
    databaseListenUrl: text(env.DATABASE_LISTEN_URL),
    metricsToken: text(env.METRICS_TOKEN),
    seedDemo: env.SEED_DEMO !== '0',
    trustProxy: env.TRUST_PROXY === '1',
    publicOrigin,
    https: publicOrigin?.startsWith('https:') ?? false,
    linkOrigin: publicOrigin ?? `http://${ownHost}:${port}`,
    mailDir: path.join(dataDir, 'mail'),
    smtpUrl: text(env.SMTP_URL),
    mailFrom: text(env.MAIL_FROM) ?? 'Redaktion <no-reply@redaktion.example>',
    listUnsubscribeMailto: mailboxAddress('LIST_UNSUBSCRIBE_MAILTO', text(env.LIST_UNSUBSCRIBE_MAILTO)),
    stripe: {
      secretKey: text(env.STRIPE_SECRET_KEY),
      publishableKey: text(env.STRIPE_PUBLISHABLE_KEY),
      webhookSecret: text(env.STRIPE_WEBHOOK_SECRET),
      apiBase: text(env.STRIPE_API_BASE),
      prices: { monthly: text(env.STRIPE_PRICE_MONTHLY), yearly: text(env.STRIPE_PRICE_YEARLY) },
      passPrices: { month: wholeSek('PASS_PRICE_MONTH_SEK', env.PASS_PRICE_MONTH_SEK, 149), year: wholeSek('PASS_PRICE_YEAR_SEK', env.PASS_PRICE_YEAR_SEK, 1490) },
    },
    openai: {
      apiKey: text(env.OPENAI_API_KEY),
      baseUrl: text(env.OPENAI_BASE_URL),
      textModel: text(env.AI_TEXT_MODEL) ?? 'gpt-4o',
      imageModel: text(env.AI_IMAGE_MODEL),
      timeoutMs: aiTimeoutMs,
      // By default one provider call tried twice (the client retries once), plus time for the job to be picked up.
      waitMs: Number(env.AI_WAIT_MS ?? 2 * aiTimeoutMs + 10_000),
    },
    aiAudio: {
      configured: Boolean(text(env.AI_AUDIO_BASE_URL) ?? text(env.AI_AUDIO_API_KEY) ?? text(env.OPENAI_API_KEY)),
      // The key and the server go together: the text integration's key is never sent to a speech server of its own.
      apiKey: text(env.AI_AUDIO_BASE_URL) ? text(env.AI_AUDIO_API_KEY) : text(env.AI_AUDIO_API_KEY) ?? text(env.OPENAI_API_KEY),
      baseUrl: text(env.AI_AUDIO_BASE_URL) ?? text(env.OPENAI_BASE_URL),
      transcribeModel: text(env.AI_TRANSCRIBE_MODEL) ?? 'whisper-1',
      speechModel: text(env.AI_SPEECH_MODEL) ?? 'tts-1',
      speechVoice: text(env.AI_SPEECH_VOICE) ?? 'alloy',
      speechMaxChars: wholeNumberSetting('AI_SPEECH_MAX_CHARS', env.AI_SPEECH_MAX_CHARS, 4096),
      // Under OpenAI's 25 MB a request, with room for the form around the file.
      transcribePartBytes: wholeNumberSetting('AI_TRANSCRIBE_PART_BYTES', env.AI_TRANSCRIBE_PART_BYTES, 24_000_000),
      // A long file's part takes longer than a chat answer.
      timeoutMs: Number(env.AI_AUDIO_TIMEOUT_MS ?? 5 * aiTimeoutMs),
    },
    pexels: { apiKey: text(env.PEXELS_API_KEY), apiBase: text(env.PEXELS_API_BASE) },
    youtube: {
      channelUrl: text(env.YOUTUBE_CHANNEL_URL),
      apiKey: text(env.YOUTUBE_API_KEY),
      apiBase: text(env.YOUTUBE_API_BASE),
      feedBase: text(env.YOUTUBE_FEED_BASE),
      thumbBase: text(env.YOUTUBE_THUMB_BASE),
    },
    push: {
      publicKey: text(env.VAPID_PUBLIC_KEY),
      privateKey: text(env.VAPID_PRIVATE_KEY),
      subject: text(env.VAPID_SUBJECT),
      allowedOrigins: text(env.PUSH_ALLOWED_ORIGINS)?.split(',').map((origin) => origin.trim()).filter(Boolean) ?? null,
    },
    site: {
      // The demo publication names a fictional publisher; a real one must name its own, so production has no default.
      responsiblePublisher: text(env.RESPONSIBLE_PUBLISHER) ?? (production ? null : DEMO_PUBLISHER),
      accessibilityContact: mailboxAddress('ACCESSIBILITY_CONTACT', text(env.ACCESSIBILITY_CONTACT)) ?? addressOf(text(env.MAIL_FROM) ?? 'no-reply@redaktion.example'),
    },
    podcast: {
      ownerName: text(env.PODCAST_OWNER_NAME) ?? 'Redaktion',
      ownerEmail: text(env.PODCAST_OWNER_EMAIL) ?? addressOf(text(env.MAIL_FROM) ?? 'podcast@redaktion.example'),
      sharedFeedNetworks: Math.max(2, Number(env.PODCAST_SHARED_FEED_NETWORKS ?? 8) || 8),
    },
    uploadMaxVideoBytes: Math.floor(uploadMaxVideoMb * 1024 * 1024),
    pwaDistDir: path.resolve(env.PWA_DIST_DIR ?? new URL('../../pwa/dist', import.meta.url).pathname),
    storage: storageConfig(env),
    jobTimeoutSeconds: Math.max(2, Number(env.JOB_TIMEOUT_SECONDS ?? 900) || 900),
    liveKeepAliveMs: Math.min(25_000, Math.max(100, Number(env.LIVE_KEEPALIVE_MS ?? 20_000) || 20_000)),
    meter: { freeArticles: count('METER_FREE_ARTICLES', env.METER_FREE_ARTICLES, 3) },
    gifts: { perMonth: count('GIFT_LINKS_PER_MONTH', env.GIFT_LINKS_PER_MONTH, 10), maxOpens: Math.max(1, count('GIFT_LINK_MAX_OPENS', env.GIFT_LINK_MAX_OPENS, 100)) },
    insight: { askConsent: flag(env, 'INSIGHT_CONSENT', false) },
    load: {
      concurrency: Number(env.WORK_CONCURRENCY ?? 8),
      queueBudgetMs: Number(env.QUEUE_BUDGET_MS ?? 1_000),
      renderBudgetMs: Number(env.RENDER_BUDGET_MS ?? 3_000),
    },
  };
}

export const integrations = (config: Config) => ({
  payments: Boolean(config.stripe.secretKey && config.stripe.publishableKey),
  ai: Boolean(config.openai.apiKey),
  aiAudio: config.aiAudio.configured,
  pexels: Boolean(config.pexels.apiKey),
  youtube: Boolean(config.youtube.channelUrl),
  email: Boolean(config.smtpUrl),
});

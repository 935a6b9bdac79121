/** Values the server and the clients agree on (reader-area.md §9, admin-area.md §9, contract.md §7). */

export const ARTICLE_CATEGORIES = ['news', 'politics', 'society', 'culture', 'business', 'technology', 'opinion', 'people'] as const;
export const SERIES_CATEGORIES = ['news', 'society', 'culture', 'technology', 'business'] as const;
export const CONTENT_STATUSES = ['draft', 'pending', 'published', 'archived'] as const;
export const EPISODE_KINDS = ['episode', 'interview'] as const;
/** Apple Podcasts' itunes:episodeType and itunes:type values. */
export const EPISODE_TYPES = ['full', 'trailer', 'bonus'] as const;
export const PODCAST_TYPES = ['episodic', 'serial'] as const;
export const USER_ROLES = ['user', 'admin', 'super_admin'] as const;
export const ADMIN_ROLES = ['admin', 'super_admin'] as const;
/** The newsroom staff: the roles that may open the admin screens (the server checks every call). */
export const isStaff = (user: { role: string } | null | undefined) => (ADMIN_ROLES as readonly string[]).includes(user?.role ?? '');
export const JOURNALIST_STATUSES = ['active', 'freelance', 'intern', 'inactive'] as const;
export const SUBSCRIPTION_PLANS = ['monthly', 'yearly'] as const;
export const LOCALES = ['sv', 'en'] as const;
/** Both readings of admin-area.md §3: the form schema's and the dashboard's. */
export const AD_PLACEMENTS = [
  'banner', 'sidebar', 'inline', 'hero',
  'article-top', 'article-middle', 'article-bottom', 'footer', 'newsletter',
] as const;

/**
 * Sent (value `1`) by a client that refreshes an answer it already keeps rather than one a reader asked for: it never
 * spends a read of the metered paywall (contract §9 [revenue]).
 */
export const BACKGROUND_REFRESH_HEADER = 'X-Background-Refresh';

/** Stripe subscription states that unlock premium content. */
export const ENTITLED_SUBSCRIPTION_STATUSES = ['active', 'trialing'] as const;

export const LIMITS = {
  pageSizeMax: 100,
  pageSizeDefault: 20,
  passwordMin: 8,
  usernameMin: 3,
  usernameMax: 32,
  readTimeMin: 1,
  readTimeMax: 60,
  readTimeDefault: 5,
  placeholderMax: 4000,
  resetTokenTtlMs: 60 * 60 * 1000,
} as const;

/** The largest id the database holds (PostgreSQL's integer): a larger one names nothing, and PostgreSQL refuses to compare with it. */
export const MAX_ID = 2_147_483_647;

/** The most library changes one call takes (413 beyond): a device with more sends them in parts (here, for the reader app). */
export const LIBRARY_MAX_CHANGES = 1000;
/** The longest Up Next queue. */
export const LIBRARY_QUEUE_MAX = 500;

/** Widths of the WebP variants the server makes of every uploaded image (`?w=` picks one, for srcset). */
export const IMAGE_VARIANT_WIDTHS = [400, 800, 1600] as const;

export const PRICES_SEK = { monthly: 199, yearly: 1990 } as const;
/** Passes (contract §9 [revenue]): paid once, by Swish or card, for this many days, with no renewal. */
export const PASSES = ['month', 'year'] as const;
export const PASS_DAYS = { month: 30, year: 365 } as const;
/** VAT on news in Sweden (mervärdesskattelagen: 6 % for newspapers, digital editions included); prices are shown with it. */
export const NEWS_VAT_PERCENT = 6;

export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number];
export type SeriesCategory = (typeof SERIES_CATEGORIES)[number];
export type ContentStatus = (typeof CONTENT_STATUSES)[number];
export type EpisodeKind = (typeof EPISODE_KINDS)[number];
export type UserRole = (typeof USER_ROLES)[number];
export type AdPlacement = (typeof AD_PLACEMENTS)[number];
export type SubscriptionPlan = (typeof SUBSCRIPTION_PLANS)[number];
export type PassKind = (typeof PASSES)[number];
export type Locale = (typeof LOCALES)[number];

import type {
  AdPlacement, ApprovalDecision, ArticleKind, ContentStatus, LiveStatus, EPISODE_TYPES, EpisodeKind, Journalist, Locale, PendingApproval, PersonProfile,
  PODCAST_TYPES, RevisionKind, RevisionState, SubscriptionPlan, UserRole,
} from '@redaktion/shared';
import type { Block } from '@redaktion/shared/content';

/**
 * One interface per table, as knex hands a row back: camelCased keys (connection.ts), the columns of migrations/.
 * A read that names a column the table does not have fails the type check instead of serving an empty field.
 *
 * Plain interfaces rather than knex's `declare module 'knex/types/tables'`: most reads go through helpers typed
 * `Knex.QueryBuilder` (published, newestFirst, paginate), through joins, aliases and raw selects, where the table
 * type is lost anyway; and the augmentation would retype every `db('table')` of the code base at once, writes
 * included. A service declares what it answers with these, where its query ends.
 *
 * The two engines differ, and the types say so: SQLite answers a boolean as 0/1, PostgreSQL as a boolean (toBool);
 * a timestamp is the ISO text written on SQLite (epoch milliseconds had knex bound a Date), a Date on PostgreSQL
 * (toIso); a json column is its text on SQLite, parsed on PostgreSQL (fromJson); a bigint is a string on PostgreSQL.
 */
export type Flag = boolean | number;
export type Timestamp = string | number | Date;
export type JsonColumn<T> = string | T;

export interface UserRow {
  id: number;
  username: string;
  /** The password hash. */
  password: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  bio: string | null;
  location: string | null;
  website: string | null;
  locale: Locale;
  role: UserRole;
  active: Flag;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  subscriptionStatus: string | null;
  subscriptionPlan: SubscriptionPlan | null;
  /** The end of a pass: entitled while it lies ahead (contract §9 [revenue]). */
  accessUntil: Timestamp | null;
  /** When the address was last proven (a code sign-in, a reset by the e-mailed link); null while nobody has. */
  emailVerifiedAt: Timestamp | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** One address's e-mailed sign-in code and its wrong tries (migrations/20261127_23_02_login_codes.ts). */
export interface LoginCodeRow {
  email: string;
  codeHash: string | null;
  expiresAt: Timestamp | null;
  failures: number;
  /** The Stockholm day (`YYYY-MM-DD`) `dayFailures` counts. */
  day: string;
  dayFailures: number;
  updatedAt: Timestamp;
}

export interface CategoryRow {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  color: string | null;
  active: Flag;
  position: number;
  createdAt: Timestamp;
}

export interface JournalistRow {
  id: number;
  name: string;
  email: string;
  bio: string | null;
  profileImage: string | null;
  title: string | null;
  specialty: string | null;
  expertise: JsonColumn<string[]>;
  status: Journalist['status'];
  active: Flag;
  socialLinks: JsonColumn<Journalist['socialLinks']>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ArticleRow {
  id: number;
  title: string;
  /** Markdown. */
  content: string;
  /** The body's words, which search reads instead of the Markdown. */
  contentText: string;
  /** The parsed content (a Block[] as JSON), made when the article is saved. */
  body: JsonColumn<Block[]>;
  excerpt: string;
  /** A category's slug. */
  category: string;
  imageUrl: string | null;
  imageAlt: string | null;
  imageCredit: string | null;
  author: string;
  authorId: number | null;
  authorImage: string | null;
  authorTitle: string | null;
  readTime: number;
  publishedAt: Timestamp | null;
  featured: Flag;
  categoryFeatured: Flag;
  premium: Flag;
  status: ContentStatus;
  everPublished: Flag;
  /** The UUID of the offline draft that made the article, if one did. */
  clientId: string | null;
  /** `live`: coverage fed entry by entry (contract §9 [live]), with its status and times. */
  kind: ArticleKind;
  liveStatus: LiveStatus | null;
  coverageStartTime: Timestamp | null;
  coverageEndTime: Timestamp | null;
  /** The number of the coverage's last change (entries, status): what a reader's cursor counts. */
  liveSeq: number;
  /** The number at which the status last changed. */
  liveStatusSeq: number;
  /** Its published read-aloud (contract §9 [voice]): a file under the store's audio/, withdrawn when the text changes. */
  audioFile: string | null;
  audioDuration: number | null;
  audioSize: number | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** The making of an article's read-aloud: its job, progress and the draft an editor listens to before publishing it. */
export interface ArticleAudioRow {
  articleId: number;
  jobId: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  voice: string;
  textHash: string | null;
  partsDone: number;
  partsTotal: number;
  draftFile: string | null;
  draftDuration: number | null;
  draftSize: number | null;
  error: string | null;
  errorStatus: number | null;
  errorCode: string | null;
  requestedBy: number | null;
  createdAt: Timestamp;
  finishedAt: Timestamp | null;
}

/** An entry of a live article; a deleted one keeps its row, without its text, so that readers hear of the deletion. */
export interface LiveEntryRow {
  id: number;
  articleId: number;
  authorId: number | null;
  authorName: string;
  title: string | null;
  /** Markdown. */
  content: string;
  /** The parsed content (a Block[] as JSON), made when the entry is written. */
  body: JsonColumn<Block[]>;
  keyEvent: Flag;
  pinned: Flag;
  clientId: string | null;
  /** The article's sequence number when the entry was posted (the order of the page) and when it last changed. */
  createdSeq: number;
  changedSeq: number;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  deletedAt: Timestamp | null;
}

export interface PodcastSeriesRow {
  id: number;
  title: string;
  description: string;
  category: string;
  imageUrl: string | null;
  featured: Flag;
  active: Flag;
  hostId: number | null;
  hostName: string | null;
  explicit: Flag;
  podcastType: (typeof PODCAST_TYPES)[number];
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface PodcastRow {
  id: number;
  seriesId: number | null;
  kind: EpisodeKind;
  title: string;
  description: string;
  category: string | null;
  imageUrl: string | null;
  /** The stored audio file's name; clients only ever see /api/podcasts/{id}/audio. */
  audioFile: string | null;
  audioSize: number | string | null;
  audioType: string | null;
  /** Seconds. */
  duration: number;
  /** JSON: `Chapter[]`, sorted; null for none. */
  chapters: string | null;
  /** When its transcript was published; null while it has none (the cues are in podcast_transcripts). */
  transcriptPublishedAt: Timestamp | null;
  episodeNumber: number;
  season: number | null;
  episodeType: (typeof EPISODE_TYPES)[number];
  explicit: Flag;
  publishedAt: Timestamp | null;
  featured: Flag;
  premium: Flag;
  status: ContentStatus;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface AdvertisementRow {
  id: number;
  title: string;
  description: string;
  imageUrl: string | null;
  linkUrl: string | null;
  placement: AdPlacement;
  active: Flag;
  partnerName: string | null;
  startDate: Timestamp | null;
  endDate: Timestamp | null;
  impressions: number;
  clicks: number;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface CustomVideoRow {
  id: number;
  title: string;
  slug: string;
  description: string;
  videoUrl: string;
  thumbnailUrl: string | null;
  /** As shown, e.g. "4:05". */
  duration: string;
  active: Flag;
  priority: number;
  uploadedBy: number | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface PeopleProfileRow {
  id: number;
  name: string;
  title: string;
  excerpt: string;
  bio: string;
  category: string;
  profileImage: string | null;
  location: string | null;
  birthDate: string | null;
  achievements: JsonColumn<string[]>;
  photoGallery: JsonColumn<string[]>;
  socialLinks: JsonColumn<PersonProfile['socialLinks']>;
  author: string | null;
  readTime: number;
  featured: Flag;
  status: ContentStatus;
  publishedAt: Timestamp | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ContentApprovalRow {
  id: number;
  contentType: PendingApproval['contentType'];
  contentId: number;
  submittedBy: number | null;
  reviewedBy: number | null;
  status: 'pending' | ApprovalDecision['status'];
  comments: string | null;
  submittedAt: Timestamp;
  reviewedAt: Timestamp | null;
}

/** One state of an article after a change (migrations 20261126_21_03); `state` is the JSON of a RevisionState. */
export interface ArticleRevisionRow {
  id: number;
  articleId: number;
  kind: RevisionKind;
  authorId: number | null;
  authorUsername: string;
  state: JsonColumn<RevisionState>;
  createdAt: Timestamp;
  groupStartedAt: Timestamp | null;
}

export interface ArticleCorrectionRow {
  id: number;
  articleId: number;
  text: string;
  authorId: number | null;
  createdAt: Timestamp;
}

export interface ArticlePreviewRow {
  tokenHash: string;
  articleId: number;
  createdBy: number | null;
  createdAt: Timestamp;
  expiresAt: Timestamp;
}

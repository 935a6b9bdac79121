import type { Context } from 'koa';
import type { Audience } from '../services/content/audience.js';
import type { UserRow } from '../services/accounts/users.js';

/** What every request knows about who is asking, and how they proved it. */
import type { ChangeScope } from './response-cache.js';

export interface AppState {
  user: UserRow | null;
  /** A session cookie, or a personal access token (`Authorization: Bearer`); null when signed out. */
  auth: 'session' | 'token' | null;
  /** What the user may read (drafts, premium content), worked out once with the user: the paywall and the cache read it. */
  audience: Audience;
  /** X-Request-Id, given or made (http/operations.ts). */
  requestId?: string;
  /** The route pattern of an answer served from the response cache, before the router ran. */
  route?: unknown;
  /** What a staff write changed, when it knows it changed one article's text only (else every cached answer goes). */
  changed?: ChangeScope;
}

export type AppContext = Context & { state: AppState };

import type { Context } from 'koa';
import type { UserRow } from '../services/users.js';

/** What every request knows about who is asking, and how they proved it. */
export interface AppState {
  user: UserRow | null;
  /** A session cookie, or a personal access token (`Authorization: Bearer`); null when signed out. */
  auth: 'session' | 'token' | null;
}

export type AppContext = Context & { state: AppState };

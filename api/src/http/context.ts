import type { Context } from 'koa';
import type { UserRow } from '../services/users.js';

/** What every request knows about who is asking. */
export interface AppState {
  user: UserRow | null;
}

export type AppContext = Context & { state: AppState };

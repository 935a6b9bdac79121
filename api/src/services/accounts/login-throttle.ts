import type { Db } from '../../db/connection.js';
import { countInWindow } from '../window-counter.js';

const WINDOW_MS = 15 * 60 * 1000;
/** Per address and account, and per address across accounts (password spraying). */
const LIMITS = { account: 5, address: 30 } as const;

/**
 * Login throttle in the database, so that it holds across API processes. Each attempt is counted before its
 * password is checked, in one upsert that answers the new count, so a burst of parallel guesses cannot slip
 * past the limit while the slow hash runs. The account part of a key is the account itself when the login names
 * one (its username and e-mail share it), else the login as typed; it is always paired with the client's address,
 * so nobody can lock an editor out from elsewhere.
 */
export function createLoginThrottle(db: Db) {
  const attempts = () => db('login_attempts');
  const keys = (ip: string, account: string) => ({ account: `account:${ip}:${account}`, address: `address:${ip}` });

  const count = (key: string, limit: number) => countInWindow(db, 'login_attempts', 'failures', key, limit, WINDOW_MS);

  return {
    /** Counts an attempt before its password is checked; answers how many seconds to wait, or 0 to go ahead. */
    async attempt(ip: string, account: string): Promise<number> {
      const k = keys(ip, account);
      return Math.max(await count(k.account, LIMITS.account), await count(k.address, LIMITS.address));
    },
    /** A right password clears the account's count and gives the address its attempt back. */
    async succeeded(ip: string, account: string): Promise<void> {
      const k = keys(ip, account);
      await attempts().where({ key: k.account }).delete();
      await attempts().where({ key: k.address }).where('failures', '>', 0).decrement('failures', 1);
    },
    /** Windows that have closed no longer matter. */
    purgeExpired: () => attempts().where('windowStart', '<', new Date(Date.now() - WINDOW_MS).toISOString()).delete(),
  };
}

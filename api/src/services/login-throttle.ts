import type { Db } from '../db/connection.js';
import { toIso } from '../db/values.js';

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

  /** Counts one attempt on a key and answers the seconds to wait, 0 while the count is within the limit. */
  async function count(key: string, limit: number): Promise<number> {
    const now = Date.now();
    const closed = new Date(now - WINDOW_MS).toISOString();
    const [row] = (await attempts()
      .insert({ key, failures: 1, windowStart: new Date(now).toISOString() })
      .onConflict('key')
      .merge({
        failures: db.raw('CASE WHEN login_attempts.window_start <= ? THEN 1 ELSE login_attempts.failures + 1 END', [closed]),
        windowStart: db.raw('CASE WHEN login_attempts.window_start <= ? THEN excluded.window_start ELSE login_attempts.window_start END', [closed]),
      })
      .returning(['failures', 'windowStart'])) as { failures: number; windowStart: string | Date }[];
    if (Number(row!.failures) <= limit) return 0;
    return Math.max(1, Math.ceil((new Date(toIso(row!.windowStart) ?? 0).getTime() + WINDOW_MS - now) / 1000));
  }

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

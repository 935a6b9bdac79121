import type { Db } from '../db/connection.js';
import { toIso } from '../db/values.js';

interface AttemptRow {
  key: string;
  failures: number;
  windowStart: string | Date;
}

const WINDOW_MS = 15 * 60 * 1000;
/** Per account and address, and per address across accounts (password spraying). */
const LIMITS = { account: 5, address: 30 } as const;

/**
 * Failed-login throttle in the database, so that it holds across API processes.
 * Answers how many seconds to wait, or 0.
 */
export function createLoginThrottle(db: Db) {
  const attempts = () => db<AttemptRow>('login_attempts');
  const keys = (ip: string, login: string) => ({
    account: `account:${ip}:${login.toLowerCase()}`,
    address: `address:${ip}`,
  });

  async function waitFor(key: string, limit: number): Promise<number> {
    const row = (await attempts().where({ key }).first()) as AttemptRow | undefined;
    if (!row) return 0;
    const started = new Date(toIso(row.windowStart) ?? 0).getTime();
    const remaining = started + WINDOW_MS - Date.now();
    if (remaining <= 0) return 0;
    return row.failures >= limit ? Math.ceil(remaining / 1000) : 0;
  }

  async function recordFailure(key: string): Promise<void> {
    const now = new Date();
    const row = (await attempts().where({ key }).first()) as AttemptRow | undefined;
    const started = row ? new Date(toIso(row.windowStart) ?? 0).getTime() : 0;
    if (!row || started + WINDOW_MS <= now.getTime()) {
      await attempts().insert({ key, failures: 1, windowStart: now.toISOString() } as never).onConflict('key').merge();
    } else {
      await attempts().where({ key }).increment('failures', 1);
    }
  }

  return {
    async retryAfter(ip: string, login: string): Promise<number> {
      const k = keys(ip, login);
      return Math.max(await waitFor(k.account, LIMITS.account), await waitFor(k.address, LIMITS.address));
    },
    async failed(ip: string, login: string): Promise<void> {
      const k = keys(ip, login);
      await recordFailure(k.account);
      await recordFailure(k.address);
    },
    async succeeded(ip: string, login: string): Promise<void> {
      await attempts().where({ key: keys(ip, login).account }).delete();
    },
    /** Windows that have closed no longer matter. */
    purgeExpired: () => attempts().where('windowStart', '<', new Date(Date.now() - WINDOW_MS).toISOString()).delete(),
  };
}

import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { isStaff, LIMITS, type Locale } from '@redaktion/shared';
import type { Db } from '../../db/connection.js';
import type { LoginCodeRow, UserRow } from '../../db/rows.js';
import { nowIso, toBool, toIso } from '../../db/values.js';
import { countInWindow } from '../window-counter.js';
import type { AccessTokens } from './access-tokens.js';
import type { SessionStore } from './session-store.js';
import type { UserService } from './users.js';

/** Sign-in by e-mailed code (contract §9 [revenue]). */
export const LOGIN_CODE = {
  ttlMs: 10 * 60 * 1000,
  /** Codes mailed to one address in an hour; beyond, the request is answered as always and nothing is sent. */
  perAddressPerHour: 5,
  /** Wrong tries that end a code. */
  failuresPerCode: 5,
  /** Wrong tries in a Stockholm day that lock code sign-in for the address until the next day. */
  failuresPerDay: 10,
} as const;

const HOUR_MS = 60 * 60 * 1000;
/** A row past this age holds neither a live code nor today's count. */
const KEEP_MS = 2 * 24 * HOUR_MS;

/** What a code try found: `locked` when the address has had its wrong tries for today. */
export type CodeCheck = 'ok' | 'wrong' | 'locked';

const stockholmDay = (at: Date): string => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(at);
/** Salted with the address: one code's hash says nothing about the same code sent to another address. */
const digest = (email: string, code: string) => createHash('sha256').update(`${email}\n${code}`).digest('hex');

/**
 * The account part: a code sign-in makes a reader account for an address that has none, and proves the address of
 * one that has (ending the sessions and tokens, and removing the password, of whoever registered it before).
 */
export function createLoginCodes(db: Db, users: UserService, sessions: SessionStore, accessTokens: AccessTokens) {
  const codes = () => db<LoginCodeRow>('login_codes');
  const row = (email: string) => codes().where({ email }).first() as Promise<LoginCodeRow | undefined>;
  const lockedToday = (found: LoginCodeRow | undefined, now: Date) =>
    Boolean(found && found.day === stockholmDay(now) && found.dayFailures >= LOGIN_CODE.failuresPerDay);

  /** A wrong try: counted for the code (ending it at its limit) and for the address's day, in one upsert. */
  async function countFailure(email: string, now: Date): Promise<CodeCheck> {
    const day = stockholmDay(now);
    const [counted] = (await codes()
      .insert({ email, codeHash: null, expiresAt: null, failures: 1, day, dayFailures: 1, updatedAt: now.toISOString() } as never)
      .onConflict('email')
      .merge({
        codeHash: db.raw('CASE WHEN login_codes.failures + 1 >= ? THEN NULL ELSE login_codes.code_hash END', [LOGIN_CODE.failuresPerCode]),
        failures: db.raw('login_codes.failures + 1'),
        dayFailures: db.raw('CASE WHEN login_codes.day = ? THEN login_codes.day_failures + 1 ELSE 1 END', [day]),
        day,
        updatedAt: now.toISOString(),
      } as never)
      .returning(['dayFailures'])) as Pick<LoginCodeRow, 'dayFailures'>[];
    return Number(counted!.dayFailures) >= LOGIN_CODE.failuresPerDay ? 'locked' : 'wrong';
  }

  async function freeUsername(email: string): Promise<string> {
    // The address's local part in the characters a username may have, with room for a number that makes it unique.
    const local = email.split('@')[0]!.replace(/[^A-Za-z0-9._-]/g, '').slice(0, LIMITS.usernameMax - 4);
    const base = local.length >= LIMITS.usernameMin ? local : `reader${local}`;
    // '_' is a LIKE wildcard: the query may find more names than start with base, never fewer.
    const taken = new Set(((await db('users').whereRaw('lower(username) like ?', [`${base.toLowerCase()}%`]).select('username')) as { username: string }[])
      .map((found) => found.username.toLowerCase()));
    for (let n = 1; ; n += 1) {
      const candidate = n === 1 ? base : `${base}${n}`;
      if (!taken.has(candidate.toLowerCase())) return candidate;
    }
  }

  async function createReader(email: string, locale: Locale): Promise<UserRow> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        const user = await users.create({ username: await freeUsername(email), email, passwordHash: '' });
        await db('users').where({ id: user.id }).update({ locale, emailVerifiedAt: nowIso() } as never);
        return (await users.byId(user.id))!;
      } catch (error) {
        // Another sign-in took the name (or made the account) in the meantime: look again, a few times.
        const existing = await users.byEmail(email);
        if (existing) return existing;
        if (attempt >= 3) throw error;
      }
    }
  }

  return {
    /**
     * A new code for the address, replacing its live one; null (nothing to send) past the hour's codes or while the
     * address is locked for the day.
     */
    async issue(email: string): Promise<string | null> {
      const address = email.toLowerCase();
      const now = new Date();
      if (lockedToday(await row(address), now)) return null;
      if (await countInWindow(db, 'rate_limits', 'count', `login-code-mail:${address}`, LOGIN_CODE.perAddressPerHour, HOUR_MS) > 0) return null;
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const fresh = { codeHash: digest(address, code), expiresAt: new Date(now.getTime() + LOGIN_CODE.ttlMs).toISOString(), failures: 0, updatedAt: now.toISOString() };
      // The day and its wrong tries stay: asking again never lifts a lock.
      await codes().insert({ email: address, ...fresh, day: stockholmDay(now), dayFailures: 0 } as never).onConflict('email').merge(fresh as never);
      return code;
    },

    /** Tries a code: a right one is used up (once, also against a simultaneous try), a wrong one counted. */
    async check(email: string, code: string): Promise<CodeCheck> {
      const address = email.toLowerCase();
      const now = new Date();
      const found = await row(address);
      if (lockedToday(found, now)) return 'locked';
      const live = found?.codeHash && new Date(toIso(found.expiresAt) ?? 0).getTime() > now.getTime() ? found.codeHash : null;
      // Compared in constant time, and compared even when there is no live code, so that timing says nothing either.
      const same = timingSafeEqual(Buffer.from(digest(address, code), 'hex'), Buffer.from(live ?? digest(address, ''), 'hex'));
      if (same && live) {
        const used = await codes().where({ email: address, codeHash: live } as never)
          .update({ codeHash: null, expiresAt: null, failures: 0, updatedAt: now.toISOString() } as never);
        if (used === 1) return 'ok';
      }
      return countFailure(address, now);
    },

    /**
     * The account a right code signs in: the address's own (proven now), a new reader account when there is none, or
     * null for staff and deactivated accounts, which never sign in by code.
     */
    async signIn(email: string, locale: Locale): Promise<UserRow | null> {
      const user = await users.byEmail(email);
      if (!user) return createReader(email, locale);
      if (isStaff(user) || !toBool(user.active)) return null;
      if (user.emailVerifiedAt) return user;
      // Until now anyone could have registered this address: whoever did loses every way in but the mailbox.
      await sessions.endUserSessions(user.id);
      await accessTokens.revokeAll(user.id);
      await db('users').where({ id: user.id }).update({ password: '', emailVerifiedAt: nowIso(), updatedAt: nowIso() } as never);
      return (await users.byId(user.id))!;
    },

    /** Proven by other means: the owner of the address used the reset link mailed to it. */
    proven: async (userId: number): Promise<void> => { await db('users').where({ id: userId }).update({ emailVerifiedAt: nowIso() } as never); },

    /** A changed address is proven by nobody yet. */
    addressChanged: async (userId: number): Promise<void> => { await db('users').where({ id: userId }).update({ emailVerifiedAt: null } as never); },

    /** An address whose account is deleted keeps nothing here. */
    forget: async (email: string): Promise<void> => { await codes().where({ email: email.toLowerCase() }).delete(); },

    /** Rows with no live code and no count for today. */
    purgeExpired: () => codes().where('updatedAt', '<', new Date(Date.now() - KEEP_MS).toISOString()).delete(),
  };
}

export type LoginCodes = ReturnType<typeof createLoginCodes>;

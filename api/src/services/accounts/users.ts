import { ERROR_CODES, ERROR_MESSAGES, type ProfileUpdateInput, type User, type UserRole } from '@redaktion/shared';
import type { Db } from '../../db/connection.js';
import { insertedId, nowIso, toBool, toIso } from '../../db/values.js';
import type { ContentApprovalRow, UserRow } from '../../db/rows.js';
import { conflict, HttpError } from '../../errors.js';

// Declared with every other table's row in db/rows.ts; re-exported for the modules that import it from here.
export type { UserRow };

/** An account made or proven by an e-mailed code keeps an empty hash: it signs in by code only (contract §9 [revenue]). */
export const hasPassword = (row: Pick<UserRow, 'password'>): boolean => row.password !== '';

/** What a user may see of an account: never the hash, never the Stripe ids. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    bio: row.bio,
    location: row.location,
    website: row.website,
    locale: row.locale,
    role: row.role,
    active: toBool(row.active),
    subscriptionPlan: row.subscriptionPlan,
    subscriptionStatus: row.subscriptionStatus,
    accessUntil: toIso(row.accessUntil),
    hasPassword: hasPassword(row),
    emailVerifiedAt: toIso(row.emailVerifiedAt),
    createdAt: toIso(row.createdAt) ?? '',
  };
}

export function createUserService(db: Db) {
  const users = () => db<UserRow>('users');

  const taken = async (field: 'username' | 'email', value: string, exceptId?: number): Promise<boolean> => {
    const row = (await users().whereRaw(`lower(${field}) = ?`, [value.toLowerCase()]).first('id')) as { id: number } | undefined;
    return Boolean(row && row.id !== exceptId);
  };
  /** One answer for a taken username and a taken e-mail, so registration tells nobody who has an account. */
  const accountTaken = () => new HttpError(409, ERROR_MESSAGES.accountTaken, ERROR_CODES.accountTaken);

  async function assertFree(field: 'username' | 'email', value: string, exceptId?: number): Promise<void> {
    if (await taken(field, value, exceptId)) throw field === 'email' && exceptId ? conflict('Email already registered') : accountTaken();
  }

  return {
    assertFree,

    byId: (id: number) => users().where({ id }).first() as Promise<UserRow | undefined>,

    /** Login accepts the username or the e-mail, without regard to case. */
    byLogin: (login: string) =>
      users().whereRaw('lower(username) = ?', [login.toLowerCase()])
        .orWhereRaw('lower(email) = ?', [login.toLowerCase()]).first() as Promise<UserRow | undefined>,

    byEmail: (email: string) => users().whereRaw('lower(email) = ?', [email.toLowerCase()]).first() as Promise<UserRow | undefined>,

    async create(input: { username: string; email: string; passwordHash: string; role?: UserRole }): Promise<UserRow> {
      await assertFree('username', input.username);
      await assertFree('email', input.email);
      const now = nowIso();
      try {
        const result = await users().insert({
          username: input.username,
          email: input.email.toLowerCase(),
          password: input.passwordHash,
          role: input.role ?? 'user',
          locale: 'sv',
          active: true,
          createdAt: now,
          updatedAt: now,
        } as never, ['id']);
        return (await users().where({ id: insertedId(result) }).first()) as UserRow;
      } catch (error) {
        // Two registrations racing past assertFree: the unique index decides.
        if (/unique/i.test(String((error as Error).message))) throw accountTaken();
        throw error;
      }
    },

    async updateProfile(id: number, input: Omit<ProfileUpdateInput, 'currentPassword'>): Promise<UserRow> {
      if (input.email) await assertFree('email', input.email, id);
      const blankToNull = (value: string | undefined) => (value === undefined ? undefined : value === '' ? null : value);
      const changes = {
        firstName: blankToNull(input.firstName),
        lastName: blankToNull(input.lastName),
        email: input.email,
        bio: blankToNull(input.bio),
        location: blankToNull(input.location),
        website: blankToNull(input.website),
        locale: input.locale,
      };
      const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      await users().where({ id }).update({ ...defined, updatedAt: nowIso() } as never);
      return (await users().where({ id }).first()) as UserRow;
    },

    setPassword: (id: number, passwordHash: string) =>
      users().where({ id }).update({ password: passwordHash, updatedAt: nowIso() } as never),

    setRole: (id: number, role: UserRole) => users().where({ id }).update({ role, updatedAt: nowIso() } as never),

    /** What a user submitted for review, dates as ISO text on both databases. */
    submissions: async (id: number) =>
      ((await db('content_approvals').where({ submittedBy: id })
        .select('contentType', 'contentId', 'status', 'comments', 'submittedAt', 'reviewedAt').orderBy('submittedAt')) as
        Pick<ContentApprovalRow, 'contentType' | 'contentId' | 'status' | 'comments' | 'submittedAt' | 'reviewedAt'>[])
        .map((row) => ({ ...row, submittedAt: toIso(row.submittedAt), reviewedAt: toIso(row.reviewedAt) })),

    remove: (id: number) => users().where({ id }).delete(),
  };
}

export type UserService = ReturnType<typeof createUserService>;

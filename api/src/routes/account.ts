import {
  accountDeletionSchema, accountExportSchema, ERROR_CODES, ERROR_MESSAGES, loginCodeRequestSchema, loginCodeVerifySchema, loginSchema,
  messageSchema, passwordChangeSchema, profileUpdateSchema, registerSchema, resetRequestAnswerSchema, resetRequestSchema, resetSchema, userSchema,
} from '@redaktion/shared';
import type { AppContext } from '../http/context.js';
import { endpoint } from '../http/endpoint.js';
import { HttpError, notAuthenticated } from '../errors.js';
import { dummyHash, hashPassword, verifyPassword } from '../services/accounts/passwords.js';
import type { Services } from '../services/index.js';
import { hasPassword, toUser, type UserRow } from '../services/accounts/users.js';
import { LOGIN_CODE, type CodeCheck } from '../services/accounts/login-codes.js';
import { toBool } from '../db/values.js';
import { audienceOf } from '../services/content/audience.js';

const RESET_SENT = 'If an account exists for that address, we have sent a link to reset the password.';
const CODE_SENT = `If that address can sign in by code, we have e-mailed it a code and a link. Both are valid for ${LOGIN_CODE.ttlMs / 60_000} minutes.`;
/** Code requests per client in 15 minutes: a reader asks a few times, a script mailing strangers more. */
const CODE_REQUESTS_PER_CLIENT = 10;
const CODE_REQUEST_WINDOW_MS = 15 * 60 * 1000;

const tooManyAttempts = (wait: number) =>
  new HttpError(429, 'Too many failed attempts. Try again later.', ERROR_CODES.tooManyAttempts, undefined, { 'Retry-After': String(wait) });

/** A code that did not sign in or confirm: the same words for a wrong, used, ended or expired code. */
const codeRefused = (result: Exclude<CodeCheck, 'ok'>) => {
  const message = result === 'locked' ? ERROR_MESSAGES.codeLocked : ERROR_MESSAGES.invalidCode;
  return new HttpError(400, message, result === 'locked' ? ERROR_CODES.codeLocked : ERROR_CODES.invalidCode, [{ path: 'code', message }]);
};

function signedIn(ctx: AppContext): UserRow {
  if (!ctx.state.user) throw notAuthenticated();
  return ctx.state.user;
}

async function startSession(ctx: AppContext, user: UserRow): Promise<void> {
  ctx.session!.userId = user.id;
  // A new key at sign-in, so that a key planted before it is worth nothing (session fixation).
  await ctx.session!.regenerate();
  ctx.state.user = user;
  ctx.state.audience = audienceOf(user);
}

const currentSid = (ctx: AppContext): string | undefined => (ctx.session as { externalKey?: string } | null)?.externalKey;

export const accountEndpoints = ({ users, sessions, throttle, resetTokens, accountMail, accessTokens, newsletter, push, loginCodes, rateLimit, gifts, meter, passes, library }: Services) => {
  /**
   * A password-protected act: confirmed by the password, or, for an account without one, by a fresh e-mailed code
   * (contract §9 [revenue]). `field` names the password's field, `missing` and `wrong` what to say about it.
   */
  async function confirm(user: UserRow, given: { password?: string; code?: string }, field: string, missing: string, wrong: string): Promise<void> {
    if (!hasPassword(user)) {
      if (given.code === undefined) {
        throw new HttpError(400, ERROR_MESSAGES.codeNeeded, ERROR_CODES.validation, [{ path: 'code', message: ERROR_MESSAGES.codeNeeded }]);
      }
      const result = await loginCodes.check(user.email, given.code);
      if (result !== 'ok') throw codeRefused(result);
      return;
    }
    if (given.password === undefined) throw new HttpError(400, missing, ERROR_CODES.validation, [{ path: field, message: missing }]);
    if (!(await verifyPassword(given.password, user.password))) {
      throw new HttpError(400, wrong, ERROR_CODES.invalidCredentials, [{ path: field, message: wrong }]);
    }
  }

  return [
    endpoint({
      method: 'get', path: '/api/user', tag: 'Account', access: 'user',
      summary: 'The signed-in user; 401 when signed out', response: userSchema,
      handle: (ctx) => toUser(signedIn(ctx)),
    }),
    endpoint({
      method: 'post', path: '/api/register', tag: 'Account', access: 'public', status: 201,
      summary: 'Creates an account and signs it in', body: registerSchema, response: userSchema,
      answers: { 409: { description: 'The username or the e-mail address is taken (code account_taken)' } },
      handle: async (ctx, { body }) => {
        const user = await users.create({ username: body.username, email: body.email, passwordHash: await hashPassword(body.password) });
        await startSession(ctx, user);
        return toUser(user);
      },
    }),
    endpoint({
      method: 'post', path: '/api/login', tag: 'Account', access: 'public',
      summary: 'Signs in with the username or the e-mail; failed attempts are throttled (429)',
      body: loginSchema, response: userSchema, throttled: true,
      answers: {
        401: { description: 'Wrong username or password (code invalid_credentials)' },
        403: { description: 'The account is deactivated (code account_inactive)' },
      },
      handle: async (ctx, { body }) => {
        const user = await users.byLogin(body.username);
        // The account's username and e-mail share one count; a login that names no account is counted as typed.
        const account = user ? `user:${user.id}` : `login:${body.username.toLowerCase()}`;
        const wait = await throttle.attempt(ctx.ip, account);
        if (wait > 0) throw tooManyAttempts(wait);
        const valid = await verifyPassword(body.password, user?.password ?? (await dummyHash()));
        if (!user || !valid) throw new HttpError(401, 'Invalid username or password', ERROR_CODES.invalidCredentials);
        if (!toBool(user.active)) throw new HttpError(403, 'This account has been deactivated', ERROR_CODES.accountInactive);
        await throttle.succeeded(ctx.ip, account);
        await startSession(ctx, user);
        return toUser(user);
      },
    }),
    endpoint({
      method: 'post', path: '/api/auth/code', tag: 'Account', access: 'public', status: 202,
      summary: 'E-mails a 6-digit sign-in code valid 10 minutes, and a link that carries it, replacing the live one; the answer is '
        + 'the same for every address (staff, deactivated and unknown ones included), and beyond 5 codes an hour per address nothing is sent',
      body: loginCodeRequestSchema, response: messageSchema, throttled: true,
      handle: async (ctx, { body }) => {
        const wait = await rateLimit.hit(`login-code:${ctx.ip}`, CODE_REQUESTS_PER_CLIENT, CODE_REQUEST_WINDOW_MS);
        if (wait > 0) throw tooManyAttempts(wait);
        // As for a reset: who may get a code, and whether this hour's codes are spent, is decided in the job.
        await accountMail.requestLoginCode({ email: body.email, locale: body.locale ?? 'sv', ...(body.returnTo ? { returnTo: body.returnTo } : {}) });
        return { message: CODE_SENT };
      },
    }),
    endpoint({
      method: 'post', path: '/api/auth/code/verify', tag: 'Account', access: 'public',
      summary: 'Signs in with an e-mailed code (once), making a reader account for an address that has none and proving the '
        + "address of one that has: an account whose address was not proven loses its password and every other session and token",
      body: loginCodeVerifySchema, response: userSchema, throttled: true,
      answers: {
        400: { description: 'The code is wrong, used, expired or ended by 5 wrong tries, or the address cannot sign in by code (code invalid_code); '
          + '10 wrong tries in a day lock the address until the next day (code code_locked)' },
      },
      handle: async (ctx, { body }) => {
        const account = `code:${body.email}`;
        const wait = await throttle.attempt(ctx.ip, account);
        if (wait > 0) throw tooManyAttempts(wait);
        const result = await loginCodes.check(body.email, body.code);
        if (result !== 'ok') throw codeRefused(result);
        const user = await loginCodes.signIn(body.email, body.locale ?? 'sv');
        if (!user) throw codeRefused('wrong');
        await throttle.succeeded(ctx.ip, account);
        await startSession(ctx, user);
        return toUser(user);
      },
    }),
    endpoint({
      method: 'post', path: '/api/logout', tag: 'Account', access: 'public', status: 204,
      summary: 'Ends this session',
      handle: (ctx) => {
        ctx.session = null;
        ctx.status = 204;
        return undefined;
      },
    }),
    endpoint({
      method: 'patch', path: '/api/user/profile', tag: 'Account', access: 'user',
      summary: "Updates the signed-in user's own profile; a new e-mail address needs the current password (or, without one, an e-mailed code)",
      body: profileUpdateSchema, response: userSchema,
      answers: { 409: { description: 'Another account has that e-mail address' } },
      handle: async (ctx, { body: { currentPassword, code, ...changes } }) => {
        const user = signedIn(ctx);
        // The e-mail receives reset links and codes: whoever holds only the session must not be able to redirect them.
        const newAddress = changes.email !== undefined && changes.email !== user.email.toLowerCase();
        if (newAddress) {
          await confirm(user, { password: currentPassword || undefined, code }, 'currentPassword', ERROR_MESSAGES.emailNeedsPassword, ERROR_MESSAGES.wrongCurrentPassword);
        }
        const updated = await users.updateProfile(user.id, changes);
        if (!newAddress) return toUser(updated);
        await loginCodes.addressChanged(user.id);
        return toUser({ ...updated, emailVerifiedAt: null });
      },
    }),
    endpoint({
      method: 'post', path: '/api/user/password', tag: 'Account', access: 'user',
      summary: 'Changes the password (the current one required; an account without one sets its first with an e-mailed code) and ends the other sessions',
      body: passwordChangeSchema, response: messageSchema,
      handle: async (ctx, { body }) => {
        const user = signedIn(ctx);
        await confirm(user, { password: body.currentPassword, code: body.code }, 'currentPassword', 'Current password is required', ERROR_MESSAGES.wrongCurrentPassword);
        await users.setPassword(user.id, await hashPassword(body.newPassword));
        await sessions.endUserSessions(user.id, currentSid(ctx));
        return { message: 'Password changed' };
      },
    }),
    endpoint({
      method: 'get', path: '/api/user/export', tag: 'Account', access: 'user',
      summary: 'Everything stored about the signed-in user, as a JSON download', response: accountExportSchema,
      handle: async (ctx) => {
        const user = signedIn(ctx);
        ctx.set('Content-Disposition', `attachment; filename="redaktion-${user.username}.json"`);
        ctx.set('Cache-Control', 'no-store');
        return {
          exportedAt: new Date().toISOString(),
          account: toUser(user),
          submittedContent: await users.submissions(user.id),
          newsletter: await newsletter.exportFor(user.id),
          pushAlerts: await push.exportFor(user.id),
          giftLinks: await gifts.list(user.id),
          meterReads: await meter.readsOf(user.id),
          passes: await passes.ofUser(user.id),
          library: await library.exportFor(user.id),
        };
      },
    }),
    endpoint({
      method: 'delete', path: '/api/user', tag: 'Account', access: 'user', status: 204,
      summary: 'Deletes the account after confirming the password (or, without one, an e-mailed code); every session ends',
      body: accountDeletionSchema,
      handle: async (ctx, { body }) => {
        const user = signedIn(ctx);
        await confirm(user, body, 'password', 'Password is required', 'Password is incorrect');
        // The account's newsletter subscription goes with it, and its address's sign-in codes; its devices' alerts go by the foreign key.
        await newsletter.removeFor(user.id);
        await loginCodes.forget(user.email);
        await users.remove(user.id);
        ctx.session = null;
        ctx.status = 204;
        return undefined;
      },
    }),
    endpoint({
      method: 'post', path: '/api/auth/reset-password-request', tag: 'Account', access: 'public',
      summary: 'E-mails a reset link to the account of that address, if there is one; the answer is the same for every address',
      body: resetRequestSchema, response: resetRequestAnswerSchema,
      handle: async (_ctx, { body }) => {
        // The link only ever travels by e-mail, and the answer is the same, byte for byte and in time, for every
        // address: the lookup, the token and the mail happen in a job.
        await accountMail.requestPasswordReset(body.email);
        return { message: RESET_SENT };
      },
    }),
    endpoint({
      method: 'post', path: '/api/auth/reset-password', tag: 'Account', access: 'public',
      summary: "Sets a new password with a reset token, ends the user's other sessions and revokes their access tokens",
      body: resetSchema, response: messageSchema,
      handle: async (ctx, { body }) => {
        const userId = await resetTokens.consume(body.token);
        if (!userId) throw new HttpError(400, 'This reset link is invalid or has expired', ERROR_CODES.invalidResetToken);
        await users.setPassword(userId, await hashPassword(body.newPassword));
        // The link travelled to the account's address: whoever used it holds that mailbox.
        await loginCodes.proven(userId);
        await sessions.endUserSessions(userId, currentSid(ctx));
        // A reset recovers an account that may have been someone else's for a while: their tokens die with the old password.
        await accessTokens.revokeAll(userId);
        return { message: 'Password has been reset' };
      },
    }),
  ];
};

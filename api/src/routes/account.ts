import {
  accountDeletionSchema, accountExportSchema, ERROR_CODES, ERROR_MESSAGES, loginSchema, messageSchema, passwordChangeSchema,
  profileUpdateSchema, registerSchema, resetRequestAnswerSchema, resetRequestSchema, resetSchema, userSchema,
} from '@redaktion/shared';
import type { AppContext } from '../http/context.js';
import { endpoint } from '../http/endpoint.js';
import { HttpError, notAuthenticated } from '../errors.js';
import { dummyHash, hashPassword, verifyPassword } from '../services/accounts/passwords.js';
import type { Services } from '../services/index.js';
import { toUser, type UserRow } from '../services/accounts/users.js';
import { toBool } from '../db/values.js';
import { audienceOf } from '../services/content/audience.js';

const RESET_SENT = 'If an account exists for that address, we have sent a link to reset the password.';

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

export const accountEndpoints = ({ users, sessions, throttle, resetTokens, accountMail, accessTokens, newsletter, push }: Services) => {
  async function confirmPassword(user: UserRow, password: string, message: string, field = 'password'): Promise<void> {
    if (!(await verifyPassword(password, user.password))) {
      throw new HttpError(400, message, ERROR_CODES.invalidCredentials, [{ path: field, message }]);
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
        if (wait > 0) {
          throw new HttpError(429, 'Too many failed attempts. Try again later.', ERROR_CODES.tooManyAttempts, undefined, {
            'Retry-After': String(wait),
          });
        }
        const valid = await verifyPassword(body.password, user?.password ?? (await dummyHash()));
        if (!user || !valid) throw new HttpError(401, 'Invalid username or password', ERROR_CODES.invalidCredentials);
        if (!toBool(user.active)) throw new HttpError(403, 'This account has been deactivated', ERROR_CODES.accountInactive);
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
      summary: "Updates the signed-in user's own profile; a new e-mail address needs the current password", body: profileUpdateSchema, response: userSchema,
      answers: { 409: { description: 'Another account has that e-mail address' } },
      handle: async (ctx, { body: { currentPassword, ...changes } }) => {
        const user = signedIn(ctx);
        // The e-mail receives reset links: whoever holds only the session must not be able to redirect them.
        if (changes.email !== undefined && changes.email !== user.email.toLowerCase()) {
          const message = ERROR_MESSAGES.emailNeedsPassword;
          if (!currentPassword) throw new HttpError(400, message, ERROR_CODES.validation, [{ path: 'currentPassword', message }]);
          await confirmPassword(user, currentPassword, ERROR_MESSAGES.wrongCurrentPassword, 'currentPassword');
        }
        return toUser(await users.updateProfile(user.id, changes));
      },
    }),
    endpoint({
      method: 'post', path: '/api/user/password', tag: 'Account', access: 'user',
      summary: 'Changes the password (the current one required) and ends the other sessions',
      body: passwordChangeSchema, response: messageSchema,
      handle: async (ctx, { body }) => {
        const user = signedIn(ctx);
        await confirmPassword(user, body.currentPassword, ERROR_MESSAGES.wrongCurrentPassword, 'currentPassword');
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
        };
      },
    }),
    endpoint({
      method: 'delete', path: '/api/user', tag: 'Account', access: 'user', status: 204,
      summary: 'Deletes the account after confirming the password; every session ends',
      body: accountDeletionSchema,
      handle: async (ctx, { body }) => {
        const user = signedIn(ctx);
        await confirmPassword(user, body.password, 'Password is incorrect');
        // The account's newsletter subscription goes with it; its devices' alerts go by the foreign key.
        await newsletter.removeFor(user.id);
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
        await sessions.endUserSessions(userId, currentSid(ctx));
        // A reset recovers an account that may have been someone else's for a while: their tokens die with the old password.
        await accessTokens.revokeAll(userId);
        return { message: 'Password has been reset' };
      },
    }),
  ];
};

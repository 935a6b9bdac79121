import {
  accountDeletionSchema, ERROR_CODES, loginSchema, passwordChangeSchema, profileUpdateSchema, registerSchema,
  resetRequestAnswerSchema, resetRequestSchema, resetSchema, userSchema,
} from '@redaktion/shared';
import { z } from 'zod';
import type { Config } from '../config.js';
import type { AppContext } from '../http/context.js';
import { endpoint } from '../http/endpoint.js';
import { HttpError, notAuthenticated, notConfigured, notFound } from '../http/errors.js';
import { dummyHash, hashPassword, verifyPassword } from '../services/passwords.js';
import type { Services } from '../services/index.js';
import { toUser, type UserRow } from '../services/users.js';
import { toBool } from '../db/values.js';

/** Outside production and without SMTP_URL the reset link is shown on screen (contract.md §3). */
export const passwordResetLinkOnScreen = (config: Config) => !config.smtpUrl && !config.production;

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
}

const currentSid = (ctx: AppContext): string | undefined => (ctx.session as { externalKey?: string } | null)?.externalKey;

export const accountEndpoints = ({ users, sessions, throttle, resetTokens, mailer, accessTokens }: Services, config: Config) => {
  async function confirmPassword(user: UserRow, password: string, message: string): Promise<void> {
    if (!(await verifyPassword(password, user.password))) {
      throw new HttpError(400, message, ERROR_CODES.invalidCredentials, [{ path: 'password', message }]);
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
      handle: async (ctx, { body }) => {
        const user = await users.create({ username: body.username, email: body.email, passwordHash: await hashPassword(body.password) });
        await startSession(ctx, user);
        return toUser(user);
      },
    }),
    endpoint({
      method: 'post', path: '/api/login', tag: 'Account', access: 'public',
      summary: 'Signs in with the username or the e-mail; failed attempts are throttled (429)',
      body: loginSchema, response: userSchema,
      handle: async (ctx, { body }) => {
        const wait = await throttle.retryAfter(ctx.ip, body.username);
        if (wait > 0) {
          throw new HttpError(429, 'Too many failed attempts. Try again later.', ERROR_CODES.tooManyAttempts, undefined, {
            'Retry-After': String(wait),
          });
        }
        const user = await users.byLogin(body.username);
        const valid = await verifyPassword(body.password, user?.password ?? (await dummyHash()));
        if (!user || !valid) {
          await throttle.failed(ctx.ip, body.username);
          throw new HttpError(401, 'Invalid username or password', ERROR_CODES.invalidCredentials);
        }
        if (!toBool(user.active)) throw new HttpError(403, 'This account has been deactivated', ERROR_CODES.accountInactive);
        await throttle.succeeded(ctx.ip, body.username);
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
      summary: "Updates the signed-in user's own profile", body: profileUpdateSchema, response: userSchema,
      handle: async (ctx, { body }) => toUser(await users.updateProfile(signedIn(ctx).id, body)),
    }),
    endpoint({
      method: 'post', path: '/api/user/password', tag: 'Account', access: 'user',
      summary: 'Changes the password (the current one required) and ends the other sessions',
      body: passwordChangeSchema, response: z.object({ message: z.string() }),
      handle: async (ctx, { body }) => {
        const user = signedIn(ctx);
        await confirmPassword(user, body.currentPassword, 'Current password is incorrect');
        await users.setPassword(user.id, await hashPassword(body.newPassword));
        await sessions.endUserSessions(user.id, currentSid(ctx));
        return { message: 'Password changed' };
      },
    }),
    endpoint({
      method: 'get', path: '/api/user/export', tag: 'Account', access: 'user',
      summary: 'Everything stored about the signed-in user, as a JSON download',
      handle: async (ctx) => {
        const user = signedIn(ctx);
        ctx.set('Content-Disposition', `attachment; filename="redaktion-${user.username}.json"`);
        ctx.set('Cache-Control', 'no-store');
        return {
          exportedAt: new Date().toISOString(),
          account: toUser(user),
          submittedContent: await users.submissions(user.id),
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
        await users.remove(user.id);
        ctx.session = null;
        ctx.status = 204;
        return undefined;
      },
    }),
    endpoint({
      method: 'post', path: '/api/auth/reset-password-request', tag: 'Account', access: 'public',
      summary: 'Sends a reset link by e-mail (SMTP_URL); outside production without it, answers the link itself',
      body: resetRequestSchema, response: resetRequestAnswerSchema,
      handle: async (ctx, { body }) => {
        if (!config.smtpUrl && config.production) throw notConfigured('Password reset e-mail');
        const user = await users.byEmail(body.email);
        const active = user && toBool(user.active) ? user : null;
        const origin = config.publicOrigin ?? `${ctx.protocol}://${ctx.host}`;
        const link = async (account: UserRow) => `${origin}/reset-password?token=${await resetTokens.issue(account.id)}`;
        if (config.smtpUrl) {
          // The same answer, byte for byte, whether or not the address has an account.
          // Sent after answering, so that the time taken does not tell either.
          if (active) {
            const url = await link(active);
            void mailer.sendPasswordReset(active, url).catch((error: unknown) => ctx.app.emit('error', error, ctx));
          }
          return { message: RESET_SENT };
        }
        if (!active) throw notFound('No account found with that email address');
        return { message: 'Use this link to set a new password. It works once, within one hour.', resetUrl: await link(active) };
      },
    }),
    endpoint({
      method: 'post', path: '/api/auth/reset-password', tag: 'Account', access: 'public',
      summary: "Sets a new password with a reset token, ends the user's other sessions and revokes their access tokens",
      body: resetSchema, response: z.object({ message: z.string() }),
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

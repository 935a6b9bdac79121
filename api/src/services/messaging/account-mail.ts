import { isStaff, type Locale } from '@redaktion/shared';
import type { Config } from '../../config.js';
import { toBool } from '../../db/values.js';
import type { JobQueue } from '../jobs/index.js';
import type { createMailer } from './mailer.js';
import type { createPasswordResetTokens } from '../accounts/password-reset.js';
import type { createUserService } from '../accounts/users.js';
import { LOGIN_CODE, type LoginCodes } from '../accounts/login-codes.js';

const RESET_KIND = 'account.password-reset';
const CODE_KIND = 'account.login-code';

/** A sign-in code request as the job gets it: the address, the language the reader asked in, where to go after. */
export interface LoginCodeRequest { email: string; locale: Locale; returnTo?: string }

const codeMinutes = LOGIN_CODE.ttlMs / 60_000;
const codeMail = {
  sv: {
    subject: (code: string) => `Din inloggningskod till Redaktion: ${code}`,
    body: (code: string, url: string) =>
      `Hej!\n\nDin kod för att logga in hos Redaktion är:\n\n${code}\n\nDen gäller i ${codeMinutes} minuter och fungerar en gång. `
      + `Du kan också logga in med den här länken:\n\n${url}\n\n`
      + 'Om du inte bad om koden kan du bortse från meddelandet; ingen kan logga in utan den.\n\nRedaktion',
  },
  en: {
    subject: (code: string) => `Your Redaktion sign-in code: ${code}`,
    body: (code: string, url: string) =>
      `Hello,\n\nYour code for signing in to Redaktion is:\n\n${code}\n\nIt is valid for ${codeMinutes} minutes and works once. `
      + `You can also sign in with this link:\n\n${url}\n\n`
      + 'If you did not ask for a code, you can ignore this message; nobody can sign in without it.\n\nRedaktion',
  },
} as const;

/**
 * The password-reset and sign-in code e-mails as durable jobs: the request only stores the job, so the answer is the same in body
 * and time for every address, and a process that stops right after answering loses no mail. The lookup and the
 * token are made in the job (no link is ever stored in the queue).
 */
export function createAccountMail(
  jobs: JobQueue,
  users: ReturnType<typeof createUserService>,
  resetTokens: ReturnType<typeof createPasswordResetTokens>,
  loginCodes: LoginCodes,
  mailer: ReturnType<typeof createMailer>,
  config: Config,
) {
  return {
    jobs: {
      [RESET_KIND]: async (payload: unknown) => {
        const user = await users.byEmail((payload as { email: string }).email);
        if (!user || !toBool(user.active)) return;
        await mailer.sendPasswordReset(user, `${config.linkOrigin}/reset-password?token=${await resetTokens.issue(user.id)}`);
      },
      // Staff and deactivated accounts get nothing, nor does an address past its hour's codes or locked for the day.
      [CODE_KIND]: async (payload: unknown) => {
        const request = payload as LoginCodeRequest;
        const user = await users.byEmail(request.email);
        if (user && (isStaff(user) || !toBool(user.active))) return;
        const code = await loginCodes.issue(request.email);
        if (!code) return;
        // The page the link opens asks before it signs in, so that a mail scanner fetching the link signs in nobody.
        const link = new URL('/sign-in/code', config.linkOrigin);
        link.searchParams.set('email', request.email);
        link.searchParams.set('code', code);
        if (request.returnTo) link.searchParams.set('returnTo', request.returnTo);
        const text = codeMail[(user?.locale ?? request.locale) === 'en' ? 'en' : 'sv'];
        await mailer.send({ to: request.email, subject: text.subject(code), text: text.body(code, link.toString()) });
      },
    },
    requestPasswordReset: (email: string) => jobs.enqueue(RESET_KIND, { email }),
    requestLoginCode: (request: LoginCodeRequest) => jobs.enqueue(CODE_KIND, request),
  };
}

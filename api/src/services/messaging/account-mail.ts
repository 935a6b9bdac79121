import type { Config } from '../../config.js';
import { toBool } from '../../db/values.js';
import type { JobQueue } from '../jobs/index.js';
import type { createMailer } from './mailer.js';
import type { createPasswordResetTokens } from '../accounts/password-reset.js';
import type { createUserService } from '../accounts/users.js';

const RESET_KIND = 'account.password-reset';

/**
 * The password-reset e-mail as a durable job: the request only stores the job, so the answer is the same in body
 * and time for every address, and a process that stops right after answering loses no mail. The lookup and the
 * token are made in the job (no link is ever stored in the queue).
 */
export function createAccountMail(
  jobs: JobQueue,
  users: ReturnType<typeof createUserService>,
  resetTokens: ReturnType<typeof createPasswordResetTokens>,
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
    },
    requestPasswordReset: (email: string) => jobs.enqueue(RESET_KIND, { email }),
  };
}

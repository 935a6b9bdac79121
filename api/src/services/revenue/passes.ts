import { isEntitled, PASS_DAYS, type PassKind, type PassRecord } from '@redaktion/shared';
import type { Config } from '../../config.js';
import { isPostgres, type Db } from '../../db/connection.js';
import type { Timestamp, UserRow } from '../../db/rows.js';
import { nowIso, toIso } from '../../db/values.js';
import type { JobQueue } from '../jobs/index.js';
import type { createMailer } from '../messaging/mailer.js';
import { passEnding, passReceipt, trialEnding } from './mail.js';

interface PassRow { paymentIntentId: string; userId: number; pass: PassKind; amountSek: number; paidAt: Timestamp; refundedAt: Timestamp | null }

/** A PaymentIntent that bought a pass, as Stripe says it is now. */
export interface PassPayment { paymentIntentId: string; userId: number; pass: PassKind; amountSek: number; paidAt: string; refunded: boolean }

const DAY_MS = 24 * 60 * 60 * 1000;
/** The reminder goes this long before a pass ends (contract §9 [revenue]). */
export const REMINDER_BEFORE_MS = 3 * DAY_MS;

const KINDS = { receipt: 'revenue.pass-receipt', reminder: 'revenue.pass-reminder', trial: 'revenue.trial-ending' } as const;

/**
 * The end of access the passes give, paid in this order: each adds its days to the later of its payment and the end
 * the earlier ones reached. Made again from every pass not refunded, so that the order and the number of deliveries of
 * Stripe's events never matter, and a refund takes out exactly the days its pass added.
 */
export function accessEnd(passes: { pass: PassKind; paidAt: string }[]): string | null {
  let end: number | null = null;
  for (const { pass, paidAt } of [...passes].sort((a, b) => Date.parse(a.paidAt) - Date.parse(b.paidAt))) {
    end = Math.max(Date.parse(paidAt), end ?? 0) + PASS_DAYS[pass] * DAY_MS;
  }
  return end === null ? null : new Date(end).toISOString();
}

/**
 * Passes (contract §9 [revenue] "Payment methods"): Swish cannot recur, so it buys 30 or 365 days of access with no
 * renewal. Each PaymentIntent is recorded once; the receipt, the reminder three days before the end, and the trial's
 * reminder before its first charge go out as durable jobs.
 */
export function createPasses(db: Db, config: Config, mailer: ReturnType<typeof createMailer>, jobs: JobQueue) {
  const nameOf = (user: UserRow) => user.firstName ?? user.username;
  const userById = (id: number) => db<UserRow>('users').where({ id }).first() as Promise<UserRow | undefined>;

  return {
    /**
     * Records what Stripe says of a pass's payment and makes the reader's end of access again. A payment seen for the
     * first time (and not refunded) gets its receipt; a payment seen again changes nothing unless it was refunded since.
     */
    async record(payment: PassPayment): Promise<void> {
      await db.transaction(async (trx) => {
        // One writer per reader at a time on PostgreSQL: two processes taking two events of the same reader then agree.
        const reader = trx('users').where({ id: payment.userId });
        if (!(await (isPostgres(trx) ? reader.forUpdate() : reader).first('id'))) return;
        const existing = (await trx('passes').where({ paymentIntentId: payment.paymentIntentId }).first()) as PassRow | undefined;
        if (existing && (existing.refundedAt !== null || !payment.refunded)) return;
        if (existing) {
          await trx('passes').where({ paymentIntentId: payment.paymentIntentId }).update({ refundedAt: nowIso() });
        } else {
          await trx('passes').insert({
            paymentIntentId: payment.paymentIntentId, userId: payment.userId, pass: payment.pass, amountSek: payment.amountSek, paidAt: payment.paidAt,
            refundedAt: payment.refunded ? nowIso() : null, createdAt: nowIso(),
          });
        }
        const kept = (await trx('passes').where({ userId: payment.userId }).whereNull('refundedAt').select('pass', 'paidAt')) as Pick<PassRow, 'pass' | 'paidAt'>[];
        const accessUntil = accessEnd(kept.map((row) => ({ pass: row.pass, paidAt: toIso(row.paidAt)! })));
        await trx('users').where({ id: payment.userId }).update({ accessUntil, updatedAt: nowIso() });
        if (!existing && !payment.refunded) await jobs.enqueue(KINDS.receipt, { paymentIntentId: payment.paymentIntentId }, trx);
      });
    },

    /**
     * Queues the reminder of every pass that ends within three days and has not been reminded of that end. The key is
     * the end itself: a renewal that moves it makes a new end (reminded in its turn), and the job sends nothing for an
     * end that is no longer the reader's. A reader whose subscription gives access needs no reminder.
     */
    async remindEndingPasses(): Promise<number> {
      const now = Date.now();
      const ending = (await db<UserRow>('users').where('accessUntil', '>', new Date(now).toISOString())
        .where('accessUntil', '<=', new Date(now + REMINDER_BEFORE_MS).toISOString()).select('id', 'accessUntil', 'subscriptionStatus')) as
        Pick<UserRow, 'id' | 'accessUntil' | 'subscriptionStatus'>[];
      let queued = 0;
      for (const user of ending) {
        if (isEntitled({ subscriptionStatus: user.subscriptionStatus, accessUntil: null })) continue;
        const accessUntil = toIso(user.accessUntil)!;
        await db.transaction(async (trx) => {
          const taken = await trx('pass_reminders').insert({ userId: user.id, accessUntil, createdAt: nowIso() })
            .onConflict(['userId', 'accessUntil']).ignore().returning('userId');
          if (!taken.length) return;
          await jobs.enqueue(KINDS.reminder, { userId: user.id, accessUntil }, trx);
          queued += 1;
        });
      }
      return queued;
    },

    /** Stripe's `customer.subscription.trial_will_end` (three days ahead): the reader hears before the first charge. */
    queueTrialReminder: (userId: number, trialEnd: string) => jobs.enqueue(KINDS.trial, { userId, trialEnd }),

    /** What the account export lists. */
    async ofUser(userId: number): Promise<PassRecord[]> {
      const rows = (await db('passes').where({ userId }).orderBy('paidAt', 'asc')) as PassRow[];
      return rows.map((row) => ({ pass: row.pass, amountSek: Number(row.amountSek), paidAt: toIso(row.paidAt)!, refundedAt: toIso(row.refundedAt) }));
    },

    jobs: {
      [KINDS.receipt]: async (payload: unknown) => {
        const row = (await db('passes').where({ paymentIntentId: (payload as { paymentIntentId: string }).paymentIntentId }).first()) as PassRow | undefined;
        const user = row && (await userById(row.userId));
        if (!row || !user) return;
        const mail = passReceipt(user.locale, nameOf(user), {
          pass: row.pass, amountSek: Number(row.amountSek), paidAt: toIso(row.paidAt)!, accessUntil: toIso(user.accessUntil) ?? toIso(row.paidAt)!,
          paymentIntentId: row.paymentIntentId,
        });
        await mailer.send({ to: user.email, ...mail });
      },
      [KINDS.reminder]: async (payload: unknown) => {
        const { userId, accessUntil } = payload as { userId: number; accessUntil: string };
        const user = await userById(userId);
        // A renewal or a refund since the reminder was queued: this end is no longer the reader's.
        if (!user || toIso(user.accessUntil) !== accessUntil) return;
        await mailer.send({ to: user.email, ...passEnding(user.locale, nameOf(user), accessUntil, `${config.linkOrigin}/subscribe`) });
      },
      [KINDS.trial]: async (payload: unknown) => {
        const { userId, trialEnd } = payload as { userId: number; trialEnd: string };
        const user = await userById(userId);
        if (!user || user.subscriptionStatus !== 'trialing') return;
        await mailer.send({ to: user.email, ...trialEnding(user.locale, nameOf(user), trialEnd, `${config.linkOrigin}/dashboard`) });
      },
    },
  };
}

export type Passes = ReturnType<typeof createPasses>;

import { randomBytes } from 'node:crypto';
import type { Locale, MySubscription, NewsletterCounts, NewsletterDigest, NewsletterPreview, NewsletterSend, NewsletterStatus } from '@redaktion/shared';
import type { Config } from '../config.js';
import type { Db } from '../db/connection.js';
import { fromJson, nowIso, toCount, toIso, toJson } from '../db/values.js';
import { fieldError } from './admin/editorial.js';
import type { JobQueue } from './jobs.js';
import { mailFromAddress, type createMailer } from './mailer.js';
import type { DigestArticle, RenderedMail } from './newsletter-templates.js';

/** The templates (React Email, a third of a second to load) come with the first mail, not at the server's start. */
export const mailTemplates = () => import('./newsletter-templates.js');

interface SubscriberRow {
  id: number; email: string; locale: string; status: NewsletterStatus; token: string;
  confirmationSentAt: string | Date | null; confirmedAt: string | Date | null; unsubscribedAt: string | Date | null; createdAt: string | Date;
}
interface SendRow {
  id: number; subject: string; articleIds: string; status: NewsletterSend['status']; total: number; delivered: number; failed: number;
  createdAt: string | Date; finishedAt: string | Date | null;
}

/** A pending address gets another confirmation mail only after this long: a repeated sign-up is otherwise silent. */
const RESEND_AFTER_MS = 24 * 60 * 60 * 1000;
/** Recipients taken per round of a send; each round's results are stored before the next, so a restart loses none. */
const BATCH = 50;
/**
 * Batches one digest job sends before it hands the rest to a new job: every job stays far shorter than the time after
 * which a running job counts as lost (JOB_TIMEOUT_SECONDS), so a large list is never sent twice at once.
 */
const BATCHES_PER_JOB = 10;
/** Rendered once per language with this in place of the recipient's token. */
const TOKEN_SLOT = '__unsubscribe_token__';

const localeOf = (value: string): Locale => (value === 'en' ? 'en' : 'sv');
const newToken = () => randomBytes(24).toString('base64url');

const toSend = (row: SendRow): NewsletterSend => ({
  id: row.id, subject: row.subject, articleIds: fromJson<number[]>(row.articleIds, []), status: row.status,
  total: Number(row.total), delivered: Number(row.delivered), failed: Number(row.failed),
  createdAt: toIso(row.createdAt)!, finishedAt: toIso(row.finishedAt),
});

/**
 * The newsletter (contract.md §8 [engage]): double opt-in sign-ups, the links in its e-mails, and digests sent in
 * batches by the background jobs, each e-mail with RFC 8058 one-click unsubscribe.
 */
export function createNewsletter(db: Db, config: Config, mailer: ReturnType<typeof createMailer>, queue: JobQueue) {
  const subscribers = () => db<SubscriberRow>('newsletter_subscribers');
  const byEmail = (email: string) => subscribers().whereRaw('lower(email) = ?', [email.toLowerCase()]).first() as Promise<SubscriberRow | undefined>;
  const byToken = (token: string) => subscribers().where({ token }).first() as Promise<SubscriberRow | undefined>;

  /** Told when the confirmed count changes, so that the cached pages showing it are made again. */
  const reachListeners: (() => void)[] = [];
  const reachChanged = () => { for (const listener of reachListeners) listener(); };

  const unsubscribeUrl = (token: string) => `${config.linkOrigin}/api/newsletter/unsubscribe?token=${token}`;
  const absolute = (url: string) => (url.startsWith('/') ? `${config.linkOrigin}${url}` : url);

  /**
   * Asks for a confirmation mail, in the background, for an address that is (again) pending. The time of the mail and
   * its job commit together: a sign-up retried after a crash between them would otherwise find a fresh time and no mail.
   */
  async function requestConfirmation(id: number): Promise<void> {
    await db.transaction(async (trx) => {
      await trx('newsletter_subscribers').where({ id }).update({ confirmationSentAt: nowIso() });
      await queue.enqueue('newsletter.confirm', { id }, trx);
    });
  }

  async function digestArticles(articleIds: number[]): Promise<DigestArticle[]> {
    const rows = (await db('articles').whereIn('id', articleIds).where({ status: 'published' }).where('publishedAt', '<=', nowIso())
      .select('id', 'title', 'excerpt', 'imageUrl')) as { id: number; title: string; excerpt: string; imageUrl: string | null }[];
    const found = new Map(rows.map((row) => [Number(row.id), row]));
    const missing = articleIds.filter((id) => !found.has(id));
    if (missing.length) throw fieldError('articleIds', `Not a published article: ${missing.join(', ')}`);
    return articleIds.map((id) => {
      const row = found.get(id)!;
      return { title: row.title, excerpt: row.excerpt, url: `${config.linkOrigin}/article/${id}`, imageUrl: row.imageUrl ? absolute(row.imageUrl) : null };
    });
  }

  const renderDigest = async (subject: string, articles: DigestArticle[], token: string) => {
    const { digestMail } = await mailTemplates();
    return {
      sv: await digestMail('sv', subject, articles, unsubscribeUrl(token)),
      en: await digestMail('en', subject, articles, unsubscribeUrl(token)),
    };
  };

  /** The headers of RFC 2369 and RFC 8058: an http(s) link that a POST unsubscribes with, and a mailto naming the token. */
  const unsubscribeHeaders = (token: string) => ({
    'List-Unsubscribe': `<${unsubscribeUrl(token)}>, <mailto:${mailFromAddress(config)}?subject=unsubscribe%20${token}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  });

  async function sendConfirmation(payload: unknown): Promise<void> {
    const row = await subscribers().where({ id: (payload as { id: number }).id }).first() as SubscriberRow | undefined;
    if (!row || row.status !== 'pending') return;
    const mail = await (await mailTemplates()).confirmationMail(localeOf(row.locale), `${config.linkOrigin}/api/newsletter/confirm?token=${row.token}`);
    await mailer.send({ to: row.email, ...mail });
  }

  async function refreshCounts(sendId: number): Promise<void> {
    const rows = (await db('newsletter_deliveries').where({ sendId }).groupBy('status').select('status').count({ count: '*' })) as { status: string; count: unknown }[];
    const count = (status: string) => toCount(rows.find((row) => row.status === status));
    await db('newsletter_sends').where({ id: sendId }).update({ delivered: count('sent'), failed: count('failed') });
  }

  async function deliverDigest(payload: unknown): Promise<void> {
    const sendId = (payload as { sendId: number }).sendId;
    const send = (await db('newsletter_sends').where({ id: sendId }).first()) as SendRow | undefined;
    if (!send || send.status === 'done') return;
    await db('newsletter_sends').where({ id: sendId }).update({ status: 'sending' });
    // An article unpublished since the send was queued is left out rather than stopping the send.
    const articles = await digestArticles(fromJson<number[]>(send.articleIds, [])).catch(() => null);
    const template = articles?.length ? await renderDigest(send.subject, articles, TOKEN_SLOT) : null;
    for (let batches = 1; ; batches += 1) {
      const batch = (await db('newsletter_deliveries as d').join('newsletter_subscribers as s', 's.id', 'd.subscriberId')
        .where({ 'd.sendId': sendId, 'd.status': 'pending' }).orderBy('d.subscriberId').limit(BATCH)
        .select('d.subscriberId', 's.email', 's.locale', 's.status', 's.token')) as { subscriberId: number; email: string; locale: string; status: string; token: string }[];
      if (!batch.length) break;
      for (const recipient of batch) {
        const delivery = db('newsletter_deliveries').where({ sendId, subscriberId: recipient.subscriberId });
        // Someone who left after the send was queued gets nothing.
        if (recipient.status !== 'confirmed' || !template) {
          await delivery.update({ status: 'skipped' });
          continue;
        }
        const mail: RenderedMail = template[localeOf(recipient.locale)];
        const fill = (value: string) => value.replaceAll(TOKEN_SLOT, recipient.token);
        try {
          await mailer.send({
            to: recipient.email, subject: mail.subject, html: fill(mail.html), text: fill(mail.text), headers: unsubscribeHeaders(recipient.token),
          });
          await delivery.update({ status: 'sent' });
        } catch (error) {
          await delivery.update({ status: 'failed', error: String((error as Error).message ?? error).slice(0, 500) });
        }
      }
      await refreshCounts(sendId);
      if (batches >= BATCHES_PER_JOB) {
        await queue.enqueue('newsletter.digest', { sendId });
        return;
      }
    }
    await refreshCounts(sendId);
    await db('newsletter_sends').where({ id: sendId }).update({ status: 'done', finishedAt: nowIso() });
  }

  /** Stores the address and asks for a confirmation; a known address changes nothing and gets no mail. */
  async function signUp(email: string, locale: Locale): Promise<void> {
    const existing = await byEmail(email);
    if (!existing) {
      const inserted = await subscribers().insert({ email, locale, status: 'pending', token: newToken(), createdAt: nowIso() } as never)
        .returning('id').catch(() => null); // The same address signing up twice at once: the other insert won.
      if (inserted) await requestConfirmation(Number((inserted[0] as { id: number }).id));
      return;
    }
    const lastMail = new Date(toIso(existing.confirmationSentAt) ?? 0).getTime();
    if (existing.status === 'unsubscribed' || (existing.status === 'pending' && Date.now() - lastMail > RESEND_AFTER_MS)) {
      await subscribers().where({ id: existing.id }).update({ status: 'pending', locale, unsubscribedAt: null });
      await requestConfirmation(existing.id);
    }
  }

  async function leave(row: SubscriberRow): Promise<void> {
    if (row.status === 'unsubscribed') return;
    await subscribers().where({ id: row.id }).update({ status: 'unsubscribed', unsubscribedAt: nowIso() });
    if (row.status === 'confirmed') reachChanged();
  }

  const mine = async (email: string): Promise<MySubscription> => ({ email, status: (await byEmail(email))?.status ?? 'none' });

  return {
    jobs: {
      'newsletter.confirm': sendConfirmation,
      'newsletter.digest': deliverDigest,
      'newsletter.sign-up': (payload: unknown) => signUp((payload as { email: string }).email, (payload as { locale: Locale }).locale),
    },
    onReachChange: (listener: () => void) => { reachListeners.push(listener); },
    /** The form's sign-up, done in a job: neither the answer nor its time tells whether the address was known. */
    requestSignUp: (email: string, locale: Locale) => queue.enqueue('newsletter.sign-up', { email, locale }),
    mine,

    /** The confirmation link: answers the subscriber's language, or null for a link that names nobody pending or confirmed. */
    async confirm(token: string): Promise<Locale | null> {
      const row = await byToken(token);
      if (!row || row.status === 'unsubscribed') return null;
      if (row.status === 'pending' && await subscribers().where({ id: row.id, status: 'pending' }).update({ status: 'confirmed', confirmedAt: nowIso() })) reachChanged();
      return localeOf(row.locale);
    },

    /** The subscriber's language for the unsubscribe page, or null for an unknown token. */
    async localeOfToken(token: string): Promise<Locale | null> {
      const row = await byToken(token);
      return row ? localeOf(row.locale) : null;
    },

    async unsubscribe(token: string): Promise<Locale | null> {
      const row = await byToken(token);
      if (!row) return null;
      await leave(row);
      return localeOf(row.locale);
    },

    async counts(): Promise<NewsletterCounts> {
      const rows = (await subscribers().groupBy('status').select('status').count({ count: '*' })) as { status: string; count: unknown }[];
      const count = (status: NewsletterStatus) => toCount(rows.find((row) => row.status === status));
      return { pending: count('pending'), confirmed: count('confirmed'), unsubscribed: count('unsubscribed') };
    },

    /** A signed-in reader's subscription is the one of the account's address. */
    async setMine(email: string, locale: Locale, subscribed: boolean): Promise<MySubscription> {
      const existing = await byEmail(email);
      if (!subscribed) {
        if (existing) await leave(existing);
      } else if (!existing || existing.status !== 'confirmed') {
        // The address still confirms by e-mail: a session alone does not prove it receives mail.
        await signUp(email, locale);
      }
      return mine(email);
    },

    /** What the account's data export says about the newsletter. */
    async exportFor(email: string) {
      const row = await byEmail(email);
      return row ? {
        email: row.email, status: row.status, locale: row.locale, signedUpAt: toIso(row.createdAt),
        confirmedAt: toIso(row.confirmedAt), unsubscribedAt: toIso(row.unsubscribedAt),
      } : null;
    },

    async removeFor(email: string): Promise<void> {
      const row = await byEmail(email);
      if (!row) return;
      await subscribers().where({ id: row.id }).delete();
      if (row.status === 'confirmed') reachChanged();
    },

    async preview(digest: NewsletterDigest): Promise<NewsletterPreview> {
      return renderDigest(digest.subject, await digestArticles(digest.articleIds), 'preview');
    },

    /** Queues a digest to every confirmed subscriber; the background job sends it. */
    async queueDigest(digest: NewsletterDigest, userId: number): Promise<NewsletterSend> {
      await digestArticles(digest.articleIds);
      const id = await db.transaction(async (trx) => {
        const [row] = await trx('newsletter_sends').insert({
          subject: digest.subject, articleIds: toJson(digest.articleIds), status: 'queued', createdBy: userId, createdAt: nowIso(),
        }).returning('id');
        const sendId = Number((row as { id: number }).id);
        await trx.into(trx.raw('newsletter_deliveries (send_id, subscriber_id, status)'))
          .insert(trx('newsletter_subscribers').where({ status: 'confirmed' }).select(trx.raw(String(sendId)), 'id', trx.raw("'pending'")));
        const total = toCount(await trx('newsletter_deliveries').where({ sendId }).count({ count: '*' }).first());
        await trx('newsletter_sends').where({ id: sendId }).update({ total });
        await queue.enqueue('newsletter.digest', { sendId }, trx);
        return sendId;
      });
      return toSend((await db('newsletter_sends').where({ id }).first()) as SendRow);
    },

    async sends(): Promise<NewsletterSend[]> {
      return ((await db('newsletter_sends').orderBy('id', 'desc').limit(50)) as SendRow[]).map(toSend);
    },
  };
}

export type Newsletter = ReturnType<typeof createNewsletter>;

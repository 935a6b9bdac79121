import { randomBytes } from 'node:crypto';
import { rasterImagePath, type Locale, type MySubscription, type NewsletterCounts, type NewsletterDigest, type NewsletterPreview, type NewsletterSend, type NewsletterStatus } from '@redaktion/shared';
import type { Config } from '../../config.js';
import { isPostgres, type Db } from '../../db/connection.js';
import { fromJson, nowIso, toCount, toIso, toJson } from '../../db/values.js';
import { fieldError } from '../admin/editorial.js';
import type { JobQueue } from '../jobs/index.js';
import type { createMailer } from './mailer.js';
import type { DigestArticle, RenderedMail } from './newsletter-templates.js';

/** The templates (React Email, a third of a second to load) come with the first mail, not at the server's start. */
export const mailTemplates = () => import('./newsletter-templates.js');

interface SubscriberRow {
  id: number; email: string; locale: string; status: NewsletterStatus; token: string; userId: number | null;
  confirmationSentAt: string | Date | null; confirmedAt: string | Date | null; unsubscribedAt: string | Date | null; createdAt: string | Date;
}
interface ConfirmationRow { token: string; subscriberId: number; userId: number | null; createdAt: string | Date; usedAt: string | Date | null }
interface SendRow {
  id: number; subject: string; subjectEn: string | null; articleIds: string; status: NewsletterSend['status']; total: number; delivered: number; failed: number;
  createdAt: string | Date; finishedAt: string | Date | null;
}

/** A pending address (or an account asking again) gets another confirmation mail only after this long: a repeat is otherwise silent. */
const RESEND_AFTER_MS = 24 * 60 * 60 * 1000;
/**
 * How long a confirmation link works: a week covers a mail read after a weekend or a few days away, while a link
 * forwarded or left in an old mailbox stops working soon after (and the address can ask again after a day).
 */
const CONFIRMATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * The share of JOB_TIMEOUT_SECONDS for which a digest job takes new recipients before it hands the rest to a new job:
 * it ends, whatever the mail server's speed, long before the queue counts it lost and starts it again elsewhere.
 */
const SENDING_SHARE_OF_TIMEOUT = 0.5;
/** Rendered once per language with this in place of the recipient's token. */
const TOKEN_SLOT = '__unsubscribe_token__';

const localeOf = (value: string): Locale => (value === 'en' ? 'en' : 'sv');
const newToken = () => randomBytes(24).toString('base64url');

const toSend = (row: SendRow): NewsletterSend => ({
  id: row.id, subject: row.subject, subjectEn: row.subjectEn ?? null, articleIds: fromJson<number[]>(row.articleIds, []), status: row.status,
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
  const linkedTo = (userId: number) => subscribers().where({ userId }).first() as Promise<SubscriberRow | undefined>;
  const confirmations = () => db<ConfirmationRow>('newsletter_confirmations');
  const linksSince = () => new Date(Date.now() - CONFIRMATION_LIFETIME_MS).toISOString();
  /**
   * The subscriber an unexpired confirmation link names, and the account that asked for the link if confirming it
   * would tie the subscription to that account: never when another account already holds it (`askedBy` is then null).
   */
  async function byConfirmation(token: string) {
    const row = (await db('newsletter_confirmations as c').join('newsletter_subscribers as s', 's.id', 'c.subscriberId')
      .leftJoin('users as u', 'u.id', 'c.userId').where('c.token', token).where('c.createdAt', '>', linksSince())
      .first('s.id', 's.locale', 's.status', 's.userId as holder', 'c.userId as asker', 'u.username')) as
      (Pick<SubscriberRow, 'id' | 'locale' | 'status'> & { holder: number | null; asker: number | null; username: string | null }) | undefined;
    if (!row || row.status === 'unsubscribed') return null;
    const taken = row.holder !== null && row.holder !== row.asker;
    return {
      id: row.id, locale: localeOf(row.locale), status: row.status,
      askedBy: row.asker !== null && !taken ? { id: row.asker, username: row.username! } : null,
    };
  }

  /** Told when the confirmed count changes, so that the cached pages showing it are made again. */
  const reachListeners: (() => void)[] = [];
  const reachChanged = () => { for (const listener of reachListeners) listener(); };

  const unsubscribeUrl = (token: string) => `${config.linkOrigin}/api/newsletter/unsubscribe?token=${token}`;
  const confirmUrl = (token: string) => `${config.linkOrigin}/api/newsletter/confirm?token=${token}`;
  const absolute = (url: string) => (url.startsWith('/') ? `${config.linkOrigin}${url}` : url);

  /**
   * Asks for a confirmation mail with a link of its own, in the background, for an address that is (again) pending or
   * that an account wants to prove its own. The link, the time of the mail and its job commit together: a sign-up
   * retried after a crash between them would otherwise find a fresh time and no mail.
   */
  async function requestConfirmation(id: number, userId: number | null): Promise<void> {
    await db.transaction(async (trx) => {
      await trx('newsletter_subscribers').where({ id }).update({ confirmationSentAt: nowIso() });
      await trx('newsletter_confirmations').insert({ token: newToken(), subscriberId: id, userId, createdAt: nowIso() });
      // The job names the request, not its token: job payloads may be logged.
      await queue.enqueue('newsletter.confirm', { id, userId }, trx);
    });
  }

  /** Whether the account asked for a link to this address within the day (it is not mailed again sooner). */
  const askedLately = async (subscriberId: number, userId: number) => Boolean(await confirmations().where({ subscriberId, userId })
    .where('createdAt', '>', new Date(Date.now() - RESEND_AFTER_MS).toISOString()).first());

  /**
   * The account that confirmed an address through its own link manages that subscription, and only that one; the
   * condition keeps a subscription that another account came to hold since the page was opened.
   */
  async function link(userId: number, subscriberId: number): Promise<void> {
    await db.transaction(async (trx) => {
      await trx('newsletter_subscribers').where({ userId }).whereNot({ id: subscriberId }).update({ userId: null });
      await trx('newsletter_subscribers').where({ id: subscriberId }).where((held) => held.whereNull('userId').orWhere({ userId })).update({ userId });
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
      // Gmail and Outlook show no SVG: the raster copy that the feeds use, for images of our own.
      const image = rasterImagePath('og', row.imageUrl) ?? row.imageUrl;
      // `ref` tells the newsroom's figures that the view came from the digest (contract §9 [insight]).
      return { title: row.title, excerpt: row.excerpt, url: `${config.linkOrigin}/article/${id}?ref=newsletter`, imageUrl: image ? absolute(image) : null };
    });
  }

  /** Each language's mail, under the editor's subject for it (the Swedish one when no English one was given). */
  const renderDigest = async (digest: { subject: string; subjectEn?: string | null }, articles: DigestArticle[], token: string) => {
    const { digestMail } = await mailTemplates();
    return {
      sv: await digestMail('sv', digest.subject, articles, unsubscribeUrl(token)),
      en: await digestMail('en', digest.subjectEn ?? digest.subject, articles, unsubscribeUrl(token)),
    };
  };

  /**
   * The headers of RFC 2369 and RFC 8058: an http(s) link that a POST unsubscribes with, and a mailto naming the token
   * only when LIST_UNSUBSCRIBE_MAILTO names a mailbox that someone processes (providers expect it done within two days).
   */
  const unsubscribeHeaders = (token: string) => ({
    'List-Unsubscribe': [`<${unsubscribeUrl(token)}>`,
      ...(config.listUnsubscribeMailto ? [`<mailto:${config.listUnsubscribeMailto}?subject=unsubscribe%20${token}>`] : [])].join(', '),
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  });

  async function sendConfirmation(payload: unknown): Promise<void> {
    const { id, userId = null } = payload as { id: number; userId?: number | null };
    const row = await subscribers().where({ id }).first() as SubscriberRow | undefined;
    // Nothing to confirm: the address left since, or it is confirmed and, for an account's request, already that account's.
    if (!row || row.status === 'unsubscribed' || (row.status === 'confirmed' && (!userId || row.userId === userId))) return;
    // Nor any link of an account's to a subscription that another account came to hold since it was asked for.
    if (userId && row.userId !== null && row.userId !== userId) return;
    const request = await confirmations().where({ subscriberId: id, userId }).orderBy('createdAt', 'desc').first();
    if (!request) return;
    const mail = await (await mailTemplates()).confirmationMail(localeOf(row.locale), confirmUrl(request.token));
    await mailer.send({ to: row.email, ...mail });
  }

  /**
   * Takes the next pending recipient of a send for this worker alone: the row turns `sending` in one conditional
   * update, so two workers (two processes, or a job started again beside one still running) never take the same row.
   * On PostgreSQL SKIP LOCKED lets them take different rows at the same moment; SQLite writes one at a time anyway.
   */
  async function claimRecipient(sendId: number): Promise<number | null> {
    const next = db('newsletter_deliveries').where({ sendId, status: 'pending' }).orderBy('subscriberId').limit(1).select('subscriberId');
    const [row] = (await db('newsletter_deliveries').where({ sendId, status: 'pending' })
      .where('subscriberId', isPostgres(db) ? next.forUpdate().skipLocked() : next)
      .update({ status: 'sending' }).returning('subscriberId')) as { subscriberId: number }[];
    return row ? Number(row.subscriberId) : null;
  }

  /** A claimed recipient's outcome and the send's count of it are stored together: the history counts what happened. */
  async function record(sendId: number, subscriberId: number, outcome: 'sent' | 'failed' | 'skipped', error: string | null = null): Promise<void> {
    await db.transaction(async (trx) => {
      const changed = await trx('newsletter_deliveries').where({ sendId, subscriberId, status: 'sending' }).update({ status: outcome, error });
      if (changed && outcome !== 'skipped') await trx('newsletter_sends').where({ id: sendId }).increment(outcome === 'sent' ? 'delivered' : 'failed', 1);
    });
  }

  /**
   * Sends a digest one claimed recipient at a time, at most once each: a recipient whose process died between the
   * claim and the outcome (kill -9 mid-send) stays `sending`, an unknown outcome, and is never sent again, since a
   * reader who gets a newsletter twice is worse served than one who misses it (ADR 18). The job takes recipients for a
   * bounded time, or until the process stops, and then hands the rest to a new job.
   */
  async function deliverDigest(payload: unknown, stopping: AbortSignal): Promise<void> {
    const handOverAt = Date.now() + config.jobTimeoutSeconds * 1000 * SENDING_SHARE_OF_TIMEOUT;
    const sendId = (payload as { sendId: number }).sendId;
    const send = (await db('newsletter_sends').where({ id: sendId }).first()) as SendRow | undefined;
    if (!send || send.status === 'done') return;
    await db('newsletter_sends').where({ id: sendId, status: 'queued' }).update({ status: 'sending' });
    // An article unpublished since the send was queued is left out rather than stopping the send.
    const articles = await digestArticles(fromJson<number[]>(send.articleIds, [])).catch(() => null);
    const template = articles?.length ? await renderDigest(send, articles, TOKEN_SLOT) : null;
    for (let subscriberId = await claimRecipient(sendId); subscriberId !== null; subscriberId = await claimRecipient(sendId)) {
      const recipient = (await subscribers().where({ id: subscriberId }).first()) as SubscriberRow | undefined;
      // Someone who left after the send was queued gets nothing.
      if (recipient?.status !== 'confirmed' || !template) {
        await record(sendId, subscriberId, 'skipped');
      } else {
        const mail: RenderedMail = template[localeOf(recipient.locale)];
        const fill = (value: string) => value.replaceAll(TOKEN_SLOT, recipient.token);
        const failure = await mailer.send({
          to: recipient.email, subject: mail.subject, html: fill(mail.html), text: fill(mail.text), headers: unsubscribeHeaders(recipient.token),
        }).then(() => null, (error: unknown) => String((error as Error).message ?? error).slice(0, 500));
        await record(sendId, subscriberId, failure === null ? 'sent' : 'failed', failure);
      }
      if (Date.now() >= handOverAt || stopping.aborted) {
        await queue.enqueue('newsletter.digest', { sendId });
        return;
      }
    }
    await db('newsletter_sends').where({ id: sendId }).whereNot({ status: 'done' }).update({ status: 'done', finishedAt: nowIso() });
  }

  /**
   * Stores the address and asks for a confirmation; a known address changes nothing and gets no mail, unless an account
   * (`userId`) asks to prove it its own: then the address gets a link of the account's, once a day at most, and none
   * while another account holds that subscription (its link could not move it).
   */
  async function signUp(email: string, locale: Locale, asking: number | null = null): Promise<void> {
    const existing = await byEmail(email);
    const held = existing?.userId != null && existing.userId !== asking;
    // An ended subscription held by another account starts again as the form would, with a link that ties it to nobody.
    const userId = held ? null : asking;
    if (!existing) {
      const inserted = await subscribers().insert({ email, locale, status: 'pending', token: newToken(), createdAt: nowIso() } as never)
        .returning('id').catch(() => null); // The same address signing up twice at once: the other insert won.
      if (inserted) await requestConfirmation(Number((inserted[0] as { id: number }).id), userId);
      return;
    }
    const lastMail = new Date(toIso(existing.confirmationSentAt) ?? 0).getTime();
    if (existing.status === 'unsubscribed' || (existing.status === 'pending' && Date.now() - lastMail > RESEND_AFTER_MS)) {
      await subscribers().where({ id: existing.id }).update({ status: 'pending', locale, unsubscribedAt: null });
      await requestConfirmation(existing.id, userId);
    } else if (userId && existing.userId === null && !(await askedLately(existing.id, userId))) {
      await requestConfirmation(existing.id, userId);
    }
  }

  async function leave(row: SubscriberRow): Promise<void> {
    if (row.status === 'unsubscribed') return;
    await subscribers().where({ id: row.id }).update({ status: 'unsubscribed', unsubscribedAt: nowIso() });
    if (row.status === 'confirmed') reachChanged();
  }

  /**
   * A reader's subscription is the one its account proved by confirming a link it asked for; an address it asked for
   * and has not confirmed is pending, whatever else that address is: the account's e-mail address alone proves nothing.
   */
  async function mine(user: { id: number; email: string }): Promise<MySubscription> {
    const linked = await linkedTo(user.id);
    if (linked) return { email: linked.email, status: linked.status };
    const asked = (await db('newsletter_confirmations as c').join('newsletter_subscribers as s', 's.id', 'c.subscriberId')
      .where('c.userId', user.id).whereNull('c.usedAt').where('c.createdAt', '>', linksSince()).orderBy('c.createdAt', 'desc').first('s.email')) as { email: string } | undefined;
    return asked ? { email: asked.email, status: 'pending' } : { email: user.email, status: 'none' };
  }

  /**
   * A sign-up (the form's, or an account's for its address) done in a job: neither the answer nor its time tells
   * whether the address was known, nor whether it was mailed.
   */
  const requestSignUp = (email: string, locale: Locale, userId: number | null = null) =>
    queue.enqueue('newsletter.sign-up', { email, locale, userId });

  return {
    jobs: {
      'newsletter.confirm': sendConfirmation,
      'newsletter.digest': deliverDigest,
      'newsletter.sign-up': (payload: unknown) => {
        const { email, locale, userId = null } = payload as { email: string; locale: Locale; userId?: number | null };
        return signUp(email, locale, userId);
      },
    },
    onReachChange: (listener: () => void) => { reachListeners.push(listener); },
    requestSignUp,
    mine,

    /**
     * What the page a confirmation link opens says: its language and the account (by username) that confirming would
     * let manage the subscription; null for a link that is unknown, expired, or names nobody pending or confirmed.
     */
    async confirmationPage(token: string): Promise<{ locale: Locale; account: string | null } | null> {
      const row = await byConfirmation(token);
      return row ? { locale: row.locale, account: row.askedBy?.username ?? null } : null;
    },

    /**
     * The confirmation page's button: confirms the address and links it to the account that asked for the link, unless
     * another account holds it. A used link acts once; pressed again (a reload) it only answers.
     */
    async confirm(token: string): Promise<Locale | null> {
      const row = await byConfirmation(token);
      // The conditional update lets one press act, whatever presses arrive together.
      if (!row || !(await confirmations().where({ token }).whereNull('usedAt').update({ usedAt: nowIso() }))) return row?.locale ?? null;
      if (row.status === 'pending' && await subscribers().where({ id: row.id, status: 'pending' }).update({ status: 'confirmed', confirmedAt: nowIso() })) reachChanged();
      if (row.askedBy) await link(row.askedBy.id, row.id);
      return row.locale;
    },

    /** The hourly clean-up: confirmation links used, or past their lifetime, are of no more use. */
    async purgeConfirmations(): Promise<void> {
      await confirmations().whereNotNull('usedAt').orWhere('createdAt', '<=', linksSince()).delete();
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

    /**
     * Subscribes the account's address (confirmed by e-mail through a link of the account's: neither a session nor a
     * typed address proves who reads it) or ends the account's subscription and its unanswered requests. Whether the
     * address is known decides what is mailed, so that is done in the background like the form's sign-up: the answer,
     * and its time, are the same for every address.
     */
    async setMine(user: { id: number; email: string }, locale: Locale, subscribed: boolean): Promise<MySubscription> {
      const linked = await linkedTo(user.id);
      if (!subscribed) {
        if (linked) await leave(linked);
        await confirmations().where({ userId: user.id }).delete();
        // Answered from what was done: a request to subscribe still in the queue (asked just before) is not "mine" yet.
        return linked ? { email: linked.email, status: 'unsubscribed' } : { email: user.email, status: 'none' };
      }
      if (linked?.status === 'confirmed' && linked.email.toLowerCase() === user.email.toLowerCase()) return { email: linked.email, status: 'confirmed' };
      await requestSignUp(user.email, locale, user.id);
      return { email: user.email, status: 'pending' };
    },

    /** What the account's data export says about the newsletter: the subscription it proved its own. */
    async exportFor(userId: number) {
      const row = await linkedTo(userId);
      return row ? {
        email: row.email, status: row.status, locale: row.locale, signedUpAt: toIso(row.createdAt),
        confirmedAt: toIso(row.confirmedAt), unsubscribedAt: toIso(row.unsubscribedAt),
      } : null;
    },

    async removeFor(userId: number): Promise<void> {
      const row = await linkedTo(userId);
      if (!row) return;
      await subscribers().where({ id: row.id }).delete();
      if (row.status === 'confirmed') reachChanged();
    },

    async preview(digest: NewsletterDigest): Promise<NewsletterPreview> {
      return renderDigest(digest, await digestArticles(digest.articleIds), 'preview');
    },

    /** Queues a digest to every confirmed subscriber; the background job sends it. */
    async queueDigest(digest: NewsletterDigest, userId: number): Promise<NewsletterSend> {
      await digestArticles(digest.articleIds);
      const id = await db.transaction(async (trx) => {
        const [row] = await trx('newsletter_sends').insert({
          subject: digest.subject, subjectEn: digest.subjectEn ?? null, articleIds: toJson(digest.articleIds), status: 'queued', createdBy: userId, createdAt: nowIso(),
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

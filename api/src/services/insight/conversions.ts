import { stockholmDay } from '@redaktion/shared';
import type { Db } from '../../db/connection.js';
import { log } from '../../log.js';
import { published } from '../content/published.js';

export type ConversionKind = 'subscription' | 'pass';
type Stage = 'started' | 'completed';

/**
 * Subscriptions and passes started and completed from each article (contract §9 [insight]): one row each in
 * `insight_conversions`, which names the article and no one. The article comes with the checkout (create-subscription,
 * create-pass) and, when it completes, with the Stripe object's own metadata; it is never kept beside the account.
 */
export function createConversions(db: Db) {
  async function count(kind: ConversionKind, stage: Stage, articleId: number | null): Promise<void> {
    try {
      // Only a published article is counted as one: the id comes from the reader's request (or Stripe's copy of it).
      const article = articleId === null ? undefined : await published(db('articles').where('articles.id', articleId), 'articles').first('articles.id');
      const at = new Date();
      await db('insight_conversions').insert({ at: at.toISOString(), day: stockholmDay(at), kind, stage, articleId: article ? articleId : null });
    } catch (error) {
      // A figure is not worth failing a payment, nor a webhook that Stripe would then send again.
      log.warn({ err: error, kind, stage }, 'A conversion could not be counted; it is dropped');
    }
  }

  return {
    /** A checkout was made (the subscription or the pass's payment is waiting for the reader). */
    started: (kind: ConversionKind, articleId: number | null) => count(kind, 'started', articleId),
    /** A checkout went through: the pass was paid, or the subscription became active or trialing. Counted once by the caller. */
    completed: (kind: ConversionKind, articleId: number | null) => count(kind, 'completed', articleId),
  };
}

export type Conversions = ReturnType<typeof createConversions>;

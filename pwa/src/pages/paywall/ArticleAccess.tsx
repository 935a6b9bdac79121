import { useState, type ReactNode } from 'react';
import type { Article } from '@redaktion/shared';
import { ApiError, apiPaths } from '@redaktion/shared/client';
import { Paywall } from '../../components/Paywall';
import { shareLink } from '../../components/ShareButton';
import { useApi } from '../../data/api-cache';
import { useI18n } from '../../i18n';
import { paywallText } from '../../i18n/paywall';
import { useServices, useSession } from '../../services/context';
import { isSubscriber } from '../../state/session';
import { toast } from '../../state/toasts';

export interface ArticleAccessProps {
  article: Article;
  /** The article's body, shown when the reader may read it. */
  children: ReactNode;
}

/** The Gift button (contract §9 [revenue]): a link anyone can read the article through for 14 days, shared or copied. */
function GiftButton({ article, perMonth }: { article: Article; perMonth: number | undefined }) {
  const { locale } = useI18n();
  const { api } = useServices();
  const text = paywallText(locale);
  const [busy, setBusy] = useState(false);
  const [remaining, setRemaining] = useState<number | null>(null);
  async function give() {
    setBusy(true);
    try {
      const gift = await api.createGift(article.id);
      setRemaining(gift.remainingThisMonth);
      const outcome = await shareLink(text.shareTitle(article.title), gift.url);
      if (outcome === 'copied') toast(text.given, text.givenText(gift.remainingThisMonth));
      // Neither shared nor copied: the link itself, for the reader to copy by hand.
      else if (outcome === 'failed') toast(text.giveFailed, gift.url, 'destructive');
    } catch (error) {
      toast(text.giveFailed, error instanceof ApiError ? error.serverMessage : undefined, 'destructive');
    } finally {
      setBusy(false);
    }
  }
  const left = remaining ?? perMonth;
  return (
    <div className="gift">
      <button type="button" className="button button-ghost" onClick={() => void give()} disabled={busy || left === 0} aria-describedby="gift-hint">
        {busy ? text.giving : text.give}
      </button>
      {left !== undefined && <p id="gift-hint" className="field-hint">{text.giveHint(left)}</p>}
    </div>
  );
}

/**
 * What decides a premium article's body for its reader, in a chunk only premium articles load: a gift's note, the
 * meter's count, the registration wall or the paywall in place of the body, and the Gift button for entitled readers.
 * The server decided what the answer holds; this only says so.
 */
export default function ArticleAccess({ article, children }: ArticleAccessProps) {
  const { t, locale } = useI18n();
  const { user } = useSession();
  const text = paywallText(locale);
  const config = useApi(apiPaths.config).data;
  const freeArticles = config?.meter.freeArticles ?? 0;
  const { meter } = article;
  return (
    <>
      {article.gift === 'open' && <p className="access-note" role="note">{text.giftOpen}</p>}
      {article.gift === 'expired' && <p className="access-note" role="note">{text.giftExpired}</p>}
      {meter && !article.locked && <p className="access-note" role="status">{text.left(meter.remaining, meter.limit)}</p>}
      {!article.locked ? children
        : meter ? <Paywall title={text.usedTitle(meter.limit)} text={text.usedText} />
        : !user && freeArticles > 0 ? <Paywall title={text.wallTitle} text={text.wallText(freeArticles)} register={text.register} />
        : <Paywall title={t('article.locked')} text={t('article.lockedText')} />}
      {isSubscriber(user) && !article.locked && article.gift === undefined && <GiftButton article={article} perMonth={config?.gifts.perMonth} />}
    </>
  );
}

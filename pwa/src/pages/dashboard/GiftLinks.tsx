import { useState } from 'react';
import { Link } from 'react-router-dom';
import { apiPaths } from '@redaktion/shared/client';
import { useApi } from '../../data/api-cache';
import { formatDate, useI18n } from '../../i18n';
import { paywallText } from '../../i18n/paywall';
import { useServices } from '../../services/context';
import { toast } from '../../state/toasts';
import { errorMessage } from './form-fields';

/** The reader's gift links (contract §9 [revenue]): each article, how often it was opened, until when it works; revoke. */
export function GiftLinks() {
  const { t, locale } = useI18n();
  const { api, cache } = useServices();
  const text = paywallText(locale);
  const { data: gifts } = useApi(apiPaths.gifts);
  const [revoking, setRevoking] = useState<number | null>(null);
  if (!gifts) return null;

  async function revoke(id: number) {
    setRevoking(id);
    try {
      await api.revokeGift(id);
      toast(text.revoked);
      await cache.refresh(apiPaths.gifts);
    } catch (caught) {
      toast(t('common.error'), errorMessage(caught, t), 'destructive');
    } finally {
      setRevoking(null);
    }
  }

  const works = (gift: (typeof gifts)[number]) => !gift.revoked && Date.parse(gift.expiresAt) > Date.now();
  return (
    <section className="account-card" aria-labelledby="gift-links">
      <h2 id="gift-links">{text.giftsTitle}</h2>
      {gifts.length === 0 ? <p className="muted">{text.giftsNone}</p> : (
        <ul className="gift-links">
          {gifts.map((gift) => (
            <li key={gift.id}>
              <Link to={`/article/${gift.articleId}`}>{gift.articleTitle}</Link>
              <span className="muted"> · {text.giftOpens(gift.opens)} · {works(gift) ? text.giftExpires(formatDate(gift.expiresAt, locale)) : text.giftEnded}</span>
              {works(gift) && (
                <button type="button" className="button button-ghost button-small" onClick={() => void revoke(gift.id)} disabled={revoking === gift.id}
                  aria-label={text.revokeLabel(gift.articleTitle)}>
                  {text.revoke}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

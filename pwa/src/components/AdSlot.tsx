import { useEffect, useRef } from 'react';
import type { Advertisement } from '@redaktion/shared';
import { useServices, useSession } from '../services/context';
import { useApi } from '../data/api-cache';
import { apiPaths } from '@redaktion/shared/client';
import { useI18n } from '../i18n';
import { isSubscriber } from '../state/session';

const counted = new Set<string>();

/**
 * One ad of a placement (contract.md §7): the impression is posted once per page view when it is seen,
 * the link goes through the counting redirect, and subscribers see no ads.
 */
export function AdSlot({ placement, index = 0, viewKey }: { placement: string; index?: number; viewKey: string }) {
  const { t } = useI18n();
  const { user } = useSession();
  const { api } = useServices();
  const { data } = useApi(isSubscriber(user) ? null : apiPaths.advertisements());
  const ads = (data ?? []).filter((ad: Advertisement) => ad.placement === placement);
  const ad = ads.length ? ads[index % ads.length] : undefined;
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!ad || !ref.current) return;
    const key = `${viewKey}:${placement}:${index}:${ad.id}`;
    if (counted.has(key)) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        counted.add(key);
        observer.disconnect();
        void api.countImpression(ad.id).catch(() => undefined);
      }
    });
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [ad, api, index, placement, viewKey]);

  if (!ad) return null;
  const content = (
    <>
      {ad.imageUrl && <img src={ad.imageUrl} alt="" width={placement === 'sidebar' || placement === 'newsletter' ? 300 : 728} height={placement === 'sidebar' || placement === 'newsletter' ? 250 : 90} loading="lazy" />}
      <span className="ad-text"><strong>{ad.title}</strong> {ad.description}</span>
    </>
  );
  return (
    // Named for whose ad it is: a page with several ads has as many landmarks, and each needs its own name.
    <aside ref={ref} className={`ad ad-${placement}`} aria-label={t('common.adFrom', { name: ad.partnerName || ad.title })}>
      <span className="ad-label">{t('common.ad')}{ad.partnerName ? ` · ${ad.partnerName}` : ''}</span>
      {ad.clickUrl ? <a href={ad.clickUrl} rel="sponsored noopener" target="_blank">{content}</a> : content}
    </aside>
  );
}

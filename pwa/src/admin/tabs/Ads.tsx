import type { Advertisement } from '@redaktion/shared';
import { AdForm } from '../catalogue/AdForm';
import { useAdminQuery } from '../data';
import { useAdminT } from '../i18n';
import { useMediaSrc } from '../media/SingleFileUpload';
import { useAdminClient } from '../platform';
import { QUERY_KEYS } from '../queries';
import { ResourceList } from '../ui/ResourceList';

/** The admin list carries the counters the public one leaves out. */
type ListedAd = Advertisement & { impressions?: number; clicks?: number };

/** The Ads tab (admin-area.md §2): partner advertisements with create, edit and delete; impressions and clicks are counted by the site. */
export function AdsTab() {
  const t = useAdminT();
  const admin = useAdminClient();
  const mediaSrc = useMediaSrc();
  const query = useAdminQuery<ListedAd[]>(QUERY_KEYS.ads, admin.advertisements.list);
  const day = (iso: string) => t.date(iso, { dateStyle: 'medium' });

  return (
    <ResourceList id="ads-heading" heading={t('ads.heading')} query={query} empty={t('ads.empty')}
      edit={{
        create: t('ads.new'), title: (ad) => t(ad ? 'ads.editTitle' : 'ads.createTitle'),
        form: (ad, close) => <AdForm ad={ad} onDone={close} onCancel={close} />,
        nameOf: (ad) => ad.title, remove: admin.advertisements.remove, deleted: t('ads.deleted'), deleteFailed: t('ads.deleteFailed'), changes: 'ad',
      }}
      row={(ad) => (
        <>
          {ad.imageUrl ? <img className="admin-row-thumb" src={mediaSrc(ad.imageUrl)} alt="" /> : <span className="admin-row-thumb" />}
          <div className="admin-row-body">
            <p className="admin-row-title">{ad.title}</p>
            <p className="admin-row-meta">
              <span>{t(`ads.placement.${ad.placement}`)}</span>
              {ad.partnerName && <span>{ad.partnerName}</span>}
              {ad.startDate && <span>{ad.endDate ? t('ads.runs', { from: day(ad.startDate), to: day(ad.endDate) }) : t('ads.from', { from: day(ad.startDate) })}</span>}
              <span>{t('ads.impressions', { n: ad.impressions ?? 0 })}</span>
              <span>{t('ads.clicks', { n: ad.clicks ?? 0 })}</span>
              <span className={`admin-status admin-status-${ad.active ? 'published' : 'draft'}`}>{ad.active ? t('common.active') : t('common.inactive')}</span>
            </p>
          </div>
        </>
      )} />
  );
}

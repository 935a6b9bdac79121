import { QueryState } from '../ui/QueryState';
import { useState } from 'react';
import type { Advertisement } from '@redaktion/shared';
import { AdForm } from '../catalogue/AdForm';
import { RowActions, useDeletion } from '../catalogue/parts';
import { useAdminQuery } from '../data';
import { useAdminT } from '../i18n';
import { useMediaSrc } from '../media/SingleFileUpload';
import { useAdminClient } from '../platform';
import { QUERY_KEYS, useChanged } from '../queries';
import { Dialog } from '../ui/Dialog';

/** The admin list carries the counters the public one leaves out. */
type ListedAd = Advertisement & { impressions?: number; clicks?: number };

/** The Ads tab (admin-area.md §2): partner advertisements with create, edit and delete; impressions and clicks are counted by the site. */
export function AdsTab() {
  const t = useAdminT();
  const admin = useAdminClient();
  const mediaSrc = useMediaSrc();
  const changed = useChanged();
  const query = useAdminQuery<ListedAd[]>(QUERY_KEYS.ads, admin.advertisements.list);
  const [editing, setEditing] = useState<{ item?: Advertisement } | null>(null);
  const deletion = useDeletion<ListedAd>({
    remove: admin.advertisements.remove, titleOf: (ad) => ad.title, after: () => changed('ad'),
    success: t('ads.deleted'), failure: t('ads.deleteFailed'),
  });
  const day = (iso: string) => t.date(iso, { dateStyle: 'medium' });

  return (
    <section className="admin-section" aria-labelledby="ads-heading">
      <div className="admin-toolbar">
        <h2 id="ads-heading">{t('ads.heading')}</h2>
        <button type="button" className="button button-accent" onClick={() => setEditing({})}>{t('ads.new')}</button>
      </div>
      <QueryState query={query} empty={t('ads.empty')}>
        {(ads) => (
          <ul className="admin-list">
            {ads.map((ad) => (
              <li key={ad.id} className="admin-row">
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
                <RowActions title={ad.title} onEdit={() => setEditing({ item: ad })} onDelete={() => deletion.ask(ad)} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <Dialog open={editing !== null} title={t(editing?.item ? 'ads.editTitle' : 'ads.createTitle')} onClose={() => setEditing(null)}>
        {editing && <AdForm ad={editing.item} onDone={() => setEditing(null)} onCancel={() => setEditing(null)} />}
      </Dialog>
      {deletion.dialog}
    </section>
  );
}

import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAdminQuery } from './data';
import { useAdminT, type AdminKey } from './i18n';
import { InsightsTab } from './insights/InsightsTab';
import { useAdminClient, usePlatform } from './platform';
import { QUERY_KEYS } from './queries';
import { AdsTab } from './tabs/Ads';
import { AiTab } from './tabs/AiCards';
import { EngageTab } from './tabs/Engage';
import { ApprovalsTab } from './tabs/Approvals';
import { ArticlesTab } from './tabs/Articles';
import { InterviewsTab } from './tabs/Interviews';
import { OffersTab } from './tabs/Offers';
import { OverviewTab } from './tabs/Overview';
import { PodcastsTab } from './tabs/Podcasts';
import { SettingsTab } from './tabs/Settings';
import { StaffTab } from './tabs/Staff';
import { UsersTab } from './tabs/Users';
import { ReaderPageLink } from './ui/SiteLink';
import { useTabKeys } from './ui/use-tab-keys';

const TABS: { id: string; label: AdminKey; Component: ComponentType; superAdminOnly?: boolean }[] = [
  { id: 'overview', label: 'tab.overview', Component: OverviewTab },
  { id: 'insights', label: 'tab.insights', Component: InsightsTab },
  { id: 'articles', label: 'tab.articles', Component: ArticlesTab },
  { id: 'podcasts', label: 'tab.podcasts', Component: PodcastsTab },
  { id: 'ads', label: 'tab.ads', Component: AdsTab },
  { id: 'people', label: 'tab.people', Component: InterviewsTab },
  { id: 'journalists', label: 'tab.journalists', Component: StaffTab },
  { id: 'approvals', label: 'tab.approvals', Component: ApprovalsTab },
  { id: 'ai-generator', label: 'tab.ai-generator', Component: AiTab },
  { id: 'newsletter', label: 'tab.engage', Component: EngageTab },
  { id: 'offers', label: 'tab.offers', Component: OffersTab },
  { id: 'settings', label: 'tab.settings', Component: SettingsTab },
  { id: 'users', label: 'tab.users', Component: UsersTab, superAdminOnly: true },
];

/** /admin: the tabs of admin-area.md §2, the current one in `?tab=` so that a reload or a link keeps it. */
export function AdminDashboard() {
  const t = useAdminT();
  const { user } = usePlatform();
  const admin = useAdminClient();
  const [search, setSearch] = useSearchParams();
  const tabs = TABS.filter((tab) => !tab.superAdminOnly || user?.role === 'super_admin');
  const current = tabs.find((tab) => tab.id === search.get('tab')) ?? tabs[0]!;
  const pending = useAdminQuery(QUERY_KEYS.approvals, admin.approvals.pending).data?.length ?? 0;
  const select = (id: string) => setSearch(id === 'overview' ? {} : { tab: id });
  const keys = useTabKeys(tabs, select);

  return (
    <div className="container admin">
      <header className="admin-header">
        <div>
          <ReaderPageLink path="/" className="admin-back">← {t('admin.backHome')}</ReaderPageLink>
          <h1>{t('admin.title')}</h1>
          <p className="admin-subtitle">{t('admin.subtitle')}</p>
        </div>
        <span className="badge admin-role-badge">{user?.role === 'super_admin' ? t('admin.superAdmin') : t('admin.admin')}</span>
      </header>
      <div role="tablist" aria-label={t('admin.tabs')} className="admin-tabs">
        {tabs.map((tab, index) => (
          <button key={tab.id} type="button" role="tab" id={`admin-tab-${tab.id}`} aria-controls="admin-panel"
            aria-selected={tab === current} tabIndex={tab === current ? 0 : -1}
            ref={keys.ref(index)} onClick={() => select(tab.id)} onKeyDown={(event) => keys.onKeyDown(event, index)} className="admin-tab">
            {t(tab.label)}
            {tab.id === 'approvals' && pending > 0 && (
              // The red figure for the eye; the words for a screen reader (aria-label is not allowed on a plain span).
              <>
                <span className="admin-count-badge" aria-hidden="true">{pending}</span>
                <span className="visually-hidden"> ({t('approvals.badge', { n: pending })})</span>
              </>
            )}
          </button>
        ))}
      </div>
      <section role="tabpanel" id="admin-panel" aria-labelledby={`admin-tab-${current.id}`} className="admin-panel">
        <current.Component />
      </section>
    </div>
  );
}

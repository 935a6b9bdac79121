import { Route, Routes } from 'react-router-dom';
import { isStaff } from '@redaktion/shared/constants';
import { AdminDashboard } from './Dashboard';
import { useAdminT } from './i18n';
import { AdminPlatformProvider, usePlatform, type AdminPlatform } from './platform';
import { AiGenerator } from './ai/AiGenerator';
import { LiveConsole } from './live/LiveConsole';
import { ReaderPageLink } from './ui/SiteLink';

/**
 * The admin area as a module: its routes (relative to where the host mounts it inside its router, /admin in the
 * PWA) behind the role check (admin-area.md §2). Everything from the host comes through `platform` (./platform).
 */
export function AdminScreens({ platform }: { platform: AdminPlatform }) {
  return (
    <AdminPlatformProvider platform={platform}>
      <AdminRoutes />
    </AdminPlatformProvider>
  );
}

function AdminRoutes() {
  const t = useAdminT();
  if (!isStaff(usePlatform().user)) {
    return (
      <Routes>
        <Route index element={<Denied extra={t('admin.needPrivileges')} />} />
        <Route path="*" element={<Denied />} />
      </Routes>
    );
  }
  return (
    <Routes>
      <Route index element={<AdminDashboard />} />
      <Route path="ai-generator" element={<AiGenerator />} />
      <Route path="articles/:id/live" element={<LiveConsole />} />
      <Route path="*" element={<AdminDashboard />} />
    </Routes>
  );
}

function Denied({ extra }: { extra?: string }) {
  const t = useAdminT();
  return (
    <div className="container not-found">
      <h1>{t('admin.accessDenied')}</h1>
      {extra && <p>{extra}</p>}
      <ReaderPageLink path="/" className="button">{t('admin.returnHome')}</ReaderPageLink>
    </div>
  );
}

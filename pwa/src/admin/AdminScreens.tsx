import { Link, Route, Routes } from 'react-router-dom';
import { useSession } from '../app/context';
import { Loading } from '../components/cards';
import { isStaff } from '../state/session';
import { AdminDashboard } from './Dashboard';
import { useAdminT } from './i18n';
import { AdminPlatformProvider, type AdminPlatform } from './platform';
import { AiGenerator } from './ai/AiGenerator';

/**
 * The admin area as a module: its routes (relative to where it is mounted, /admin in the PWA) behind the role
 * check (admin-area.md §2). Everything outside the browser comes through `platform` (see ./platform).
 */
export function AdminScreens({ platform }: { platform: AdminPlatform }) {
  const t = useAdminT();
  const { user, status } = useSession();
  if (status === 'loading') return <Loading />;
  if (!isStaff(user)) {
    return (
      <Routes>
        <Route index element={<Denied extra={t('admin.needPrivileges')} />} />
        <Route path="*" element={<Denied />} />
      </Routes>
    );
  }
  return (
    <AdminPlatformProvider platform={platform}>
      <Routes>
        <Route index element={<AdminDashboard />} />
        <Route path="ai-generator" element={<AiGenerator />} />
        <Route path="*" element={<AdminDashboard />} />
      </Routes>
    </AdminPlatformProvider>
  );
}

function Denied({ extra }: { extra?: string }) {
  const t = useAdminT();
  return (
    <div className="container not-found">
      <h1>{t('admin.accessDenied')}</h1>
      {extra && <p>{extra}</p>}
      <Link to="/" className="button">{t('admin.returnHome')}</Link>
    </div>
  );
}

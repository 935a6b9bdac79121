import { useMemo } from 'react';
import { useServices } from '../app/context';
import { AdminScreens } from './AdminScreens';
import { browserPlatform } from './browser-platform';
import './admin.css';

/** The PWA's entry to the admin chunk: the admin screens on the browser's platform. */
export default function AdminApp() {
  const { api } = useServices();
  const platform = useMemo(() => browserPlatform(api), [api]);
  return <AdminScreens platform={platform} />;
}

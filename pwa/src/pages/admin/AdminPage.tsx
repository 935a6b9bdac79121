import { AdminScreens } from '@redaktion/pwa/admin';
import { Loading } from '../../components/cards';
import { useSession } from '../../app/context';
import { useWebPlatform } from './web-platform';

/** /admin/*: the sealed admin module on the browser's platform, once the session is known. */
export default function AdminPage() {
  const platform = useWebPlatform();
  const { status } = useSession();
  if (status === 'loading') return <Loading />;
  return <AdminScreens platform={platform} />;
}

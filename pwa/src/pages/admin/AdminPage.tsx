import { AdminScreens, ChannelVideoDialog } from '@redaktion/pwa/admin';
import { Loading } from '../../components/cards';
import { useSession } from '../../services/context';
import { useWebPlatform } from './web-platform';

/** /admin/*: the sealed admin module on the browser's platform, once the session is known. */
export default function AdminPage() {
  const platform = useWebPlatform();
  const { status } = useSession();
  if (status === 'loading') return <Loading />;
  return <AdminScreens platform={platform} />;
}

/**
 * The home page's floating add button (reader-area.md §2): the admin module's channel-video dialog over the home
 * page. It lives in this chunk (one admin chunk, with its styles), fetched only when a staff member presses it.
 */
export function HomeVideoDialog({ onClose }: { onClose(): void }) {
  return <ChannelVideoDialog platform={useWebPlatform()} onClose={onClose} />;
}

import { useMemo } from 'react';
import { useServices } from '../app/context';
import { browserPlatform } from './browser-platform';
import { YouTubeModal } from './media/YouTubeModal';
import { AdminPlatformProvider } from './platform';
import './admin.css';

/**
 * The home page's floating add button (reader-area.md §2): the channel-video dialog, opened over the home page.
 * It is part of the admin chunk, fetched only when a staff member presses the button.
 */
export default function HomeVideoDialog({ onClose }: { onClose(): void }) {
  const { api } = useServices();
  const platform = useMemo(() => browserPlatform(api), [api]);
  return (
    <AdminPlatformProvider platform={platform}>
      <YouTubeModal open onClose={onClose} />
    </AdminPlatformProvider>
  );
}

import { YouTubeModal } from './media/YouTubeModal';
import { AdminPlatformProvider, type AdminPlatform } from './platform';

/**
 * The channel-video dialog on its own (reader-area.md §2: the home page's floating add button), for a host that
 * opens it over one of its own pages.
 */
export function ChannelVideoDialog({ platform, onClose }: { platform: AdminPlatform; onClose(): void }) {
  return (
    <AdminPlatformProvider platform={platform}>
      <YouTubeModal open onClose={onClose} />
    </AdminPlatformProvider>
  );
}

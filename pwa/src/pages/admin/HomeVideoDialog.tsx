import { ChannelVideoDialog } from '@redaktion/pwa/admin';
import { useWebPlatform } from './web-platform';

/**
 * The home page's floating add button (reader-area.md §2): the admin module's channel-video dialog over the home
 * page, fetched only when a staff member presses the button.
 */
export default function HomeVideoDialog({ onClose }: { onClose(): void }) {
  return <ChannelVideoDialog platform={useWebPlatform()} onClose={onClose} />;
}

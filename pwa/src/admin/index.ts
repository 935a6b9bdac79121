/**
 * `@redaktion/pwa/admin`: the admin screens as one sealed module (ADR 10, ADR 12). A host (the PWA's /admin,
 * the desktop app's renderer) mounts `AdminScreens` inside its react-router router and passes an `AdminPlatform`;
 * the module imports nothing else of its host and brings its own styles.
 */
import './admin.css';

export { AdminScreens } from './AdminScreens';
export { ChannelVideoDialog } from './ChannelVideoDialog';
export { xhrUpload } from './xhr-upload';
export type {
  AdminNotice, AdminPlatform, AdminRequestInit, BulkVideos, LiveOutbox, OutboxLiveEntry, QueuedLiveEntry, UploadForm, UploadOptions,
} from './platform';

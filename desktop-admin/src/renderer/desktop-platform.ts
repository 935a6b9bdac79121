import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import type { User } from '@redaktion/shared';
import { xhrUpload, type AdminNotice, type AdminPlatform } from '@redaktion/pwa/admin';
import type { DesktopBridge } from '../bridge.js';
import { locale } from './i18n.js';

/**
 * The desktop's AdminPlatform. The API is the renderer's own origin: relative `/api/*` calls (and uploads) go to
 * app://redaktion, whose handler in the main process forwards them to the signed-in server with the app's
 * token, so the page never holds it. Links leave through the bridge for the system browser. Videos dropped on the
 * Interviews tab go to the main process's upload queue, followed on the Uploads panel; live entries go to its outbox.
 */
const appOrigin: AdminPlatform['fetch'] = (path, init) => fetch(path, init);

/** Queues files dropped on the app (the Interviews tab or the Uploads panel) by their place on disk; none, no call. */
export const queueDropped = async (bridge: DesktopBridge, files: File[]): Promise<unknown[]> => {
  const paths = files.map((file) => bridge.pathForFile(file)).filter(Boolean);
  return paths.length ? bridge.call('uploads:add', { paths }) : [];
};

export function useDesktopPlatform(bridge: DesktopBridge, user: User, serverOrigin: string, notify: (notice: AdminNotice) => void): AdminPlatform {
  const navigate = useNavigate();
  return useMemo(() => {
    const queued = async (adding: Promise<unknown[]>) => (await adding).length;
    const openOutside = (url: string) => void bridge.call('links:open', { url: new URL(url, serverOrigin).href });
    return {
      user,
      locale,
      theme: window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light',
      fetch: appOrigin,
      upload: xhrUpload,
      openExternal: openOutside,
      openReaderPage: openOutside,
      // Uploaded files' site-relative URLs resolve against the app, whose handler fetches them from the server.
      siteUrl: '',
      notify,
      // The desktop keeps no copy of the reader's public answers.
      readerDataChanged: () => undefined,
      bulkVideos: {
        add: (files) => queued(queueDropped(bridge, files)),
        pick: () => queued(bridge.call('uploads:pick', {})),
        showQueue: () => navigate('/uploads'),
      },
      // Every live entry goes through the main process's outbox, so that those written offline keep their order.
      liveOutbox: {
        post: (articleId, { clientId, ...entry }) => bridge.call('live:post', { articleId, clientId, entry }),
        list: (articleId) => bridge.call('live:list', { articleId }),
        discard: (clientId) => bridge.call('live:discard', { clientId }),
      },
    };
  }, [bridge, user, serverOrigin, notify, navigate]);
}

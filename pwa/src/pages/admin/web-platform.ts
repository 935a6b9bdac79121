import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { xhrUpload, type AdminPlatform } from '@redaktion/pwa/admin';
import { useServices, useSession, useSettings } from '../../services/context';
import { useI18n } from '../../i18n';
import { toast } from '../../state/toasts';
import { tusUpload } from './tus-upload';

/** Same-origin calls with the session cookie; one function for the page's life, so the admin's clients are made once. */
const sameOrigin: AdminPlatform['fetch'] = (path, init) => fetch(path, { ...init, credentials: 'include' });

/**
 * The PWA's AdminPlatform: the reader app's session and language, the same-origin API, XMLHttpRequest uploads
 * (fetch cannot report upload progress) and tus for large ones, the reader's toasts and its cache of public answers.
 */
export function useWebPlatform(): AdminPlatform {
  const { cache } = useServices();
  const { user } = useSession();
  const { locale } = useI18n();
  const { darkMode } = useSettings();
  const navigate = useNavigate();
  return useMemo(() => ({
    user,
    locale,
    theme: darkMode ? 'dark' : 'light',
    fetch: sameOrigin,
    upload: xhrUpload,
    resumableUpload: tusUpload,
    openExternal: (url) => window.open(url, '_blank', 'noopener'),
    openReaderPage: (path) => navigate(path),
    siteUrl: window.location.origin,
    notify: ({ title, description, tone }) => toast(title, description, tone === 'error' ? 'destructive' : 'default'),
    readerDataChanged: (paths) => paths.forEach((path) => cache.invalidate(path)),
  }), [cache, user, locale, darkMode, navigate]);
}

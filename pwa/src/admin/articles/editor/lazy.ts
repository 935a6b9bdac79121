import { lazy } from 'react';

/** The editor (ProseMirror and its kin) is fetched when a screen first shows it, not with the admin screens. */
export const ArticleBodyEditor = lazy(() => import('./ArticleBodyEditor'));

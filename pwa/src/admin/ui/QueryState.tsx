import type { ReactNode } from 'react';
import type { Query } from '../data';
import { useAdminT } from '../i18n';

/**
 * A read's other states: loading, failed (with a retry) and, for a list, the empty text; otherwise the content.
 * `data` replaces the read's own data when a screen shows part of it (the interviews among the podcasts).
 */
export function QueryState<T, D = T>({ query, data, empty, failed, children }: {
  query: Query<T>; data?: D; empty?: string; failed?: string; children(data: D): ReactNode;
}) {
  const t = useAdminT();
  const shown = (data !== undefined ? data : query.data) as D | undefined;
  if (query.error !== undefined && query.data === undefined) {
    return (
      <div className="admin-card" role="alert">
        <p>{failed ?? t('common.loadFailed')}</p>
        <button type="button" className="button button-small" onClick={query.reload}>{t('common.retry')}</button>
      </div>
    );
  }
  if (shown === undefined) return <Loading />;
  if (empty !== undefined && Array.isArray(shown) && shown.length === 0) return <p className="admin-empty">{empty}</p>;
  return <>{children(shown)}</>;
}

/** The admin's own loading line (the host's styles are not assumed). */
export function Loading() {
  const t = useAdminT();
  return <div className="loading" role="status" aria-live="polite"><span className="spinner" aria-hidden="true" />{t('common.loading')}</div>;
}

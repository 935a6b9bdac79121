import type { ReactNode } from 'react';
import { Loading } from '../../components/cards';
import type { Query } from '../data';
import { useAdminT } from '../i18n';

/** A read's other states: loading, failed (with a retry) and, for a list, empty. */
export function QueryState<T>({ query, empty, children }: {
  query: Query<T>; empty?: string; children(data: T): ReactNode;
}) {
  const t = useAdminT();
  if (query.data === undefined) {
    if (query.error === undefined) return <Loading />;
    return (
      <div className="admin-card" role="alert">
        <p>{t('common.loadFailed')}</p>
        <button type="button" className="button button-small" onClick={query.reload}>{t('common.retry')}</button>
      </div>
    );
  }
  if (empty !== undefined && Array.isArray(query.data) && query.data.length === 0) return <p className="admin-empty">{empty}</p>;
  return <>{children(query.data)}</>;
}

import type { ContentStatus } from '@redaktion/shared';
import { useAdminT } from '../i18n';

/** The status pill of an article, episode or profile ('Pending Review' for pending, admin-area.md §4). */
export function StatusBadge({ status }: { status: ContentStatus }) {
  const t = useAdminT();
  return <span className={`admin-status admin-status-${status}`}>{t(`status.${status}`)}</span>;
}
